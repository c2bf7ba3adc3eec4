import FuzzChecks

// libFuzzer entry point: KeyedArchive.contents(of:) and its specific decoders, then round trips.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    FuzzEntry.run(start, count, RecordKitFuzzChecks.keyedArchive)
}
