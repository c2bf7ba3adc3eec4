import Foundation

/// The body of every `LLVMFuzzerTestOneInput`: runs one check on the input and aborts on a broken invariant,
/// so libFuzzer saves the input as a crash.
public enum FuzzEntry {
    public static func run(
        _ start: UnsafeRawPointer?, _ count: Int,
        _ check: (Data) throws(FuzzInvariantFailure) -> FuzzOutcome
    ) -> CInt {
        let data = start.map { Data(bytes: $0, count: count) } ?? Data()
        do {
            _ = try check(data)
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            abort()
        }
        return 0
    }
}
