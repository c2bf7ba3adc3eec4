#if canImport(CloudKit)
import CloudKit
import Foundation
import RecordKit

extension RecordZoneID {
    /// The zone of a `CKRecordZone.ID`.
    public init(_ zoneID: CKRecordZone.ID) {
        self.init(zoneName: zoneID.zoneName, ownerName: zoneID.ownerName)
    }
}

extension CKRecordZone.ID {
    /// The `CKRecordZone.ID` of a zone. RecordKit's default owner, `__defaultOwner__`, is CloudKit's
    /// `CKCurrentUserDefaultName`.
    public convenience init(_ zoneID: RecordZoneID) {
        self.init(zoneName: zoneID.zoneName, ownerName: zoneID.ownerName)
    }
}

extension RecordID {
    /// The ID of a `CKRecord.ID`.
    public init(_ recordID: CKRecord.ID) {
        self.init(recordName: recordID.recordName, zoneID: RecordZoneID(recordID.zoneID))
    }
}

extension CKRecord.ID {
    /// The `CKRecord.ID` of a record ID.
    public convenience init(_ recordID: RecordID) {
        self.init(recordName: recordID.recordName, zoneID: CKRecordZone.ID(recordID.zoneID))
    }
}

extension DatabaseScope {
    /// The scope of a `CKDatabase.Scope`; nil for a scope this version of RecordKit does not know.
    public init?(_ scope: CKDatabase.Scope) {
        // Compared, not switched over: the framework's enum may grow cases.
        if scope == .public {
            self = .public
        } else if scope == .private {
            self = .private
        } else if scope == .shared {
            self = .shared
        } else {
            return nil
        }
    }

    /// The `CKDatabase.Scope` of the scope.
    public var ckDatabaseScope: CKDatabase.Scope {
        switch self {
        case .public: .public
        case .private: .private
        case .shared: .shared
        }
    }
}
#endif
