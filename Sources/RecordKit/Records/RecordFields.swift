/// The fields of a record: a value per key, kept in the byte order of the keys.
///
/// Reads and writes like a `[String: FieldValue]` (a dictionary literal, `fields["title"]`, `keys`, `values`,
/// `removeValue(forKey:)`, `filter`), and iterates in key order, so two equal records always list their fields
/// alike. Keys compare as UTF-8 bytes (see `FieldKeyOrder`).
///
/// Why not a dictionary: records hold tens of fields, and the codecs and generated models touch every one.
/// Sorted storage lets the native archive append keys as it reads them (they arrive sorted) and write them
/// without sorting, and lets a generated model read its fields in one pass without hashing any key.
public struct RecordFields: Sendable {
    /// A field: its key and its value.
    public typealias Element = (key: String, value: FieldValue)

    /// A stored field. A struct rather than the `Element` tuple: tuples are copied through the runtime's
    /// generic witnesses, structs through code specialised for them.
    @usableFromInline
    struct Entry: Sendable {
        @usableFromInline var key: String
        @usableFromInline var value: FieldValue

        @inlinable
        init(key: String, value: FieldValue) {
            self.key = key
            self.value = value
        }
    }

    /// The entries, sorted by key, keys unique.
    @usableFromInline var entries: ContiguousArray<Entry>

    /// No fields.
    @inlinable
    public init() { entries = [] }

    /// No fields, with room for `minimumCapacity` of them.
    @inlinable
    public init(minimumCapacity: Int) {
        entries = []
        entries.reserveCapacity(minimumCapacity)
    }

    /// The fields of a dictionary.
    public init(_ dictionary: [String: FieldValue]) {
        entries = ContiguousArray(dictionary.lazy.map { Entry(key: $0.key, value: $0.value) })
        entries.sort { FieldKeyOrder.precedes($0.key, $1.key) }
    }

    /// The fields of a sequence of keys and values; where a key repeats, the last value wins.
    public init(_ fields: some Sequence<(String, FieldValue)>) {
        self.init()
        for (key, value) in fields { self[key] = value }
    }

    /// Entries already sorted with unique keys (decoders check that as they read).
    @inlinable
    init(sortedEntries: ContiguousArray<Entry>) { entries = sortedEntries }

    /// The number of fields.
    @inlinable
    public var count: Int { entries.count }

    /// Whether there are no fields.
    @inlinable
    public var isEmpty: Bool { entries.isEmpty }

    /// The keys, in byte order.
    public var keys: [String] { entries.map(\.key) }

    /// The values, in the order of their keys.
    public var values: [FieldValue] { entries.map(\.value) }

    /// The fields as a dictionary.
    ///
    /// `String` keys in a dictionary compare by Unicode canonical equivalence, so keys that differ only in
    /// normalisation (`"\u{E9}"` and `"e\u{301}"`) become one entry there: the one whose key comes last in
    /// byte order wins.
    public var dictionary: [String: FieldValue] {
        Dictionary(entries.lazy.map { ($0.key, $0.value) }, uniquingKeysWith: { _, later in later })
    }

    /// The value of a field; setting nil removes the field.
    public subscript(key: String) -> FieldValue? {
        @inlinable get {
            let slot = search(key)
            return slot.found ? entries[slot.index].value : nil
        }
        set { if let newValue { updateValue(newValue, forKey: key) } else { removeValue(forKey: key) } }
    }

    /// Whether a field has the key.
    public func contains(key: String) -> Bool { search(key).found }

    /// Sets a field and returns the value it replaced, if any.
    @inlinable @discardableResult
    public mutating func updateValue(_ value: FieldValue, forKey key: String) -> FieldValue? {
        if appendIfLast(value, forKey: key) { return nil }
        return replaceOrInsert(value, forKey: key)
    }

    /// Sets a field, without handing back the value it replaced: what writers that set fields in key order call.
    @inlinable
    public mutating func set(_ value: FieldValue, forKey key: String) {
        if appendIfLast(value, forKey: key) { return }
        replaceOrInsert(value, forKey: key)
    }

    /// Appends the field when its key comes after every key present: fields mostly arrive in order, and then
    /// setting one costs a comparison and no search.
    @inlinable @inline(__always)
    mutating func appendIfLast(_ value: FieldValue, forKey key: String) -> Bool {
        let count = entries.count
        guard count == 0 || FieldKeyOrder.compare(entries[count &- 1].key, key) < 0 else { return false }
        entries.append(Entry(key: key, value: value))
        return true
    }

    @usableFromInline @discardableResult
    mutating func replaceOrInsert(_ value: FieldValue, forKey key: String) -> FieldValue? {
        let slot = search(key)
        if slot.found {
            let old = entries[slot.index].value
            entries[slot.index].value = value
            return old
        }
        entries.insert(Entry(key: key, value: value), at: slot.index)
        return nil
    }

