import Foundation

/// Matching dictionary keys against the bytes of the plist, without building strings.
extension BinaryPropertyListDocument {
    /// Where the bytes of an ASCII string object lie; an empty span (count -1) for any other object.
    struct KeySpan {
        let start: Int
        let count: Int
    }

    /// The byte spans of the keys of a dictionary, so keys can be compared without building strings.
    func keySpans(_ keys: References) throws(PropertyListError) -> [KeySpan] {
        var spans = [KeySpan]()
        spans.reserveCapacity(keys.count)
        for position in 0..<keys.count {
            let start = try offset(of: reference(keys, position))
            let marker = byte(start)
            guard marker >> 4 == 0x5 else {
                spans.append(KeySpan(start: 0, count: -1))
                continue
            }
            let (count, body) = try count(at: start, low: Int(marker & 0x0f))
            try require(count, from: body, object: start)
            spans.append(KeySpan(start: body, count: count))
        }
        return spans
    }

    /// True when object `index` is an ASCII string with exactly the bytes of `key`. Reads no other object.
    @inline(__always)
    func isASCIIString(_ index: Int, equalTo key: String) throws(PropertyListError) -> Bool {
        let start = try offset(of: index)
        let marker = byte(start)
        guard marker >> 4 == 0x5 else { return false }
        let (count, body) = try count(at: start, low: Int(marker & 0x0f))
        guard count == key.utf8.count else { return false }
        try require(count, from: body, object: start)
        return bytes(at: KeySpan(start: body, count: count), equal: key)
    }

    /// The position of `key` among the spans; nil when absent.
    func position(of key: String, in spans: [KeySpan]) -> Int? {
        var key = key
        return key.withUTF8 { keyBytes in
            // Most keys differ in length: compare bytes only when the lengths agree.
            for (position, span) in spans.enumerated() where span.count == keyBytes.count {
                if bytes(at: span.start, equal: keyBytes) { return position }
            }
            return nil
        }
    }

    /// The position of `key` among the keys of a dictionary, reading each key in place; nil when absent.
    func position(of key: String, in keys: References) throws(PropertyListError) -> Int? {
        var key = key
        let found: Result<Int?, PropertyListError> = key.withUTF8 { keyBytes in
            do throws(PropertyListError) {
                for position in 0..<keys.count {
                    let start = try offset(of: reference(keys, position))
                    let marker = byte(start)
                    guard marker >> 4 == 0x5 else { continue }
                    let (count, body) = try count(at: start, low: Int(marker & 0x0f))
                    guard count == keyBytes.count else { continue }
                    try require(count, from: body, object: start)
                    if bytes(at: body, equal: keyBytes) { return .success(position) }
                }
                return .success(nil)
            } catch {
                return .failure(error)
            }
        }
        return try found.get()
    }

    /// Whether the plist bytes at `start` begin with `key`; the caller checked that they lie in the plist.
    @inline(__always)
    private func bytes(at start: Int, equal key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard start >= 0, key.count <= length - start else { return false }
        var index = 0
        while index < key.count {
            if base[start + index] != key[index] { return false }
            index += 1
        }
        return true
    }

    /// Whether the bytes of a span are exactly the UTF-8 bytes of `key`.
    @inline(__always)
    private func bytes(at span: KeySpan, equal key: String) -> Bool {
        guard span.count >= 0, span.start >= 0, span.count <= length - span.start else { return false }
        let fast = key.utf8.withContiguousStorageIfAvailable { keyBytes -> Bool in
            guard span.count == keyBytes.count else { return false }
            var index = 0
            let start = base + span.start
            while index < span.count {
                if start[index] != keyBytes[index] { return false }
                index += 1
            }
            return true
        }
        if let fast { return fast }
        return UnsafeBufferPointer(start: base + span.start, count: span.count).elementsEqual(key.utf8)
    }
}
