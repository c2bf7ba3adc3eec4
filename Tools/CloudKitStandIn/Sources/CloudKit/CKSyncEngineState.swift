import Foundation

extension CKSyncEngine {
    /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/state-swift.class
    /// The stand-in keeps the pending changes in the order they were added, without duplicates, as the
    /// framework's state does.
    public final class State: @unchecked Sendable {
        private let lock = NSLock()
        private var records: [CKSyncEngine.PendingRecordZoneChange] = []
        private var zones: [CKSyncEngine.PendingDatabaseChange] = []
        /// The serialization the engine was made with, for the stand-in's tests.
        package let initialSerialization: CKSyncEngine.State.Serialization?

        init(_ serialization: CKSyncEngine.State.Serialization?) {
            initialSerialization = serialization
            records = serialization?.pendingRecordZoneChanges ?? []
        }

        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/state-swift.class/pendingrecordzonechanges
        public var pendingRecordZoneChanges: [CKSyncEngine.PendingRecordZoneChange] {
            lock.withLock { records }
        }

        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/state-swift.class/pendingdatabasechanges
        public var pendingDatabaseChanges: [CKSyncEngine.PendingDatabaseChange] {
            lock.withLock { zones }
        }

        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/state-swift.class/add(pendingrecordzonechanges:)
        public func add(pendingRecordZoneChanges: [CKSyncEngine.PendingRecordZoneChange]) {
            lock.withLock {
                for change in pendingRecordZoneChanges where !records.contains(change) { records.append(change) }
            }
        }

        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/state-swift.class/remove(pendingrecordzonechanges:)
        public func remove(pendingRecordZoneChanges: [CKSyncEngine.PendingRecordZoneChange]) {
            lock.withLock { records.removeAll { pendingRecordZoneChanges.contains($0) } }
        }

        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/state-swift.class/add(pendingdatabasechanges:)
        public func add(pendingDatabaseChanges: [CKSyncEngine.PendingDatabaseChange]) {
            lock.withLock {
                for change in pendingDatabaseChanges where !zones.contains(change) { zones.append(change) }
            }
        }

        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/state-swift.class/remove(pendingdatabasechanges:)
        public func remove(pendingDatabaseChanges: [CKSyncEngine.PendingDatabaseChange]) {
            lock.withLock { zones.removeAll { pendingDatabaseChanges.contains($0) } }
        }

        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/state-swift.class/serialization-swift.struct
        /// Opaque in the framework; the stand-in's holds a label the tests choose and the pending saves and deletes.
        public struct Serialization: Codable, Sendable, Hashable {
            /// Not Apple API: what the stand-in's tests recognize a serialization by.
            package var label: String
            private var saves: [[String]] = []
            private var deletes: [[String]] = []

            /// Not Apple API (the framework makes serializations): for the stand-in's tests.
            package init(label: String, pending: [CKSyncEngine.PendingRecordZoneChange] = []) {
                self.label = label
                for change in pending {
                    switch change {
                    case let .saveRecord(id): saves.append([id.recordName, id.zoneID.zoneName, id.zoneID.ownerName])
                    case let .deleteRecord(id): deletes.append([id.recordName, id.zoneID.zoneName, id.zoneID.ownerName])
                    }
                }
            }

            var pendingRecordZoneChanges: [CKSyncEngine.PendingRecordZoneChange] {
                func id(_ parts: [String]) -> CKRecord.ID? {
                    guard parts.count == 3 else { return nil }
                    return CKRecord.ID(recordName: parts[0], zoneID: CKRecordZone.ID(zoneName: parts[1], ownerName: parts[2]))
                }
                return saves.compactMap(id).map { .saveRecord($0) } + deletes.compactMap(id).map { .deleteRecord($0) }
            }
        }
    }

    /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/pendingrecordzonechange
    public enum PendingRecordZoneChange: @unchecked Sendable, Hashable {
        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/pendingrecordzonechange/saverecord(_:)
        case saveRecord(CKRecord.ID)
        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/pendingrecordzonechange/deleterecord(_:)
        case deleteRecord(CKRecord.ID)
    }

    /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/pendingdatabasechange
    public enum PendingDatabaseChange: @unchecked Sendable, Hashable {
        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/pendingdatabasechange/savezone(_:)
        case saveZone(CKRecordZone)
        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/pendingdatabasechange/deletezone(_:)
        case deleteZone(CKRecordZone.ID)
    }

    /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/recordzonechangebatch
    public struct RecordZoneChangeBatch: @unchecked Sendable {
        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/recordzonechangebatch/recordstosave
        public var recordsToSave: [CKRecord]
        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/recordzonechangebatch/recordidstodelete
        public var recordIDsToDelete: [CKRecord.ID]
        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/recordzonechangebatch/atomicbyzone
        public var atomicByZone: Bool

        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/recordzonechangebatch/init(recordstosave:recordidstodelete:atomicbyzone:)
        public init(recordsToSave: [CKRecord] = [], recordIDsToDelete: [CKRecord.ID] = [], atomicByZone: Bool = false) {
            self.recordsToSave = recordsToSave
            self.recordIDsToDelete = recordIDsToDelete
            self.atomicByZone = atomicByZone
        }

        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/recordzonechangebatch/init(pendingchanges:recordprovider:)
        /// "Iterates over pendingChanges … until there are no more changes or the size of the batch reaches the
        /// maximum limit"; a save whose record the provider does not give is skipped. The stand-in's limit is
        /// CloudKit's 400 items.
        public init?(pendingChanges: [CKSyncEngine.PendingRecordZoneChange], recordProvider: @Sendable (CKRecord.ID) async -> CKRecord?) async {
            var saves: [CKRecord] = [], deletes: [CKRecord.ID] = []
            for change in pendingChanges where saves.count + deletes.count < 400 {
                switch change {
                case let .saveRecord(id):
                    if let record = await recordProvider(id) { saves.append(record) }
                case let .deleteRecord(id):
                    deletes.append(id)
                }
            }
            guard !saves.isEmpty || !deletes.isEmpty else { return nil }
            self.init(recordsToSave: saves, recordIDsToDelete: deletes)
        }
    }
}