    /// Removes a field and returns its value, if there was one.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> FieldValue? {
        let slot = search(key)
        guard slot.found else { return nil }
        return entries.remove(at: slot.index).value
    }

    /// The first key, in byte order, that `other` holds too; nil when they share none.
    /// Both are sorted: one merge pass, and none when their key ranges do not overlap.
    public func firstKey(sharedWith other: RecordFields) -> String? {
        guard let myFirst = entries.first, let myLast = entries.last,
              let otherFirst = other.entries.first, let otherLast = other.entries.last,
              FieldKeyOrder.compare(myFirst.key, otherLast.key) <= 0,
              FieldKeyOrder.compare(otherFirst.key, myLast.key) <= 0 else { return nil }
        var mine = 0, theirs = 0
        while mine < entries.count, theirs < other.entries.count {
            let order = FieldKeyOrder.compare(entries[mine].key, other.entries[theirs].key)
            if order == 0 { return entries[mine].key }
            if order < 0 { mine &+= 1 } else { theirs &+= 1 }
        }
        return nil
    }

    /// Removes every field whose key `other` holds.
    mutating func removeKeys(sharedWith other: RecordFields) {
        guard firstKey(sharedWith: other) != nil else { return }
        entries.removeAll { other.contains(key: $0.key) }
    }

    /// Makes room for `minimumCapacity` fields.
    public mutating func reserveCapacity(_ minimumCapacity: Int) { entries.reserveCapacity(minimumCapacity) }

    /// The fields for which `isIncluded` is true.
    public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> RecordFields {
        RecordFields(sortedEntries: try entries.filter { try isIncluded((key: $0.key, value: $0.value)) })
    }

    /// Appends a field whose key comes after every key present. Decoders call it for keys they have checked
    /// arrive in order; anything else goes through ``updateValue(_:forKey:)``.
    @inlinable
    mutating func appendInOrder(_ key: String, _ value: FieldValue) {
        assert(entries.last.map { FieldKeyOrder.precedes($0.key, key) } ?? true, "keys out of order")
        entries.append(Entry(key: key, value: value))
    }

    /// Where `key` is, or where it would go, searching `range` of the entries.
    @inlinable
    func search(_ key: String, in range: Range<Int>? = nil) -> (found: Bool, index: Int) {
        var low = range?.lowerBound ?? 0, high = range?.upperBound ?? entries.count
        while low < high {
            let middle = low &+ (high &- low) / 2
            let order = FieldKeyOrder.compare(entries[middle].key, key)
            if order == 0 { return (true, middle) }
            if order < 0 { low = middle &+ 1 } else { high = middle }
        }
        return (false, low)
    }

    /// The position of `key` for a reader that asks for keys mostly in order: `cursor` is where the previous
    /// read stopped. Keys read in order cost one comparison each; keys out of order fall back to a search.
    @inlinable @inline(__always)
    func position(of key: String, cursor: inout Int) -> Int? {
        let count = entries.count
        if cursor < count {
            let order = FieldKeyOrder.compare(entries[cursor].key, key)
            if order == 0 {
                defer { cursor &+= 1 }
                return cursor
            }
            if order < 0 { return searchAfter(key, cursor: &cursor) }
        }
        // The entry at the cursor comes after the key: the key is absent unless it lies before the cursor.
        if cursor == 0 || FieldKeyOrder.compare(entries[Swift.min(cursor, count) &- 1].key, key) < 0 { return nil }
        let slot = search(key, in: 0..<Swift.min(cursor, count))
        guard slot.found else { return nil }
        cursor = slot.index &+ 1
        return slot.index
    }

    @usableFromInline
    func searchAfter(_ key: String, cursor: inout Int) -> Int? {
        let slot = search(key, in: (cursor &+ 1)..<entries.count)
        cursor = slot.found ? slot.index &+ 1 : slot.index
        return slot.found ? slot.index : nil
    }
}

extension RecordFields: RandomAccessCollection {
    public typealias Index = Int
    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { entries.count }
    /// The field at a position, in key order.
    @inlinable public subscript(position: Int) -> Element { (key: entries[position].key, value: entries[position].value) }
}

extension RecordFields: ExpressibleByDictionaryLiteral {
    /// Fields from a literal; where a key repeats, the last value wins.
    public init(dictionaryLiteral elements: (String, FieldValue)...) {
        self.init(elements)
    }
}

extension RecordFields: Hashable {
    /// Equal when they hold the same keys (byte for byte) with equal values.
    public static func == (lhs: RecordFields, rhs: RecordFields) -> Bool {
        guard lhs.entries.count == rhs.entries.count else { return false }
        for (left, right) in zip(lhs.entries, rhs.entries) {
            guard FieldKeyOrder.compare(left.key, right.key) == 0, left.value == right.value else { return false }
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(entries.count)
        for entry in entries {
            hasher.combine(entry.key)
            hasher.combine(entry.value)
        }
    }
}

extension RecordFields: CustomStringConvertible {
    public var description: String {
        if entries.isEmpty { return "[:]" }
        return "[" + entries.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "]"
    }
}
