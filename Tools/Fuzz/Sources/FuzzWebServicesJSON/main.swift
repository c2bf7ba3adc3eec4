import FuzzChecks

// libFuzzer entry point: WebServicesJSON.contents(of:) and every specific decoder, then round trips.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    FuzzEntry.run(start, count, RecordKitFuzzChecks.webServicesJSON)
}
