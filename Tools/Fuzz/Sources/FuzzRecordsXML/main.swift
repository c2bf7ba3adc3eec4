import FuzzChecks

// libFuzzer entry point: SchemaLoader.load(data:path:), then a .records.xml round trip.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    FuzzEntry.run(start, count, SchemaFuzzChecks.recordsXML)
}
