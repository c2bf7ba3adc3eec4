import FuzzChecks

// libFuzzer entry point: CloudNotification.decode, then the encoded payload must decode equal.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    FuzzEntry.run(start, count, RecordKitFuzzChecks.cloudNotification)
}
