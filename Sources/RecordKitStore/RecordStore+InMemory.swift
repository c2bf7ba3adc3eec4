import GRDB
import RecordKit

extension RecordStore {
    /// A store that lives in memory and is gone when its last reference is released: for tests, previews and
    /// simulated devices. It behaves as a store in a file, but keeps asset URLs as the records carry them.
    ///
    /// - Parameters:
    ///   - models: the generated model types whose records the store merges field by field.
    ///   - clock: the time merge clocks are stamped with on local saves (see ``save(contentsOf:)``).
    public static func inMemory(
        models: [any RecordModel.Type], clock: any RecordStoreClock = SystemStoreClock()
    ) throws(RecordStoreError) -> RecordStore {
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue()
        } catch {
            throw RecordStoreError(error)
        }
        return try RecordStore(database: queue, models: models, clock: clock)
    }
}
