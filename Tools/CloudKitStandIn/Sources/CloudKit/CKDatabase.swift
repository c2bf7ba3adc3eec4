import Foundation

/// https://developer.apple.com/documentation/cloudkit/ckdatabase
/// The stand-in has no server: each async method answers with the test's scripted ``Responses`` (a method
/// without one throws `CKError(.internalError)`).
open class CKDatabase: NSObject, @unchecked Sendable {
    /// https://developer.apple.com/documentation/cloudkit/ckdatabase/scope
    public enum Scope: Int, Sendable {
        /// https://developer.apple.com/documentation/cloudkit/ckdatabase/scope/public
        case `public` = 1
        /// https://developer.apple.com/documentation/cloudkit/ckdatabase/scope/private
        case `private` = 2
        /// https://developer.apple.com/documentation/cloudkit/ckdatabase/scope/shared
        case shared = 3
    }

    /// https://developer.apple.com/documentation/cloudkit/ckdatabase/databasescope
    public let databaseScope: CKDatabase.Scope

    /// Not Apple API (databases come from a `CKContainer`): for the stand-in's tests.
    package init(scope: CKDatabase.Scope) {
        databaseScope = scope
    }

    /// Not Apple API: what the stand-in's database answers, set by a test.
    package struct Responses: Sendable {
        package typealias ModifyResults = (saveResults: [CKRecord.ID: Result<CKRecord, any Error>], deleteResults: [CKRecord.ID: Result<Void, any Error>])
        package typealias ZoneChanges = (modificationResultsByID: [CKRecord.ID: Result<CKDatabase.RecordZoneChange.Modification, any Error>], deletions: [CKDatabase.RecordZoneChange.Deletion], changeToken: CKServerChangeToken, moreComing: Bool)
        package typealias DatabaseChanges = (modifications: [CKDatabase.DatabaseChange.Modification], deletions: [CKDatabase.DatabaseChange.Deletion], changeToken: CKServerChangeToken, moreComing: Bool)
        package typealias ZoneResults = (saveResults: [CKRecordZone.ID: Result<CKRecordZone, any Error>], deleteResults: [CKRecordZone.ID: Result<Void, any Error>])

        package var modifyRecords: (@Sendable ([CKRecord], [CKRecord.ID], CKModifyRecordsOperation.RecordSavePolicy, Bool) throws -> ModifyResults)?
        package var records: (@Sendable ([CKRecord.ID]) throws -> [CKRecord.ID: Result<CKRecord, any Error>])?
        package var recordZoneChanges: (@Sendable (CKRecordZone.ID, CKServerChangeToken?, Int?) throws -> ZoneChanges)?
        package var databaseChanges: (@Sendable (CKServerChangeToken?) throws -> DatabaseChanges)?
        package var modifyRecordZones: (@Sendable ([CKRecordZone], [CKRecordZone.ID]) throws -> ZoneResults)?
        package typealias SubscriptionResults = (saveResults: [CKSubscription.ID: Result<CKSubscription, any Error>], deleteResults: [CKSubscription.ID: Result<Void, any Error>])
        package var modifySubscriptions: (@Sendable ([CKSubscription], [CKSubscription.ID]) throws -> SubscriptionResults)?
        package var allSubscriptions: (@Sendable () throws -> [CKSubscription])?

        package init() {}
    }

    private let lock = NSLock()
    private var scripted = Responses()

    /// Not Apple API: the scripted answers.
    package var responses: Responses {
        get { lock.withLock { scripted } }
        set { lock.withLock { scripted = newValue } }
    }

    private func answer<T>(_ body: ((Responses) -> T?)) throws -> T {
        guard let value = body(responses) else { throw CKError(.internalError) }
        return value
    }

    /// https://developer.apple.com/documentation/cloudkit/ckdatabase/modifyrecords(saving:deleting:savepolicy:atomically:)
    public func modifyRecords(
        saving recordsToSave: [CKRecord], deleting recordIDsToDelete: [CKRecord.ID],
        savePolicy: CKModifyRecordsOperation.RecordSavePolicy = .ifServerRecordUnchanged, atomically: Bool = true
    ) async throws -> (saveResults: [CKRecord.ID: Result<CKRecord, any Error>], deleteResults: [CKRecord.ID: Result<Void, any Error>]) {
        try answer { $0.modifyRecords }(recordsToSave, recordIDsToDelete, savePolicy, atomically)
    }

    /// https://developer.apple.com/documentation/cloudkit/ckdatabase/records(for:desiredkeys:)
    public func records(for ids: [CKRecord.ID], desiredKeys: [CKRecord.FieldKey]? = nil) async throws -> [CKRecord.ID: Result<CKRecord, any Error>] {
        try answer { $0.records }(ids)
    }

    /// https://developer.apple.com/documentation/cloudkit/ckdatabase/recordzonechanges(inzonewith:since:desiredkeys:resultslimit:)
    public func recordZoneChanges(
        inZoneWith zoneID: CKRecordZone.ID, since changeToken: CKServerChangeToken?, desiredKeys: [CKRecord.FieldKey]? = nil,
        resultsLimit: Int? = nil
    ) async throws -> (modificationResultsByID: [CKRecord.ID: Result<CKDatabase.RecordZoneChange.Modification, any Error>], deletions: [CKDatabase.RecordZoneChange.Deletion], changeToken: CKServerChangeToken, moreComing: Bool) {
        try answer { $0.recordZoneChanges }(zoneID, changeToken, resultsLimit)
    }

    /// https://developer.apple.com/documentation/cloudkit/ckdatabase/databasechanges(since:resultslimit:)
    public func databaseChanges(
        since changeToken: CKServerChangeToken?, resultsLimit: Int? = nil
    ) async throws -> (modifications: [CKDatabase.DatabaseChange.Modification], deletions: [CKDatabase.DatabaseChange.Deletion], changeToken: CKServerChangeToken, moreComing: Bool) {
        try answer { $0.databaseChanges }(changeToken)
    }

