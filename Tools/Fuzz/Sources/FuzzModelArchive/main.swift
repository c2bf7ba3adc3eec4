import FuzzModelChecks

// libFuzzer entry point: the Showcase models read a native archive directly and through a Record; both must agree.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    FuzzEntry.run(start, count, ModelArchiveChecks.modelArchive)
}
