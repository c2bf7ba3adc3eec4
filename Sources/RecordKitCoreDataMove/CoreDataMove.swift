import RecordKit
import RecordKitCoreDataMirror
import RecordKitStore

/// Moves an app from NSPersistentCloudKitContainer to RecordKit without re-uploading or duplicating a record: reads
/// the container's store (never writing it) and fills an empty `RecordStore` in one transaction.
public enum CoreDataMove {
    /// Why a move failed; nothing was written to the store.
    public enum Failure: Error, Sendable, CustomStringConvertible {
        /// The Core Data store could not be read.
        case reading(MirrorStoreError)
        /// The RecordKit store refused the records (it is not empty, or a write failed).
        case storing(RecordStoreError)

        public var description: String {
            switch self {
            case .reading(let error): "reading the Core Data store: \(error)"
            case .storing(let error): "filling the RecordKit store: \(error)"
            }
        }
    }

    /// Reads the store at `path` through `entities` (the app's schema) and moves it into `store`, which must be
    /// empty. Returns what was moved and, by ID, what was not.
    @discardableResult
    public static func move(
        storeAt path: String, entities: [MirrorEntity], into store: RecordStore,
        options: MirrorReadingOptions = MirrorReadingOptions()
    ) throws(Failure) -> CoreDataMoveReport {
        let contents: MirrorStoreContents
        do {
            contents = try MirrorStoreReader.read(path: path, entities: entities, options: options)
        } catch {
            throw .reading(error)
        }
        let plan = CoreDataMovePlan(contents, entities: entities)
        do {
            try store.moveIn(records: plan.records, zones: plan.zones, databaseToken: plan.databaseToken)
        } catch {
            throw .storing(error)
        }
        return plan.report
    }
}
