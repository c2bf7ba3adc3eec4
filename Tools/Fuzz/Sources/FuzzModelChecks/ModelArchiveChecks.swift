import Foundation
import RecordKit

/// The check behind `FuzzModelArchive`: generated models read the native archive directly
/// (`init(archived:)`, ``ModelArchiveReader``) with exactly the results and errors of the path through a
/// `Record` (`init(archivedViaRecord:)`), for every model of the Showcase schema, on the input as it is and with
/// its checksum recomputed (so mutations reach the payload).
///
/// Invariants: both paths give the same model (compared as records, so a NaN equals itself), metadata included,
/// or the same typed error; a model that reads
/// writes back (`archived()`) the bytes its record path writes, and reads back equal.
public enum ModelArchiveChecks {
    /// Every model target by name (the folder names under Corpus/ and Regressions/).
    public static let all: [String: @Sendable (Data) throws(FuzzInvariantFailure) -> FuzzOutcome] = [
        "FuzzModelArchive": modelArchive,
    ]

    public static func modelArchive(_ data: Data) throws(FuzzInvariantFailure) -> FuzzOutcome {
        try NativeChecksums.eachForm(data, sealed: NativeChecksums.sealSingleValue, modelArchiveOnce)
    }

    private static func modelArchiveOnce(_ data: Data) throws(FuzzInvariantFailure) -> FuzzOutcome {
        var decoded = false
        decoded = try compare(Note.self, data) || decoded
        decoded = try compare(Folder.self, data) || decoded
        decoded = try compare(SharedNote.self, data) || decoded
        decoded = try compare(GalleryItem.self, data) || decoded
        return decoded ? .decoded : .rejected("no Showcase model reads it")
    }

    /// Both paths as `Model`; true when the model read.
    private static func compare<Model: RecordModel>(_: Model.Type, _ data: Data) throws(FuzzInvariantFailure) -> Bool {
        let direct = Result { () throws(RecordModelArchiveError) in try Model(archived: data) }
        let viaRecord = Result { () throws(RecordModelArchiveError) in try Model(archivedViaRecord: data) }
        switch (direct, viaRecord) {
        case let (.success(fast), .success(slow)):
            // Compared as records, whose values compare by their bits: a model holding a NaN double is unequal to
            // itself under the synthesised `==` (its first campaign's 7 findings were that, both paths agreeing).
            try require(fast.record() == slow.record() && fast.metadata == slow.metadata, "\(Model.recordType): the direct read and the record path read different models")
            let written = try mustSucceed("archiving a \(Model.recordType) read from an archive") { () throws(RecordModelArchiveError) in try fast.archived() }
            try require(written == NativeArchive.encode(fast.record()), "\(Model.recordType): archived() and the record path write different bytes")
            let again = try mustSucceed("reading a \(Model.recordType) archive back") { () throws(RecordModelArchiveError) in try Model(archived: written) }
            try require(again.record() == fast.record(), "\(Model.recordType): a model changed through archived() and back")
            return true
        case let (.failure(fast), .failure(slow)):
            try require(fast == slow, "\(Model.recordType): the paths fail differently: direct \(fast), record path \(slow)")
            return false
        case let (.success(model), .failure(error)):
            throw FuzzInvariantFailure("\(Model.recordType): the direct read accepted what the record path refuses (\(error)): \(model)")
        case let (.failure(error), .success(model)):
            throw FuzzInvariantFailure("\(Model.recordType): the direct read refused (\(error)) what the record path reads: \(model)")
        }
    }
}
