import Foundation
import Testing
@testable import RecordKit

/// Our writer against the real archives: same envelope, same objects, same class chains, same keys.
@Suite struct KeyedArchiveWriterTests {
    static let sample = Record(
        recordType: "Note",
        id: RecordID(recordName: "note-1", zoneID: RecordZoneID(zoneName: "note-zone")),
        system: SystemFields(
            changeTag: "k2x9",
            creationDate: Date(timeIntervalSinceReferenceDate: 700_000_000.125),
            creatorUserRecordName: "_2f1c",
            modificationDate: Date(timeIntervalSinceReferenceDate: 700_000_100.5),
            lastModifiedUserRecordName: "__defaultOwner__",
            modifiedByDevice: "Zoë\u{2019}s iPhone",
            parent: Reference(recordID: RecordID(recordName: "folder-1", zoneID: RecordZoneID(zoneName: "note-zone"))),
            share: Reference(recordID: RecordID(recordName: "share-1"), action: .deleteSelf)
        )
    )

    @Test(.enabled(if: KeyedArchiveFiles.available))
    func systemFieldsMatchTheRealArchiveObjectForObject() throws {
        let real = try KeyedArchiveFiles.data(KeyedArchiveFiles.systemFields)
        let ours = KeyedArchive.encodeSystemFields(of: try KeyedArchive.decodeRecord(real))
        // Every value, every UID and every position in $objects is the same as on the Apple device.
        #expect(try BinaryPropertyList.decode(ours) == BinaryPropertyList.decode(real))
        #expect(ArchiveStructure(try BinaryPropertyList.decode(ours)) == ArchiveStructure(try BinaryPropertyList.decode(real)))
    }

    @Test(.enabled(if: KeyedArchiveFiles.available))
    func tokenMatchesTheSecureCodingArchive() throws {
        let real = try KeyedArchiveFiles.data(KeyedArchiveFiles.tokenInline)
        let ours = KeyedArchive.encodeChangeToken(try KeyedArchive.decodeChangeToken(real))
        #expect(try BinaryPropertyList.decode(ours) == BinaryPropertyList.decode(real))
        #expect(ours.count == real.count)
    }

    @Test(.enabled(if: KeyedArchiveFiles.available))
    func systemFieldsOfAWholeRecordUseTheSameKeysAsTheRecord() throws {
        let real = try BinaryPropertyList.decode(KeyedArchiveFiles.data(KeyedArchiveFiles.wholeRecord))
        let record = try KeyedArchive.decodeRecord(KeyedArchiveFiles.data(KeyedArchiveFiles.wholeRecord))
        let ours = ArchiveStructure(try BinaryPropertyList.decode(KeyedArchive.encodeSystemFields(of: record)))
        let theirs = ArchiveStructure(real)
        // A whole record adds its value stores and two newer key IDs; everything we write is in the record.
        let recordKeys = theirs.keysByClass["CKRecord"] ?? []
        #expect(ours.topKeys.subtracting(recordKeys).isEmpty)
        #expect(recordKeys.subtracting(ours.topKeys)
            == ["$class", "ValueStore", "EncryptedValueStore", "PluginFields", "PCSKeyID", "ZoneishKeyID"])
        for className in ["CKRecordID", "CKRecordZoneID", "NSDate"] {
            #expect(ours.classChains[className] == theirs.classChains[className])
            #expect(ours.keysByClass[className] == theirs.keysByClass[className])
        }
    }

    @Test func systemFieldsRoundTripWithReferences() throws {
        let data = KeyedArchive.encodeSystemFields(of: Self.sample)
        #expect(try KeyedArchive.decodeRecord(data) == Self.sample)
        guard case .systemFields = try KeyedArchive.contents(of: data) else {
            Issue.record("expected a system-fields archive")
            return
        }
        let structure = ArchiveStructure(try BinaryPropertyList.decode(data))
        #expect(structure.classChains["CKReference"] == ["CKReference", "NSObject"])
        #expect(structure.keysByClass["CKReference"] == ["$class", "RecordID", "Action"])
    }

    @Test func writerIsDeterministic() {
        #expect(KeyedArchive.encodeSystemFields(of: Self.sample) == KeyedArchive.encodeSystemFields(of: Self.sample))
        let token = ServerChangeToken(data: Data((0..<200).map { UInt8($0) }))
        #expect(KeyedArchive.encodeChangeToken(token) == KeyedArchive.encodeChangeToken(token))
    }

    @Test func recordWithoutChangeTagIsNotKnownToServer() throws {
        let fresh = Record(recordType: "Note", id: RecordID(recordName: "new"))
        let plist = try BinaryPropertyList.decode(KeyedArchive.encodeSystemFields(of: fresh))
        guard case let .dictionary(envelope) = plist, case let .dictionary(top)? = envelope["$top"] else {
            Issue.record("no $top")
            return
        }
        #expect(top["KnownToServer"] == .bool(false))
        #expect(top["ETag"] == .uid(0))
        #expect(try KeyedArchive.decodeRecord(KeyedArchive.encodeSystemFields(of: fresh)) == fresh)
    }
}

/// The shape of an archive: `$top` keys, class chains by class name, and the keys of each class's objects.
struct ArchiveStructure: Equatable {
    var topKeys: Set<String> = []
    var classChains: [String: [String]] = [:]
    var keysByClass: [String: Set<String>] = [:]

    init(_ plist: PropertyListValue) {
        guard case let .dictionary(envelope) = plist,
              case let .dictionary(top)? = envelope["$top"],
              case let .array(objects)? = envelope["$objects"]
        else { return }
        topKeys = Set(top.keys)
        for object in objects {
            guard case let .dictionary(fields) = object,
                  case let .uid(classUID)? = fields["$class"],
                  Int(classUID) < objects.count,
                  case let .dictionary(entry) = objects[Int(classUID)],
                  case let .string(name)? = entry["$classname"],
                  case let .array(chain)? = entry["$classes"]
            else { continue }
            classChains[name] = chain.compactMap { if case let .string(text) = $0 { text } else { nil } }
            keysByClass[name, default: []].formUnion(fields.keys)
        }
    }
}
