// Stand-in for the parts of Apple's CloudKit that RecordKitCloudKit uses. Test-only: see Package.swift.
import CoreLocation
import Foundation

/// The Objective-C protocol `CKRecordValue`, as Swift imports it.
/// https://developer.apple.com/documentation/cloudkit/ckrecordvalue-c.protocol
public protocol __CKRecordObjCValue: NSObjectProtocol {}

/// https://developer.apple.com/documentation/cloudkit/ckrecordvalue-swift.typealias
public typealias CKRecordValue = __CKRecordObjCValue

// The classes the protocol's page lists as adopting it.
extension NSString: __CKRecordObjCValue {}
extension NSNumber: __CKRecordObjCValue {}
extension NSArray: __CKRecordObjCValue {}
extension NSDate: __CKRecordObjCValue {}
extension NSData: __CKRecordObjCValue {}
extension CLLocation: __CKRecordObjCValue {}

/// https://developer.apple.com/documentation/cloudkit/ckrecordkeyvaluesetting
public protocol CKRecordKeyValueSetting: NSObjectProtocol, AnyObject {
    /// https://developer.apple.com/documentation/cloudkit/ckrecordkeyvaluesetting/object(forkey:)
    func object(forKey key: String) -> (any __CKRecordObjCValue)?
    /// https://developer.apple.com/documentation/cloudkit/ckrecordkeyvaluesetting/setobject(_:forkey:)
    func setObject(_ object: (any __CKRecordObjCValue)?, forKey key: String)
    /// https://developer.apple.com/documentation/cloudkit/ckrecordkeyvaluesetting/subscript(_:)
    subscript(key: String) -> (any __CKRecordObjCValue)? { get set }
    /// https://developer.apple.com/documentation/cloudkit/ckrecordkeyvaluesetting/allkeys()
    func allKeys() -> [String]
    /// https://developer.apple.com/documentation/cloudkit/ckrecordkeyvaluesetting/changedkeys()
    func changedKeys() -> [String]
}

/// The values of one store of a record (its fields, or its encrypted fields), with the keys changed since the
/// record was created or restored. Stand-in storage, not Apple API.
final class RecordValueStore: NSObject, CKRecordKeyValueSetting {
    private(set) var values: [String: any __CKRecordObjCValue] = [:]
    private(set) var changed: Set<String> = []

    func object(forKey key: String) -> (any __CKRecordObjCValue)? { values[key] }

    func setObject(_ object: (any __CKRecordObjCValue)?, forKey key: String) {
        values[key] = object
        changed.insert(key)
    }

    subscript(key: String) -> (any __CKRecordObjCValue)? {
        get { object(forKey: key) }
        set { setObject(newValue, forKey: key) }
    }

    func allKeys() -> [String] { values.keys.sorted() }

    func changedKeys() -> [String] { changed.sorted() }

    func copyStore() -> RecordValueStore {
        let copy = RecordValueStore()
        copy.values = values
        copy.changed = changed
        return copy
    }
}
