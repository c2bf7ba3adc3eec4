import FuzzChecks

// libFuzzer entry point: CoreDataModelReader, then the CloudKit mapping and its exports.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    FuzzEntry.run(start, count, SchemaFuzzChecks.coreData)
}
