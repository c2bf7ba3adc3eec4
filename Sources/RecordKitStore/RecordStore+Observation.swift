import Foundation
import GRDB
import RecordKit

extension RecordStore {
    /// A GRDB observation of every stored model of a type: it emits the current models, then again after every
    /// committed transaction that changed the store's records. Start it on ``database`` (SwiftUI: GRDBQuery, or
    /// `start(in:onError:onChange:)`).
    public func observation<Model: RecordModel>(of type: Model.Type) -> ValueObservation<ValueReducers.RemoveDuplicates<ValueReducers.Fetch<StoredModels<Model>>>> {
        let table = schema.records
        return ValueObservation.tracking { db in
            try Self.collect(Model.self, db, table: table, sql: "SELECT ownerName, zoneName, recordName, value FROM \(table) WHERE recordType = ? AND value IS NOT NULL", arguments: [Model.recordType])
        }.removeDuplicates()
    }

    /// The models of a type as an async sequence: the current ones first, then after every change.
    public func values<Model: RecordModel>(of type: Model.Type) -> AsyncValueObservation<StoredModels<Model>> {
        observation(of: type).values(in: database)
    }
}
