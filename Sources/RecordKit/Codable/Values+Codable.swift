import Foundation

/// JSON shape: an object with the members that are present, of `fileURL` (a URL), `fileChecksum`, `size` (an
/// integer), `referenceChecksum`, `wrappingKey`, `receipt` and `downloadURL` (strings). Decoding checks what
/// ``init(fileURL:fileChecksum:size:referenceChecksum:wrappingKey:receipt:downloadURL:)`` checks: an asset that
/// names no file, or has a negative size, is `DecodingError.dataCorrupted`.
extension Asset: Codable {
    private enum CodingKeys: String, CodingKey {
        case fileURL, fileChecksum, size, referenceChecksum, wrappingKey, receipt, downloadURL
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        do {
            try self.init(
                fileURL: try container.decodeIfPresent(URL.self, forKey: .fileURL),
                fileChecksum: try container.decodeIfPresent(String.self, forKey: .fileChecksum),
                size: try container.decodeIfPresent(Int64.self, forKey: .size),
                referenceChecksum: try container.decodeIfPresent(String.self, forKey: .referenceChecksum),
                wrappingKey: try container.decodeIfPresent(String.self, forKey: .wrappingKey),
                receipt: try container.decodeIfPresent(String.self, forKey: .receipt),
                downloadURL: try container.decodeIfPresent(String.self, forKey: .downloadURL))
        } catch let error as RecordValueError {
            throw DecodingError.invalidValue(error, in: decoder)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(fileURL, forKey: .fileURL)
        try container.encodeIfPresent(fileChecksum, forKey: .fileChecksum)
        try container.encodeIfPresent(size, forKey: .size)
        try container.encodeIfPresent(referenceChecksum, forKey: .referenceChecksum)
        try container.encodeIfPresent(wrappingKey, forKey: .wrappingKey)
        try container.encodeIfPresent(receipt, forKey: .receipt)
        try container.encodeIfPresent(downloadURL, forKey: .downloadURL)
    }
}

/// JSON shape: `{"latitude": 47.37, "longitude": 8.54}` plus the measurements that are present, of `altitude`,
/// `horizontalAccuracy`, `verticalAccuracy`, `speed`, `course` (numbers) and `timestamp` (a date, in the encoder's
/// date strategy). Decoding checks what ``init(latitude:longitude:altitude:horizontalAccuracy:verticalAccuracy:speed:course:timestamp:)``
/// checks: a coordinate out of range is `DecodingError.dataCorrupted`.
extension Location: Codable {
    private enum CodingKeys: String, CodingKey {
        case latitude, longitude, altitude, horizontalAccuracy, verticalAccuracy, speed, course, timestamp
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        do {
            try self.init(
                latitude: try container.decode(Double.self, forKey: .latitude),
                longitude: try container.decode(Double.self, forKey: .longitude),
                altitude: try container.decodeIfPresent(Double.self, forKey: .altitude),
                horizontalAccuracy: try container.decodeIfPresent(Double.self, forKey: .horizontalAccuracy),
                verticalAccuracy: try container.decodeIfPresent(Double.self, forKey: .verticalAccuracy),
                speed: try container.decodeIfPresent(Double.self, forKey: .speed),
                course: try container.decodeIfPresent(Double.self, forKey: .course),
                timestamp: try container.decodeIfPresent(Date.self, forKey: .timestamp))
        } catch let error as RecordValueError {
            throw DecodingError.invalidValue(error, in: decoder)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(latitude, forKey: .latitude)
        try container.encode(longitude, forKey: .longitude)
        try container.encodeIfPresent(altitude, forKey: .altitude)
        try container.encodeIfPresent(horizontalAccuracy, forKey: .horizontalAccuracy)
        try container.encodeIfPresent(verticalAccuracy, forKey: .verticalAccuracy)
        try container.encodeIfPresent(speed, forKey: .speed)
        try container.encodeIfPresent(course, forKey: .course)
        try container.encodeIfPresent(timestamp, forKey: .timestamp)
    }
}

/// JSON shape: an object with the members that are present, of `changeTag`, `creationDate`,
/// `creatorUserRecordName`, `modificationDate`, `lastModifiedUserRecordName`, `modifiedByDevice` (dates in the
/// encoder's date strategy, the rest strings), `parent` and `share` (``Reference``s). `{}` for a record the server
/// has never seen.
extension SystemFields: Codable {
    private enum CodingKeys: String, CodingKey {
        case changeTag, creationDate, creatorUserRecordName, modificationDate, lastModifiedUserRecordName
        case modifiedByDevice, parent, share
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            changeTag: try container.decodeIfPresent(String.self, forKey: .changeTag),
            creationDate: try container.decodeIfPresent(Date.self, forKey: .creationDate),
            creatorUserRecordName: try container.decodeIfPresent(String.self, forKey: .creatorUserRecordName),
            modificationDate: try container.decodeIfPresent(Date.self, forKey: .modificationDate),
            lastModifiedUserRecordName: try container.decodeIfPresent(String.self, forKey: .lastModifiedUserRecordName),
            modifiedByDevice: try container.decodeIfPresent(String.self, forKey: .modifiedByDevice),
            parent: try container.decodeIfPresent(Reference.self, forKey: .parent),
            share: try container.decodeIfPresent(Reference.self, forKey: .share))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(changeTag, forKey: .changeTag)
        try container.encodeIfPresent(creationDate, forKey: .creationDate)
        try container.encodeIfPresent(creatorUserRecordName, forKey: .creatorUserRecordName)
        try container.encodeIfPresent(modificationDate, forKey: .modificationDate)
        try container.encodeIfPresent(lastModifiedUserRecordName, forKey: .lastModifiedUserRecordName)
        try container.encodeIfPresent(modifiedByDevice, forKey: .modifiedByDevice)
        try container.encodeIfPresent(parent, forKey: .parent)
        try container.encodeIfPresent(share, forKey: .share)
    }
}
