import Foundation

/// Change tokens and system fields on the fast path. Each read mirrors the one of the general reader in
/// `CloudKitArchiveDecoding.swift` and `KeyedArchiveValues.swift`; where that one would throw, this one misses.
extension KeyedArchiveScanner {
    /// What `data` holds, when it is a change token or a system-fields archive of the plain shape; nil when
    /// the general reader must decide (other contents, other shapes, any damage).
    static func contents(of data: Data) -> KeyedArchiveContents? {
        scan(data) { scanner throws(Miss) in
            switch try scanner.shape(scanner.topEntries()) {
            case let .changeToken(token): .changeToken(try scanner.changeToken(token))
            case let .systemFields(top): .systemFields(try scanner.systemFields(top))
            }
        }
    }

    /// The change token `data` holds, when the scanner takes it; nil otherwise.
    static func changeToken(of data: Data) -> ServerChangeToken? {
        scan(data) { scanner throws(Miss) in
            guard case let .changeToken(token) = try scanner.shape(scanner.topEntries()) else { throw Miss() }
            return try scanner.changeToken(token)
        }
    }

    /// The system fields `data` holds, when the scanner takes it; nil otherwise.
    static func systemFields(of data: Data) -> Record? {
        scan(data) { scanner throws(Miss) in
            let top = try scanner.topEntries()
            // A root object (not UID 0) is a whole record or a token, never system fields: miss at once
            // rather than read its class, so whole records reach the general reader sooner.
            if let root = top[.root], let uid = try scanner.bytes.uid(root), uid != 0 { throw Miss() }
            guard case let .systemFields(top) = try scanner.shape(top) else { throw Miss() }
            return try scanner.systemFields(top)
        }
    }

