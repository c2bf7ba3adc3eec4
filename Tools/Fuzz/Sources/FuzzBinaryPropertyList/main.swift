import FuzzChecks

// libFuzzer entry point: BinaryPropertyList.decode, then a round trip.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    FuzzEntry.run(start, count, RecordKitFuzzChecks.binaryPropertyList)
}
