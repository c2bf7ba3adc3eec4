import Foundation

/// Field values: `{"value": ..., "type": ...}` objects, by declared type or inferred from the value.
extension JSONScanner {
    /// Reads a field object. Returns the value and whether it is end-to-end encrypted (`ENCRYPTED_BYTES`).
    ///
    /// `value` may come before or after `type`: when it comes first, its position is remembered, the value is
    /// skipped, and it is read again once the type is known. A field without `type` is inferred, see
    /// ``inferValue()``.
    mutating func readField() throws(WebServicesError) -> (value: FieldValue, encrypted: Bool) {
        try beginObject()
        let objectStart = index
        var first = true
        var type: WebServicesFieldType?
        var valueStart: Int?
        var valueDepth = 0
        var decoded: FieldValue?
        while let key = try nextKey(&first) {
            if self.key(key, is: "value") {
                do throws(WebServicesError) {
                    if let type {
                        decoded = try readValue(type)
                    } else {
                        skipWhitespace()
                        valueStart = index
                        valueDepth = depth
                        try skipValue()
                    }
                } catch {
                    throw error.within(.key("value"))
                }
            } else if self.key(key, is: "type") {
                do throws(WebServicesError) { type = try readFieldType() } catch { throw error.within(.key("type")) }
            } else {
                try skipMember(key)
            }
        }
        let encrypted = type == .scalar(.encryptedBytes)
        if let decoded { return (decoded, encrypted) }
        guard let valueStart else { throw error(.missingKey("value"), at: objectStart) }
        var replay = lookahead
        replay.index = valueStart
        replay.depth = valueDepth
        do throws(WebServicesError) {
            let value = if let type { try replay.readValue(type) } else { try replay.inferValue() }
            return (value, encrypted)
        } catch {
            throw error.within(.key("value"))
        }
    }

    /// Reads a value of a declared type.
    mutating func readValue(_ type: WebServicesFieldType) throws(WebServicesError) -> FieldValue {
        switch type {
        case let .scalar(scalar): try readScalar(scalar)
        case let .list(element): .list(try readList(of: element))
        case .unknownList: .list(try readInferredList(emptyAllowed: true))
        }
    }

    /// Reads one value of a scalar type.
    mutating func readScalar(_ scalar: WebServicesFieldType.Scalar) throws(WebServicesError) -> FieldValue {
        switch scalar {
        case .string: .string(try readString())
        case .int64: .int64(try readInt64())
        case .double: .double(try readDouble())
        case .timestamp: .timestamp(try readTimestamp())
        case .bytes, .encryptedBytes: .bytes(try readBase64())
        case .reference: .reference(try readReference())
        case .asset: .asset(try readAsset())
        case .location: .location(try readLocation())
        }
    }

    /// Reads a list whose elements are all of one scalar type.
    mutating func readList(of element: WebServicesFieldType.Scalar) throws(WebServicesError) -> FieldList {
        switch element {
        case .string: .string(try readArray { (s: inout JSONScanner) throws(WebServicesError) in try s.readString() })
        case .int64: .int64(try readArray { (s: inout JSONScanner) throws(WebServicesError) in try s.readInt64() })
        case .double: .double(try readArray { (s: inout JSONScanner) throws(WebServicesError) in try s.readDouble() })
        case .timestamp: .timestamp(try readArray { (s: inout JSONScanner) throws(WebServicesError) in try s.readTimestamp() })
        case .bytes, .encryptedBytes: .bytes(try readArray { (s: inout JSONScanner) throws(WebServicesError) in try s.readBase64() })
        case .reference: .reference(try readArray { (s: inout JSONScanner) throws(WebServicesError) in try s.readReference() })
        case .asset: .asset(try readArray { (s: inout JSONScanner) throws(WebServicesError) in try s.readAsset() })
        case .location: .location(try readArray { (s: inout JSONScanner) throws(WebServicesError) in try s.readLocation() })
        }
    }

