import FuzzChecks

// libFuzzer entry point: NativeArchive.decodeToken, then a round trip.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    FuzzEntry.run(start, count, RecordKitFuzzChecks.nativeToken)
}
