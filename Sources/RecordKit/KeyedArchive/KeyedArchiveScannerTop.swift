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

    /// Longest key name the table below can hold, plus one.
    fileprivate static let lengthLimit = 32

    /// For each key length, the `Key.rawValue`s of the names of that length, two columns (no two names of
    /// the list above share a length with a third); -1 for none. Lets the pass over `$top` compare a key only
    /// with the names of its length.
    static let slotsByLength: [Int] = {
        var table = [Int](repeating: -1, count: lengthLimit * 2)
        for key in Key.allCases {
            let row = key.name.utf8CodeUnitCount * 2
            table[table[row] < 0 ? row : row + 1] = key.rawValue
        }
        return table
    }()

    /// The plist object of each key's value, indexed by `Key.rawValue`; -1 when the key is absent. A SIMD
    /// vector is a fixed-size value, so the search allocates nothing (object indices fit in 32 bits: the
    /// scanner reads only plists under 2 GiB).
    fileprivate var values = SIMD16<Int32>(repeating: -1)

    /// The plist object of the value under `key`; nil when `$top` has no such key.
    subscript(key: Key) -> Int? {
        let value = values[key.rawValue]
        return value < 0 ? nil : Int(value)
    }
}

extension KeyedArchiveScanner {
    /// Reads every key of `$top` once, with the checks ``KeyedArchiveReader`` makes when it indexes `$top`
    /// (every key reference, and the bytes of every string key, inside the plist). A key that appears twice
    /// keeps its first value, as the general reader's search finds it.
    func topEntries() throws(Miss) -> TopEntries {
        var entries = TopEntries()
        let slots = TopEntries.slotsByLength
        for position in 0..<topKeys.count {
            // Each key of `$top` is read once: no use remembering its span.
            guard let span = try bytes.asciiSpan(at: bytes.offset(of: bytes.reference(topKeys, position))),
                  span.count < TopEntries.lengthLimit
            else { continue }
            for column in 0..<2 {
                let slot = slots[span.count * 2 + column]
                guard slot >= 0 else { break }
                guard entries.values[slot] < 0, let key = TopEntries.Key(rawValue: slot), bytes.span(span, equals: key.name)
                else { continue }
                entries.values[slot] = Int32(truncatingIfNeeded: try bytes.reference(topValues, position))
                break
            }
        }
        return entries
    }
}
