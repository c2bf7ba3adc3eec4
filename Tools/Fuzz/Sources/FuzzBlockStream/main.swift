import FuzzCompressionChecks

// libFuzzer entry point: BlockStream.decode (LZFSE bvx2 and bvx1, LZVN bvxn, raw bvx-, end bvx$).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    FuzzEntry.run(start, count, BlockStreamFuzzChecks.blockStream)
}