    /// https://developer.apple.com/documentation/cloudkit/ckdatabase/modifyrecordzones(saving:deleting:)
    public func modifyRecordZones(
        saving recordZonesToSave: [CKRecordZone], deleting recordZoneIDsToDelete: [CKRecordZone.ID]
    ) async throws -> (saveResults: [CKRecordZone.ID: Result<CKRecordZone, any Error>], deleteResults: [CKRecordZone.ID: Result<Void, any Error>]) {
        try answer { $0.modifyRecordZones }(recordZonesToSave, recordZoneIDsToDelete)
    }

    /// https://developer.apple.com/documentation/cloudkit/ckdatabase/modifysubscriptions(saving:deleting:)
    public func modifySubscriptions(
        saving subscriptionsToSave: [CKSubscription], deleting subscriptionIDsToDelete: [CKSubscription.ID]
    ) async throws -> (saveResults: [CKSubscription.ID: Result<CKSubscription, any Error>], deleteResults: [CKSubscription.ID: Result<Void, any Error>]) {
        try answer { $0.modifySubscriptions }(subscriptionsToSave, subscriptionIDsToDelete)
    }

    /// https://developer.apple.com/documentation/cloudkit/ckdatabase/allsubscriptions()
    public func allSubscriptions() async throws -> [CKSubscription] {
        try answer { $0.allSubscriptions }()
    }
}

extension CKDatabase {
    /// https://developer.apple.com/documentation/cloudkit/ckdatabase/recordzonechange
    public enum RecordZoneChange {
        /// https://developer.apple.com/documentation/cloudkit/ckdatabase/recordzonechange/modification
        public struct Modification: @unchecked Sendable {
            /// https://developer.apple.com/documentation/cloudkit/ckdatabase/recordzonechange/modification/record
            public let record: CKRecord
            package init(record: CKRecord) { self.record = record }
        }

        /// https://developer.apple.com/documentation/cloudkit/ckdatabase/recordzonechange/deletion
        public struct Deletion: @unchecked Sendable {
            /// https://developer.apple.com/documentation/cloudkit/ckdatabase/recordzonechange/deletion/recordid
            public let recordID: CKRecord.ID
            /// https://developer.apple.com/documentation/cloudkit/ckdatabase/recordzonechange/deletion/recordtype
            public let recordType: CKRecord.RecordType
            package init(recordID: CKRecord.ID, recordType: CKRecord.RecordType) {
                self.recordID = recordID
                self.recordType = recordType
            }
        }
    }

    /// https://developer.apple.com/documentation/cloudkit/ckdatabase/databasechange
    public enum DatabaseChange {
        /// https://developer.apple.com/documentation/cloudkit/ckdatabase/databasechange/modification
        public struct Modification: @unchecked Sendable {
            /// https://developer.apple.com/documentation/cloudkit/ckdatabase/databasechange/modification/zoneid
            public let zoneID: CKRecordZone.ID
            package init(zoneID: CKRecordZone.ID) { self.zoneID = zoneID }
        }

        /// https://developer.apple.com/documentation/cloudkit/ckdatabase/databasechange/deletion
        public struct Deletion: @unchecked Sendable {
            /// https://developer.apple.com/documentation/cloudkit/ckdatabase/databasechange/deletion/zoneid
            public let zoneID: CKRecordZone.ID
            @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
            // https://developer.apple.com/documentation/cloudkit/ckdatabase/databasechange/deletion/reason-swift.property
            public var reason: CKDatabase.DatabaseChange.Deletion.Reason { storedReason }
            @available(macOS, introduced: 12.0, deprecated: 14.0, message: "Use reason")
            // https://developer.apple.com/documentation/cloudkit/ckdatabase/databasechange/deletion/purged
            public var purged: Bool { storedReason == .purged }
            private let storedReason: CKDatabase.DatabaseChange.Deletion.Reason
            package init(zoneID: CKRecordZone.ID, reason: CKDatabase.DatabaseChange.Deletion.Reason) {
                self.zoneID = zoneID
                self.storedReason = reason
            }

            /// https://developer.apple.com/documentation/cloudkit/ckdatabase/databasechange/deletion/reason-swift.enum
            public enum Reason: Sendable, Hashable {
                /// https://developer.apple.com/documentation/cloudkit/ckdatabase/databasechange/deletion/reason-swift.enum/deleted
                case deleted
                /// https://developer.apple.com/documentation/cloudkit/ckdatabase/databasechange/deletion/reason-swift.enum/purged
                case purged
                /// https://developer.apple.com/documentation/cloudkit/ckdatabase/databasechange/deletion/reason-swift.enum/encrypteddatareset
                case encryptedDataReset
            }
        }
    }
}

/// https://developer.apple.com/documentation/cloudkit/ckmodifyrecordsoperation
open class CKModifyRecordsOperation: NSObject {
    /// https://developer.apple.com/documentation/cloudkit/ckmodifyrecordsoperation/recordsavepolicy
    public enum RecordSavePolicy: Int, Sendable {
        /// https://developer.apple.com/documentation/cloudkit/ckmodifyrecordsoperation/recordsavepolicy/ifserverrecordunchanged
        case ifServerRecordUnchanged = 0
        /// https://developer.apple.com/documentation/cloudkit/ckmodifyrecordsoperation/recordsavepolicy/changedkeys
        case changedKeys = 1
        /// https://developer.apple.com/documentation/cloudkit/ckmodifyrecordsoperation/recordsavepolicy/allkeys
        case allKeys = 2
    }
}
