import FuzzCloudKitChecks

// libFuzzer entry point: a CKRecord (of the CloudKit stand-in) built from the input's values, read by the bridge
// as a Record and as the Showcase Note model, then written back and read again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    FuzzEntry.run(start, count, CKRecordChecks.ckRecordValues)
}
