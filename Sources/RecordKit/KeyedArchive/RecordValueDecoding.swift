import Foundation

/// Maps archived CKRecord values (NSString, NSNumber, NSDate, NSData, CKAsset, CKReference, CLLocation,
/// NSArray) to ``FieldValue``. Anything else is a typed error naming the key, never a silent drop.
extension KeyedArchiveReader {
    /// The field value of one archived value; nil for an archived nil (a removed value).
    func fieldValue(_ node: ArchiveNode, path: ArchivePath, inList: Bool = false) throws(KeyedArchiveError) -> FieldValue? {
        switch node {
        case .null: return nil
        case let .string(text): return .string(text)
        case let .data(bytes): return .bytes(bytes)
        case let .number(number): return try numberValue(number, path: path)
        case let .object(object): return try objectValue(object, path: path, inList: inList)
        }
    }

    private func numberValue(_ number: PropertyListValue, path: ArchivePath) throws(KeyedArchiveError) -> FieldValue {
        switch number {
        case let .integer(value): return .int64(value)
        case let .real(value): return .double(value)
        case let .bool(flag): return .int64(flag ? 1 : 0)
        default: throw .invalidValue(path: path.description, reason: "number \(number) does not fit in a signed 64-bit integer")
        }
    }

    private func objectValue(_ object: ArchivedObject, path: ArchivePath, inList: Bool) throws(KeyedArchiveError) -> FieldValue {
        if isKind(object, of: "NSString") { return .string(try string(from: .object(object)) { path } ?? "") }
        if isKind(object, of: "NSData") { return .bytes(try data(from: .object(object)) { path } ?? Data()) }
        if isKind(object, of: "NSDate") {
            guard let date = try date(from: .object(object), path: { path }) else { throw .missingValue(path: path.description) }
            return .timestamp(date)
        }
        if isKind(object, of: "CKAsset") { return .asset(try asset(object)) }
        // An encrypted field as the device keeps it (Core Data's mirror stores whole records so): the value's
        // plaintext bytes under EncryptedData; the record holds it among its encrypted fields.
        if isKind(object, of: "CKEncryptedData") {
            guard let bytes = try data("EncryptedData", in: object) else { throw .missingValue(path: path.description + ".EncryptedData") }
            return .bytes(bytes)
        }
        if isKind(object, of: "CKReference") { return .reference(try reference(object)) }
        if isKind(object, of: "CLLocation") { return .location(try location(object)) }
        if isKind(object, of: "NSArray") {
            // CloudKit lists hold scalars; refusing a list in a list also stops an array that holds itself.
            guard !inList else { throw .invalidValue(path: path.description, reason: "a list inside a list") }
            return try listValue(object)
        }
        throw .unsupportedValue(path: path.description, className: className(of: object))
    }

    private func listValue(_ array: ArchivedObject) throws(KeyedArchiveError) -> FieldValue {
        var values: [FieldValue] = []
        for (index, element) in try referenceArray("NS.objects", in: array).enumerated() {
            let path = array.path.index(index)
            guard let value = try fieldValue(node(element, at: path), path: path, inList: true) else {
                throw .invalidValue(path: path.description, reason: "a list element is nil")
            }
            values.append(value)
        }
        do { return try FieldValue.list(values) } catch {
            throw .invalidValue(path: array.path.description, reason: error.description)
        }
    }

    /// A `CKAsset`: file URL, signatures (as base64, like Web Services' checksums), size, receipt.
    func asset(_ asset: ArchivedObject) throws(KeyedArchiveError) -> Asset {
        let fileURL = try url("AssetFileURL", in: asset, depth: 0)
        let signature = try data("AssetSignature", in: asset)
        let referenceSignature = try data("ReferenceSignature", in: asset)
        let wrappedKey = try data("WrappedAssetKey", in: asset)
        let size = try integer("AssetSize", in: asset)
        let receipt = try string("AssetUploadReceipt", in: asset)
        let downloadURL = try url("AssetDownloadURL", in: asset, depth: 0)
        do {
            return try Asset(
                fileURL: fileURL,
                fileChecksum: signature?.base64EncodedString(),
                size: size,
                referenceChecksum: referenceSignature?.base64EncodedString(),
                wrappingKey: wrappedKey?.base64EncodedString(),
                receipt: receipt,
                downloadURL: downloadURL?.absoluteString
            )
        } catch {
            throw .invalidValue(path: asset.path.description, reason: error.description)
        }
    }

    /// An NSURL (`NS.relative` against an optional `NS.base`) or a plain string; nil when absent.
    func url(_ key: String, in parent: ArchivedObject, depth: Int) throws(KeyedArchiveError) -> URL? {
        let path = parent.path.key(key).description
        switch try value(key, in: parent) {
        case .null: return nil
        case let .string(text):
            guard let url = URL(string: text) else { throw .invalidValue(path: path, reason: "\"\(text)\" is not a URL") }
            return url
        case let .object(object) where isKind(object, of: "NSURL"):
            guard depth < 8 else { throw .invalidValue(path: path, reason: "NS.base chain deeper than 8") }
            let base = try url("NS.base", in: object, depth: depth + 1)
            guard let relative = try string("NS.relative", in: object) else { throw .missingValue(path: path + ".NS.relative") }
            guard let url = URL(string: relative, relativeTo: base) else {
                throw .invalidValue(path: path, reason: "\"\(relative)\" is not a URL")
            }
            return base == nil ? url : url.absoluteURL
        case let other:
            throw .typeMismatch(path: path, expected: "NSURL", found: typeName(of: other))
        }
    }

    /// A `CLLocation`. Negative accuracies, speed and course mean "invalid" in CoreLocation and become nil.
    func location(_ location: ArchivedObject) throws(KeyedArchiveError) -> Location {
        func number(_ name: String) throws(KeyedArchiveError) -> Double? {
            try self.double("kCLLocationCodingKey" + name, in: location)
        }
        var latitude = try number("CoordinateLatitude")
        if latitude == nil { latitude = try number("RawCoordinateLatitude") }
        var longitude = try number("CoordinateLongitude")
        if longitude == nil { longitude = try number("RawCoordinateLongitude") }
        guard let latitude, let longitude else {
            throw .missingValue(path: location.path.key("kCLLocationCodingKeyCoordinateLatitude").description)
        }
        let valid: (Double?) -> Double? = { value in value.flatMap { $0 >= 0 ? $0 : nil } }
        let verticalAccuracy = valid(try number("VerticalAccuracy"))
        let rawAltitude = try number("Altitude")
        let altitude = (verticalAccuracy != nil || (rawAltitude ?? 0) != 0) ? rawAltitude : nil
        let timestamp = try number("Timestamp").map { Date(timeIntervalSinceReferenceDate: $0) }
        let horizontalAccuracy = valid(try number("HorizontalAccuracy"))
        let speed = valid(try number("Speed"))
        let course = valid(try number("Course"))
        do {
            return try Location(
                latitude: latitude,
                longitude: longitude,
                altitude: altitude,
                horizontalAccuracy: horizontalAccuracy,
                verticalAccuracy: verticalAccuracy,
                speed: speed,
                course: course,
                timestamp: timestamp
            )
        } catch {
            throw .invalidValue(path: location.path.description, reason: error.description)
        }
    }
}