    /// Runs `body` on a scanner over the bytes of `data`, read in place; nil on a miss. Returns the value
    /// straight out (no `Result`), so a record is not copied on the way.
    private static func scan<T>(_ data: Data, _ body: (KeyedArchiveScanner) throws(Miss) -> T) -> T? {
        data.withUnsafeBytes { raw -> T? in
            guard let base = raw.baseAddress, raw.count > 0,
                  let document = try? BinaryPropertyListDocument(base: base.assumingMemoryBound(to: UInt8.self), length: raw.count)
            else { return nil }
            // Two words per object: the key spans of the plist reader, the class checks of the scanner.
            return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * document.objectCount) { memory -> T? in
                let half = document.objectCount
                return try? body(KeyedArchiveScanner(
                    document: document,
                    spans: UnsafeMutableBufferPointer(rebasing: memory[..<half]),
                    kinds: UnsafeMutableBufferPointer(rebasing: memory[half...])
                ))
            }
        }
    }

    /// What the archive is, as `KeyedArchive.contents(of:)` decides it, before anything is decoded.
    enum Shape {
        /// `$top.root` is a `CKServerChangeToken`.
        case changeToken(Object)
        /// `$top` has no root (or a nil one) and has a `RecordID`.
        case systemFields(TopEntries)
    }

    /// The decision of `KeyedArchive.contents(of:)`: a root change token, or system fields in `$top`.
    func shape(_ top: TopEntries) throws(Miss) -> Shape {
        if let rootIndex = top[.root] {
            switch try node(rootIndex) {
            case .null:
                break
            case let .object(root):
                // A root CKRecord (a whole record with field values) is left to the general reader.
                guard try isKind(root, of: .serverChangeToken) else { throw Miss() }
                return .changeToken(root)
            case .text, .data, .number:
                throw Miss()
            }
        }
        guard top[.recordID] != nil else { throw Miss() }
        return .systemFields(top)
    }

    /// A `CKServerChangeToken`: `ChangeTokenData` is raw bytes or an NSData object.
    func changeToken(_ token: Object) throws(Miss) -> ServerChangeToken {
        guard let index = try find("ChangeTokenData", in: token) else { throw Miss() }
        switch try node(index) {
        case let .data(bytes):
            return ServerChangeToken(data: bytes)
        case let .object(object):
            guard try isKind(object, of: .data), let inner = try find("NS.data", in: object),
                  case let .data(bytes) = try node(inner)
            else { throw Miss() }
            return ServerChangeToken(data: bytes)
        case .null, .text, .number:
            throw Miss()
        }
    }

    /// The record type, ID and system fields from `$top`. Parent and share references are left to the
    /// general reader.
    func systemFields(_ top: TopEntries) throws(Miss) -> Record {
        guard let type = try string(top[.recordType]), let id = try recordID(top[.recordID]) else { throw Miss() }
        var system = SystemFields()
        system.changeTag = try string(top[.changeTag])
        system.creationDate = try date(top[.creationDate])
        system.modificationDate = try date(top[.modificationDate])
        system.creatorUserRecordName = try recordIDParts(top[.creator]).map { string($0.name) }
        system.lastModifiedUserRecordName = try recordIDParts(top[.lastModifier]).map { string($0.name) }
        system.modifiedByDevice = try string(top[.device])
        guard try isNull(top[.parent]), try isNull(top[.share]) else { throw Miss() }
        return Record(recordType: type, id: id, system: system)
    }

    /// Whether a value is absent or nil.
    private func isNull(_ index: Int?) throws(Miss) -> Bool {
        guard let index else { return true }
        if case .null = try node(index) { return true }
        return false
    }

    /// An inline string; nil when absent or nil. An NSString object is a miss.
    private func string(_ index: Int?) throws(Miss) -> String? {
        try text(index).map(string)
    }

    /// An inline string, not yet built; nil when absent or nil. An NSString object is a miss.
    private func text(_ index: Int?) throws(Miss) -> Text? {
        guard let index else { return nil }
        switch try node(index) {
        case .null: return nil
        case let .text(text): return text
        case .data, .number, .object: throw Miss()
        }
    }

    /// A `CKRecordID` (`RecordName`, and a `CKRecordZoneID` with `ZoneName` and `ownerName`); nil when absent.
    private func recordID(_ index: Int?) throws(Miss) -> RecordID? {
        guard let parts = try recordIDParts(index) else { return nil }
        let owner = parts.owner.map(string) ?? RecordZoneID.defaultOwnerName
        return RecordID(recordName: string(parts.name), zoneID: RecordZoneID(zoneName: string(parts.zoneName), ownerName: owner))
    }

    /// The checked parts of a `CKRecordID`, with no strings built: the creator and last modifier need only
    /// the record name, but their zones must hold as the general reader requires.
    private func recordIDParts(_ index: Int?) throws(Miss) -> (name: Text, zoneName: Text, owner: Text?)? {
        guard let index, let id = try object(index, of: .recordID) else { return nil }
        guard let name = try text(find("RecordName", in: id)),
              let zoneIndex = try find("ZoneID", in: id), let zone = try object(zoneIndex, of: .zoneID),
              let zoneName = try text(find("ZoneName", in: zone))
        else { throw Miss() }
        return (name, zoneName, try text(find("ownerName", in: zone)))
    }

    /// An object of class `name` (or a subclass); nil when nil.
    private func object(_ index: Int, of name: ClassName) throws(Miss) -> Object? {
        switch try node(index) {
        case .null: return nil
        case let .object(object):
            guard try isKind(object, of: name) else { throw Miss() }
            return object
        case .text, .data, .number: throw Miss()
        }
    }

    /// An NSDate (`NS.time`, seconds since 2001); nil when absent or nil.
    private func date(_ index: Int?) throws(Miss) -> Date? {
        guard let index, let date = try object(index, of: .date) else { return nil }
        guard let timeIndex = try find("NS.time", in: date) else { throw Miss() }
        switch try node(timeIndex) {
        case let .number(.real(seconds)): return Date(timeIntervalSinceReferenceDate: seconds)
        case let .number(.integer(seconds)): return Date(timeIntervalSinceReferenceDate: Double(seconds))
        default: throw Miss()
        }
    }
}
