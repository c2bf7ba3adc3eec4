/// The keys of `$top` the scanner reads, found in one pass over its keys (a system-fields archive has 35).
struct TopEntries {
    enum Key: Int, CaseIterable {
        case root, recordType, recordID, changeTag, creationDate, modificationDate
        case creator, lastModifier, device, parent, share

        /// The key as the archive spells it.
        var name: StaticString {
            switch self {
            case .root: "root"
            case .recordType: "RecordType"
            case .recordID: "RecordID"
            case .changeTag: "ETag"
            case .creationDate: "RecordCtime"
            case .modificationDate: "RecordMtime"
            case .creator: "CreatorUserRecordID"
            case .lastModifier: "LastModifiedUserRecordID"
            case .device: "ModifiedByDevice"
            case .parent: "ParentReference"
            case .share: "ShareReference"
            }
        }
    }

    /// The key names, indexed by `Key.rawValue`.
    fileprivate static let names: [StaticString] = Key.allCases.map(\.name)

    /// The plist object of each key's value, indexed by `Key.rawValue`; -1 when the key is absent.
    fileprivate var values = [Int](repeating: -1, count: Key.allCases.count)

    /// The plist object of the value under `key`; nil when `$top` has no such key.
    subscript(key: Key) -> Int? {
        let value = values[key.rawValue]
        return value < 0 ? nil : value
    }
}

extension KeyedArchiveScanner {
    /// Reads every key of `$top` once, with the checks ``KeyedArchiveReader`` makes when it indexes `$top`
    /// (every key reference, and the bytes of every string key, inside the plist). A key that appears twice
    /// keeps its first value, as the general reader's search finds it.
    func topEntries() throws(Miss) -> TopEntries {
        var entries = TopEntries()
        let names = TopEntries.names
        for position in 0..<topKeys.count {
            guard let span = try Self.checked({ try document.asciiKeySpan(document.reference(topKeys, position)) })
            else { continue }
            for (slot, name) in names.enumerated() where name.utf8CodeUnitCount == span.count {
                guard entries.values[slot] < 0,
                      document.bytes(at: span.start, equal: UnsafeBufferPointer(start: name.utf8Start, count: span.count))
                else { continue }
                entries.values[slot] = try Self.checked { try document.reference(topValues, position) }
                break
            }
        }
        return entries
    }
}