    /// Reads an array, each element with `element`; errors name the element's index.
    mutating func readArray<T>(_ element: (inout JSONScanner) throws(WebServicesError) -> T) throws(WebServicesError) -> [T] {
        try beginArray()
        var items: [T] = []
        var first = true
        while try nextElement(&first) {
            do throws(WebServicesError) {
                items.append(try element(&self))
            } catch {
                throw error.within(.index(items.count))
            }
        }
        return items
    }

    /// A value without a declared type, inferred where that is unambiguous:
    /// - a string is a `STRING` (bytes, encrypted bytes and asset IDs always come with their type);
    /// - an integer (no fraction, no exponent) is an `INT64`, any other number a `DOUBLE`
    ///   (a timestamp is written as an integer and cannot be told from one: it needs its type);
    /// - an object with `recordName` is a `REFERENCE`, one with `latitude` and `longitude` a `LOCATION`, one with
    ///   any of `fileChecksum`, `receipt`, `downloadURL`, `wrappingKey`, `referenceChecksum`, `size` an `ASSET`;
    /// - a non-empty array is a list of what its first element is (a list of numbers is a `DOUBLE_LIST` as soon
    ///   as one element is not an integer).
    /// An empty array, `true`, `false`, `null` and any other object are errors.
    mutating func inferValue() throws(WebServicesError) -> FieldValue {
        let kind = try peekKind()
        switch kind {
        case .string: return .string(try readString())
        case .number:
            let token = try scanNumber()
            return token.isInteger ? .int64(try int64(from: token)) : .double(try double(from: token))
        case .object: return try readScalar(try inferObjectType())
        case .array: return .list(try readInferredList(emptyAllowed: false))
        case .bool, .null: throw error(.ambiguousFieldType("its value is \(kind)"))
        }
    }

    /// Looks ahead into an object to tell a reference, a location and an asset apart.
    func inferObjectType() throws(WebServicesError) -> WebServicesFieldType.Scalar {
        var probe = lookahead
        try probe.beginObject()
        var first = true
        var hasLatitude = false, hasLongitude = false, isAsset = false
        while let key = try probe.nextKey(&first) {
            if probe.key(key, is: "recordName") { return .reference }
            if probe.key(key, is: "latitude") { hasLatitude = true }
            if probe.key(key, is: "longitude") { hasLongitude = true }
            if probe.key(key, is: "fileChecksum") || probe.key(key, is: "receipt") || probe.key(key, is: "downloadURL")
                || probe.key(key, is: "wrappingKey") || probe.key(key, is: "referenceChecksum") || probe.key(key, is: "size") {
                isAsset = true
            }
            try probe.skipMember(key)
        }
        if hasLatitude && hasLongitude { return .location }
        if isAsset { return .asset }
        throw error(.ambiguousFieldType("the object is neither a reference, a location nor an asset"))
    }

    /// A list without a declared element type: see ``inferValue()``. An empty one is a list of strings when
    /// `emptyAllowed` (the server's `UNKNOWN_LIST`), else an error.
    mutating func readInferredList(emptyAllowed: Bool) throws(WebServicesError) -> FieldList {
        var probe = lookahead
        try probe.beginArray()
        var first = true
        guard try probe.nextElement(&first) else {
            guard emptyAllowed else { throw error(.ambiguousFieldType("it is an empty list")) }
            try beginArray()
            var done = true
            _ = try nextElement(&done)
            return .string([])
        }
        let element: WebServicesFieldType.Scalar
        switch try probe.peekKind() {
        case .string: element = .string
        case .number:
            var allIntegers = true
            repeat {
                let token = try probe.readNumber()
                if !token.isInteger { allIntegers = false }
            } while try probe.nextElement(&first)
            element = allIntegers ? .int64 : .double
        case .object: element = try probe.inferObjectType()
        case .array: throw probe.error(.invalidValue("a list inside a list: CloudKit lists hold scalar values only"))
        case .bool, .null: throw probe.error(.ambiguousFieldType("the list holds \(try probe.peekKind())"))
        }
        return try readList(of: element)
    }
}
