import Foundation

extension CKSyncEngine {
    /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event
    /// "You don't create instances of this type manually": the stand-in's initializers are `package`, for its
    /// tests, which deliver events to a delegate as the framework does.
    public enum Event: @unchecked Sendable {
        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/stateupdate(_:)
        case stateUpdate(CKSyncEngine.Event.StateUpdate)
        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/accountchange(_:)
        case accountChange(CKSyncEngine.Event.AccountChange)
        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/fetcheddatabasechanges(_:)
        case fetchedDatabaseChanges(CKSyncEngine.Event.FetchedDatabaseChanges)
        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/fetchedrecordzonechanges(_:)
        case fetchedRecordZoneChanges(CKSyncEngine.Event.FetchedRecordZoneChanges)
        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/sentdatabasechanges(_:)
        case sentDatabaseChanges(CKSyncEngine.Event.SentDatabaseChanges)
        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/sentrecordzonechanges(_:)
        case sentRecordZoneChanges(CKSyncEngine.Event.SentRecordZoneChanges)
        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/willfetchchanges(_:)
        case willFetchChanges(CKSyncEngine.Event.WillFetchChanges)
        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/willfetchrecordzonechanges(_:)
        case willFetchRecordZoneChanges(CKSyncEngine.Event.WillFetchRecordZoneChanges)
        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/didfetchrecordzonechanges(_:)
        case didFetchRecordZoneChanges(CKSyncEngine.Event.DidFetchRecordZoneChanges)
        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/didfetchchanges(_:)
        case didFetchChanges(CKSyncEngine.Event.DidFetchChanges)
        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/willsendchanges(_:)
        case willSendChanges(CKSyncEngine.Event.WillSendChanges)
        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/didsendchanges(_:)
        case didSendChanges(CKSyncEngine.Event.DidSendChanges)

        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/stateupdate
        public struct StateUpdate: Sendable {
            /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/stateupdate/stateserialization
            public let stateSerialization: CKSyncEngine.State.Serialization
            package init(stateSerialization: CKSyncEngine.State.Serialization) { self.stateSerialization = stateSerialization }
        }

        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/accountchange
        public struct AccountChange: @unchecked Sendable {
            /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/accountchange/changetype-swift.property
            public let changeType: CKSyncEngine.Event.AccountChange.ChangeType
            package init(changeType: CKSyncEngine.Event.AccountChange.ChangeType) { self.changeType = changeType }

            /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/accountchange/changetype-swift.enum
            public enum ChangeType: @unchecked Sendable {
                /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/accountchange/changetype-swift.enum/signin(currentuser:)
                case signIn(currentUser: CKRecord.ID)
                /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/accountchange/changetype-swift.enum/signout(previoususer:)
                case signOut(previousUser: CKRecord.ID)
                /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/accountchange/changetype-swift.enum/switchaccounts(previoususer:currentuser:)
                case switchAccounts(previousUser: CKRecord.ID, currentUser: CKRecord.ID)
            }
        }

        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/fetcheddatabasechanges
        public struct FetchedDatabaseChanges: @unchecked Sendable {
            /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/fetcheddatabasechanges/modifications
            public let modifications: [CKDatabase.DatabaseChange.Modification]
            /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/fetcheddatabasechanges/deletions
            public let deletions: [CKDatabase.DatabaseChange.Deletion]
            package init(modifications: [CKDatabase.DatabaseChange.Modification] = [], deletions: [CKDatabase.DatabaseChange.Deletion] = []) {
                self.modifications = modifications
                self.deletions = deletions
            }
        }

        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/fetchedrecordzonechanges
        public struct FetchedRecordZoneChanges: @unchecked Sendable {
            /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/fetchedrecordzonechanges/modifications
            public let modifications: [CKDatabase.RecordZoneChange.Modification]
            /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/fetchedrecordzonechanges/deletions
            public let deletions: [CKDatabase.RecordZoneChange.Deletion]
            package init(modifications: [CKDatabase.RecordZoneChange.Modification] = [], deletions: [CKDatabase.RecordZoneChange.Deletion] = []) {
                self.modifications = modifications
                self.deletions = deletions
            }
        }

        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/sentdatabasechanges
        public struct SentDatabaseChanges: @unchecked Sendable {
            /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/sentdatabasechanges/savedzones
            public let savedZones: [CKRecordZone]
            /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/sentdatabasechanges/failedzonesaves
            public let failedZoneSaves: [CKSyncEngine.Event.SentDatabaseChanges.FailedZoneSave]
            /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/sentdatabasechanges/deletedzoneids
            public let deletedZoneIDs: [CKRecordZone.ID]
            /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/sentdatabasechanges/failedzonedeletes
            public let failedZoneDeletes: [CKRecordZone.ID: CKError]
            package init(
                savedZones: [CKRecordZone] = [], failedZoneSaves: [CKSyncEngine.Event.SentDatabaseChanges.FailedZoneSave] = [],
                deletedZoneIDs: [CKRecordZone.ID] = [], failedZoneDeletes: [CKRecordZone.ID: CKError] = [:]
            ) {
                self.savedZones = savedZones
                self.failedZoneSaves = failedZoneSaves
                self.deletedZoneIDs = deletedZoneIDs
                self.failedZoneDeletes = failedZoneDeletes
            }

