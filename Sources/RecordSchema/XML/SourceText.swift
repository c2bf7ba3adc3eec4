/// The bytes of a schema file, with what libxml2 does not give: the exact line and column of each start tag
/// and of each attribute.
///
/// libxml2 records on each element the line where its start tag *ends*, and no column. Start tags appear in
/// the text in document order, so the reader pairs the n-th element of the tree with the n-th start tag found
/// here (comments, CDATA sections, processing instructions and end tags skipped).
struct SourceText: Sendable {
    let bytes: [UInt8]
    /// Offsets at which each line starts; `lineStarts[0] == 0`.
    private let lineStarts: [Int]

    init(bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            starts.append(offset + 1)
        }
        lineStarts = starts
    }

    /// The 1-based line and column (in bytes) of an offset.
    func position(ofOffset offset: Int) -> (line: Int, column: Int) {
        // The last line start at or before the offset.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return (low + 1, offset - lineStarts[low] + 1)
    }

    /// The offset of the first start tag at or after `offset`: a `<` followed by a name character,
    /// outside comments, CDATA sections and processing instructions. Nil when there is none.
    func nextStartTag(from offset: Int) -> Int? {
        var i = offset
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "<") else {
                i += 1
                continue
            }
            if hasPrefix("<!--", at: i) {
                i = end(of: "-->", from: i + 4)
            } else if hasPrefix("<![CDATA[", at: i) {
                i = end(of: "]]>", from: i + 9)
            } else if hasPrefix("<?", at: i) {
                i = end(of: "?>", from: i + 2)
            } else if i + 1 < bytes.count, Self.isNameStart(bytes[i + 1]) {
                return i
            } else {
                i += 1
            }
        }
        return nil
    }

    /// Whether the start tag at `offset` is `<qualifiedName` followed by a space, `/` or `>`.
    func startTag(at offset: Int, isNamed qualifiedName: String) -> Bool {
        guard hasPrefix(qualifiedName, at: offset + 1) else { return false }
        let after = offset + 1 + qualifiedName.utf8.count
        guard after < bytes.count else { return false }
        return Self.isSpace(bytes[after]) || bytes[after] == UInt8(ascii: "/") || bytes[after] == UInt8(ascii: ">")
    }

    /// The offset of attribute `name` within the start tag at `tagOffset`, or nil when the tag has no such
    /// attribute (it was defaulted, or the text is not what the tree says).
    func attributeOffset(named name: String, inTagAt tagOffset: Int) -> Int? {
        let wanted = Array(name.utf8)
        var i = tagOffset + 1
        var quote: UInt8? = nil
        while i < bytes.count {
            let byte = bytes[i]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return nil
            } else if Self.isSpace(byte), hasPrefix(wanted, at: i + 1) {
                var j = i + 1 + wanted.count
                while j < bytes.count, Self.isSpace(bytes[j]) { j += 1 }
                if j < bytes.count, bytes[j] == UInt8(ascii: "=") { return i + 1 }
            }
            i += 1
        }
        return nil
    }

    /// The offset of the first occurrence of `text`, or nil.
    func firstOffset(of text: String) -> Int? {
        let wanted = Array(text.utf8)
        guard wanted.count <= bytes.count else { return nil }
        return (0...(bytes.count - wanted.count)).first { hasPrefix(wanted, at: $0) }
    }

    // MARK: Scanning helpers

    private func hasPrefix(_ prefix: String, at offset: Int) -> Bool {
        let utf8 = prefix.utf8
        guard offset >= 0, offset + utf8.count <= bytes.count else { return false }
        var index = offset
        for byte in utf8 {
            if bytes[index] != byte { return false }
            index += 1
        }
        return true
    }

    private func hasPrefix(_ prefix: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, offset + prefix.count <= bytes.count else { return false }
        for (k, byte) in prefix.enumerated() where bytes[offset + k] != byte { return false }
        return true
    }

    /// The offset just past the next `terminator`, or the end of the text.
    private func end(of terminator: String, from offset: Int) -> Int {
        let wanted = Array(terminator.utf8)
        var i = offset
        while i < bytes.count {
            if hasPrefix(wanted, at: i) { return i + wanted.count }
            i += 1
        }
        return bytes.count
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte >= 0x80
    }
}
