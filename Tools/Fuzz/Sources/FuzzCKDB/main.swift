import FuzzChecks

// libFuzzer entry point: CKDBParser.parse, then import, export and parse again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    FuzzEntry.run(start, count, SchemaFuzzChecks.ckdb)
}
