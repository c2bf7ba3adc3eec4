import CloudKit
import CoreLocation
import Foundation
import RecordKit
import RecordKitCloudKitOnStandIn

/// A fuzz input read as a `CKRecord` and the values set on it, the way an app or CloudKit could fill one.
///
/// Layout: a flags byte (bit 0: the record type is `Note`, else a string follows; bit 1: the record starts from
/// server system fields, a change tag and a creation date that follow, restored through the bridge's
/// `encodeSystemFields` archive), the record name and zone name, then operations to the end: an operation byte
/// (bit 7: on `encryptedValues`; low nibble: the value's class) and a key, then the value. Strings are a length
/// byte and that many bytes (UTF-8, invalid bytes replaced); numbers are eight little-endian bytes. Reading past
/// the end gives zeros and empty strings, so every input is a record.
///
/// Value classes: 0 NSString, 1 NSNumber (a byte picks the `objCType`: c s i l q C S I L Q B f d), 2 NSDate,
/// 3 NSData, 4 CKAsset (a file path), 5 CKRecord.Reference (record name, zone name, action byte), 6 CLLocation
/// (seven doubles and a timestamp), 7 NSArray (a count byte, up to 8 elements, each a class byte and its
/// value; one level of nesting is allowed so nested lists reach the bridge), 8 an object of a class CloudKit
/// does not store, 9 removes the key.
public struct CKRecordInput {
    private var bytes: [UInt8]
    private var offset = 0

    public init(_ data: Data) {
        bytes = [UInt8](data)
    }

    /// The record the input describes.
    public mutating func makeRecord() -> CKRecord {
        let flags = byte()
        let recordType = flags & 1 != 0 ? Note.recordType : string()
        let id = RecordID(recordName: string(), zoneID: RecordZoneID(zoneName: string()))
        let ckRecord = flags & 2 != 0 ? serverRecord(recordType: recordType, id: id) : CKRecord(
            recordType: recordType,
            recordID: CKRecord.ID(recordName: id.recordName, zoneID: CKRecordZone.ID(zoneName: id.zoneID.zoneName, ownerName: id.zoneID.ownerName)))
        while offset < bytes.count {
            let operation = byte()
            let key = string()
            let value = self.value(kind: operation & 0x0F, depth: 0)
            if operation & 0x80 != 0 {
                ckRecord.encryptedValues[key] = value
            } else {
                ckRecord[key] = value
            }
        }
        return ckRecord
    }

    /// A record the server has seen: made by the bridge from a `Record` with system fields, as an app restores one.
    private mutating func serverRecord(recordType: String, id: RecordID) -> CKRecord {
        let system = SystemFields(changeTag: string(), creationDate: Date(timeIntervalSinceReferenceDate: double()))
        let record = Record(recordType: recordType, id: id, system: system)
        do {
            return try record.ckRecord()
        } catch {
            // The bridge could not restore it (a value it refuses); start from a new record instead.
            return CKRecord(recordType: recordType, recordID: CKRecord.ID(recordName: id.recordName, zoneID: CKRecordZone.ID(zoneName: id.zoneID.zoneName, ownerName: id.zoneID.ownerName)))
        }
    }

    private mutating func value(kind: UInt8, depth: Int) -> (any CKRecordValue)? {
        switch kind {
        case 0: return NSString(string: string())
        case 1: return number()
        case 2: return NSDate(timeIntervalSinceReferenceDate: double())
        case 3: return NSData(data: Data(stringBytes()))
        case 4: return CKAsset(fileURL: URL(fileURLWithPath: "/tmp/" + string()))
        case 5:
            let recordID = CKRecord.ID(recordName: string(), zoneID: CKRecordZone.ID(zoneName: string(), ownerName: CKCurrentUserDefaultName))
            return CKRecord.Reference(recordID: recordID, action: CKRecord.ReferenceAction(rawValue: UInt(byte() & 1)) ?? .none)
        case 6:
            let coordinate = CLLocationCoordinate2D(latitude: double(), longitude: double())
            return CLLocation(
                coordinate: coordinate, altitude: double(), horizontalAccuracy: double(), verticalAccuracy: double(),
                course: double(), speed: double(), timestamp: Date(timeIntervalSinceReferenceDate: double()))
        case 7:
            let count = Int(byte() % 9)
            var elements: [Any] = []
            for _ in 0..<count {
                let kind = byte() & 0x0F
                // One level of nesting, so a list inside a list reaches the bridge; never deeper.
                if kind == 7 && depth > 0 { continue }
                if let element = value(kind: kind, depth: depth + 1) { elements.append(element) }
            }
            return NSArray(array: elements)
        case 8: return Unstorable()
        default: return nil
        }
    }

    private mutating func number() -> NSNumber {
        let type = byte() % 13
        let raw = UInt64(littleEndian: eight())
        switch type {
        case 0: return NSNumber(value: Int8(truncatingIfNeeded: raw))
        case 1: return NSNumber(value: Int16(truncatingIfNeeded: raw))
        case 2: return NSNumber(value: Int32(truncatingIfNeeded: raw))
        case 3: return NSNumber(value: Int(truncatingIfNeeded: raw))
        case 4: return NSNumber(value: Int64(bitPattern: raw))
        case 5: return NSNumber(value: UInt8(truncatingIfNeeded: raw))
        case 6: return NSNumber(value: UInt16(truncatingIfNeeded: raw))
        case 7: return NSNumber(value: UInt32(truncatingIfNeeded: raw))
        case 8: return NSNumber(value: UInt(truncatingIfNeeded: raw))
        case 9: return NSNumber(value: raw)
        case 10: return NSNumber(value: raw & 1 == 1)
        case 11: return NSNumber(value: Float(bitPattern: UInt32(truncatingIfNeeded: raw)))
        default: return NSNumber(value: Double(bitPattern: raw))
        }
    }

    private mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    private mutating func eight() -> UInt64 {
        var value: UInt64 = 0
        for index in 0..<8 { value |= UInt64(byte()) << (8 * UInt64(index)) }
        return value
    }

    private mutating func double() -> Double { Double(bitPattern: eight()) }

    private mutating func stringBytes() -> [UInt8] {
        let count = Int(byte())
        let end = min(offset + count, bytes.count)
        defer { offset = end }
        return Array(bytes[min(offset, end)..<end])
    }

    private mutating func string() -> String { String(decoding: stringBytes(), as: UTF8.self) }
}

/// An object of a class CloudKit does not store, passed through `CKRecordValue` as only a buggy caller would.
final class Unstorable: NSObject, CKRecordValue {}
