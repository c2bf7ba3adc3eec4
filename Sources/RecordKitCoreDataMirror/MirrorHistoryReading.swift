import Foundation
import RecordKit

/// Reads persistent history (`ACHANGE`, `ATRANSACTION`), the history analyser's state and the exporter's progress
/// marker, so that a row that is gone is taken for a local delete only when the store records one.
///
/// How Core Data records the exporter's progress is not documented by Apple; this follows the store's own tables
/// and OpenCloudData, a public reimplementation of the mirroring delegate (github.com/pookjw/OpenCloudData,
/// `OpenCloudData/Private/Export/OCCloudKitExportContext.m`, `processAnalyzedHistoryInStore:`): the exporter reads
/// `NSCloudKitMirroringDelegateLastHistoryTokenKey`, takes the token's number for the store's identifier (0 when
/// there is none), and marks the records of rows whose analysed final change is a delete (2) `needsCloudDelete`.
/// The token itself is an `NSPersistentHistoryToken`, Apple's "bookmark for keeping track the most recent history
/// that you've processed" (developer.apple.com/documentation/coredata/persistent-history).
enum MirrorHistoryReading {
    static let lastHistoryTokenKey = "NSCloudKitMirroringDelegateLastHistoryTokenKey"
    /// `NSPersistentHistoryChangeType.delete`.
    static let deleteChangeType = 2

    static func read(
        _ database: SQLiteSnapshot, tables: Set<String>, problems: inout [MirrorProblem]
    ) throws(MirrorStoreError) -> MirroredHistory {
        var history = MirroredHistory()
        if tables.contains("ACHANGE") {
            try database.query("SELECT ZENTITY, ZENTITYPK, ZTRANSACTIONID FROM ACHANGE WHERE ZCHANGETYPE = \(deleteChangeType) ORDER BY Z_PK") { row in
                guard let entity = row.int(0), let key = row.int(1) else { return }
                history.deletes.append(MirroredHistoryDelete(entityID: Int(entity), primaryKey: Int(key), transaction: row.int(2).map(Int.init)))
            }
        }
        if tables.contains("ANSCKHISTORYANALYZERSTATE") {
            try database.query("SELECT ZENTITYID, ZENTITYPK FROM ANSCKHISTORYANALYZERSTATE WHERE ZFINALCHANGETYPENUM = \(deleteChangeType) ORDER BY Z_PK") { row in
                guard let entity = row.int(0), let key = row.int(1) else { return }
                history.analyzedDeletes.append(MirroredHistoryDelete(entityID: Int(entity), primaryKey: Int(key), transaction: nil))
            }
        }
        history.exportedTransaction = try exportedTransaction(database, tables: tables, problems: &problems)
        return history
    }

    /// The transaction number the exporter's last history token holds for this store; 0 without a token (the
    /// exporter starts from 0 then), nil (and a problem) when the token cannot be read.
    private static func exportedTransaction(
        _ database: SQLiteSnapshot, tables: Set<String>, problems: inout [MirrorProblem]
    ) throws(MirrorStoreError) -> Int? {
        guard tables.contains("ANSCKMETADATAENTRY") else { return 0 }
        var archive: Data?
        var found = false
        try database.query("SELECT ZTRANSFORMEDVALUE FROM ANSCKMETADATAENTRY WHERE ZKEY = '\(lastHistoryTokenKey)'") { row in
            found = true
            archive = row.blob(0)
        }
        guard found else { return 0 }
        var storeID: String?
        if tables.contains("Z_METADATA") {
            try database.query("SELECT Z_UUID FROM Z_METADATA ORDER BY Z_VERSION DESC LIMIT 1") { row in storeID = row.text(0) }
        }
        let undetermined = "every history delete of a row counts as not exported"
        guard let archive, let storeID else {
            problems.append(MirrorProblem(subject: lastHistoryTokenKey, message: "no token or no store identifier: \(undetermined)"))
            return nil
        }
        do {
            let numbers = try HistoryTokenArchive.transactionNumbers(archive)
            guard let number = numbers[storeID] else {
                problems.append(MirrorProblem(
                    subject: lastHistoryTokenKey,
                    message: "the token names stores \(numbers.keys.sorted()), not this store \(storeID): \(undetermined)"))
                return nil
            }
            return number
        } catch {
            problems.append(MirrorProblem(subject: lastHistoryTokenKey, message: "\(error): \(undetermined)"))
            return nil
        }
    }
}