            /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/sentdatabasechanges/failedzonesave
            public struct FailedZoneSave: @unchecked Sendable {
                /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/sentdatabasechanges/failedzonesave/zone
                public let zone: CKRecordZone
                /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/sentdatabasechanges/failedzonesave/error
                public let error: CKError
                package init(zone: CKRecordZone, error: CKError) {
                    self.zone = zone
                    self.error = error
                }
            }
        }

        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/sentrecordzonechanges
        public struct SentRecordZoneChanges: @unchecked Sendable {
            /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/sentrecordzonechanges/savedrecords
            public let savedRecords: [CKRecord]
            /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/sentrecordzonechanges/failedrecordsaves
            public let failedRecordSaves: [CKSyncEngine.Event.SentRecordZoneChanges.FailedRecordSave]
            /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/sentrecordzonechanges/deletedrecordids
            public let deletedRecordIDs: [CKRecord.ID]
            /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/sentrecordzonechanges/failedrecorddeletes
            public let failedRecordDeletes: [CKRecord.ID: CKError]
            package init(
                savedRecords: [CKRecord] = [], failedRecordSaves: [CKSyncEngine.Event.SentRecordZoneChanges.FailedRecordSave] = [],
                deletedRecordIDs: [CKRecord.ID] = [], failedRecordDeletes: [CKRecord.ID: CKError] = [:]
            ) {
                self.savedRecords = savedRecords
                self.failedRecordSaves = failedRecordSaves
                self.deletedRecordIDs = deletedRecordIDs
                self.failedRecordDeletes = failedRecordDeletes
            }

            /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/sentrecordzonechanges/failedrecordsave
            public struct FailedRecordSave: @unchecked Sendable {
                /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/sentrecordzonechanges/failedrecordsave/record
                public let record: CKRecord
                /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/sentrecordzonechanges/failedrecordsave/error
                public let error: CKError
                package init(record: CKRecord, error: CKError) {
                    self.record = record
                    self.error = error
                }
            }
        }

        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/willfetchchanges
        public struct WillFetchChanges: Sendable {
            package init() {}
        }

        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/willfetchrecordzonechanges
        public struct WillFetchRecordZoneChanges: @unchecked Sendable {
            /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/willfetchrecordzonechanges/zoneid
            public let zoneID: CKRecordZone.ID
            package init(zoneID: CKRecordZone.ID) { self.zoneID = zoneID }
        }

        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/didfetchrecordzonechanges
        public struct DidFetchRecordZoneChanges: @unchecked Sendable {
            /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/didfetchrecordzonechanges/zoneid
            public let zoneID: CKRecordZone.ID
            /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/didfetchrecordzonechanges/error
            public let error: CKError?
            package init(zoneID: CKRecordZone.ID, error: CKError? = nil) {
                self.zoneID = zoneID
                self.error = error
            }
        }

        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/didfetchchanges
        public struct DidFetchChanges: Sendable {
            package init() {}
        }

        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/willsendchanges
        public struct WillSendChanges: Sendable {
            /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/willsendchanges/context
            public let context: CKSyncEngine.SendChangesContext
            package init(context: CKSyncEngine.SendChangesContext = SendChangesContext()) { self.context = context }
        }

        /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/didsendchanges
        public struct DidSendChanges: Sendable {
            /// https://developer.apple.com/documentation/cloudkit/cksyncengine-5sie5/event/didsendchanges/context
            public let context: CKSyncEngine.SendChangesContext
            package init(context: CKSyncEngine.SendChangesContext = SendChangesContext()) { self.context = context }
        }
    }
}
