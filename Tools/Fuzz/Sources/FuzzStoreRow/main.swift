import FuzzStoreChecks

// libFuzzer entry point: one record row, its zone and the store's state values, written with any SQLite type
// into a fresh store, then read back through every RecordStore read.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    FuzzEntry.run(start, count, StoreRowChecks.storeRow)
}
