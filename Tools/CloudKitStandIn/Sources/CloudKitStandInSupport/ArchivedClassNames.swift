// Not Apple API: the stand-in's equivalent of the class names Apple's CloudKit registers for its own classes.
import CloudKit
import Foundation

/// Maps Apple's archived class names to the stand-in's classes.
public enum ArchivedClassNames {
    /// Apple's archived name of each stand-in class.
    public static let names: [(AnyClass, String)] = [
        (CKRecord.self, "CKRecord"),
        (CKRecord.ID.self, "CKRecordID"),
        (CKRecordZone.ID.self, "CKRecordZoneID"),
        (CKRecord.Reference.self, "CKReference"),
        (CKAsset.self, "CKAsset"),
        (CKServerChangeToken.self, "CKServerChangeToken"),
    ]

    /// Registers the names with `NSKeyedUnarchiver.setClass(_:forClassName:)` and
    /// `NSKeyedArchiver.setClassName(_:for:)`. swift-corelibs-foundation honours the first and ignores the
    /// second: archives the stand-in writes name its classes module-qualified (`CloudKit.CKRecordID`).
    public static func register() {
        for entry in names {
            NSKeyedUnarchiver.setClass(entry.0, forClassName: entry.1)
            NSKeyedArchiver.setClassName(entry.1, for: entry.0)
        }
    }
}
