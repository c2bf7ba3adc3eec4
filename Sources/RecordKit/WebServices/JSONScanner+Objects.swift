import Foundation

extension RecordZoneID {
    /// Stands for "the zone of the enclosing record or body", for references and records that name no zone;
    /// replaced before any value leaves the decoder. Its names cannot be real zone names.
    static let implicit = RecordZoneID(zoneName: "\u{0}implicit-zone", ownerName: "\u{0}implicit-owner")
}

/// Milliseconds between 1970-01-01 and 2001-01-01, Foundation's reference date.
private let referenceDateMilliseconds: Int64 = 978_307_200_000

/// The date `milliseconds` after 1970, computed from the exact integer so it is the same Date every time.
func date(fromMilliseconds milliseconds: Int64) -> Date? {
    let (sinceReference, overflow) = milliseconds.subtractingReportingOverflow(referenceDateMilliseconds)
    if overflow { return nil }
    return Date(timeIntervalSinceReferenceDate: Double(sinceReference) / 1000)
}

/// The whole milliseconds since 1970 nearest to `date`; nil when out of range or not finite.
func milliseconds(of date: Date) -> Int64? {
    let scaled = (date.timeIntervalSinceReferenceDate * 1000).rounded()
    guard scaled.isFinite, scaled > -9.2e18, scaled < 9.2e18 else { return nil }
    let (result, overflow) = Int64(scaled).addingReportingOverflow(referenceDateMilliseconds)
    return overflow ? nil : result
}

/// References, assets, locations, zone IDs and timestamps.
extension JSONScanner {
    /// Reads a timestamp: integer milliseconds since 1970.
    mutating func readTimestamp() throws(WebServicesError) -> Date {
        skipWhitespace()
        let start = index
        let milliseconds = try readInt64()
        guard let date = date(fromMilliseconds: milliseconds) else {
            throw error(.invalidNumber("timestamp \(milliseconds) is out of range"), at: start)
        }
        return date
    }

    /// Reads a zone ID `{zoneName, ownerRecordName, zoneType}`; a missing owner is the current user.
    mutating func readZoneID() throws(WebServicesError) -> (zoneID: RecordZoneID, zoneType: String?) {
        try beginObject()
        let start = index
        var zoneName: String?
        var owner: String?
        var zoneType: String?
        var first = true
        while let key = try nextKey(&first) {
            if self.key(key, is: "zoneName") {
                zoneName = try member("zoneName") { (s: inout JSONScanner) throws(WebServicesError) in try s.readString(cachedIn: .zoneName) }
            } else if self.key(key, is: "ownerRecordName") {
                owner = try member("ownerRecordName") { (s: inout JSONScanner) throws(WebServicesError) in try s.readOptionalString(cachedIn: .ownerRecordName) }
            } else if self.key(key, is: "zoneType") {
                zoneType = try member("zoneType") { (s: inout JSONScanner) throws(WebServicesError) in try s.readOptionalString(cachedIn: .zoneType) }
            } else {
                try skipMember(key)
            }
        }
        guard let zoneName else { throw error(.missingKey("zoneName"), at: start) }
        return (RecordZoneID(zoneName: zoneName, ownerName: owner ?? RecordZoneID.defaultOwnerName), zoneType)
    }

    /// Reads a reference `{recordName, zoneID, action}`. Without a zone it points into the enclosing record's
    /// zone (CloudKit references never leave their zone); without an action it is `NONE`.
    mutating func readReference() throws(WebServicesError) -> Reference {
        try beginObject()
        let start = index
        var recordName: String?
        var zoneID = RecordZoneID.implicit
        var action = Reference.Action.none
        var first = true
        while let key = try nextKey(&first) {
            if self.key(key, is: "recordName") {
                recordName = try member("recordName") { (s: inout JSONScanner) throws(WebServicesError) in try s.readString() }
            } else if self.key(key, is: "zoneID") {
                zoneID = try member("zoneID") { (s: inout JSONScanner) throws(WebServicesError) in try s.readZoneID().zoneID }
            } else if self.key(key, is: "action") {
                action = try member("action") { (s: inout JSONScanner) throws(WebServicesError) in try s.readReferenceAction() }
            } else {
                try skipMember(key)
            }
        }
        guard let recordName else { throw error(.missingKey("recordName"), at: start) }
        return Reference(recordID: RecordID(recordName: recordName, zoneID: zoneID), action: action)
    }

    private mutating func readReferenceAction() throws(WebServicesError) -> Reference.Action {
        skipWhitespace()
        let start = index
        switch try readString() {
        case "NONE": return .none
        case "DELETE_SELF": return .deleteSelf
        case "VALIDATE": return .validate
        case let other: throw error(.invalidValue("unknown reference action \"\(other)\" (expected NONE, DELETE_SELF or VALIDATE)"), at: start)
        }
    }

    /// Reads an asset `{fileChecksum, size, referenceChecksum, wrappingKey, receipt, downloadURL}`.
    mutating func readAsset() throws(WebServicesError) -> Asset {
        try beginObject()
        let start = index
        var fileChecksum: String?, referenceChecksum: String?, wrappingKey: String?, receipt: String?, downloadURL: String?
        var size: Int64?
        var first = true
        while let key = try nextKey(&first) {
            let name = string(of: key)
            switch name {
            case "fileChecksum": fileChecksum = try member(name) { (s: inout JSONScanner) throws(WebServicesError) in try s.readOptionalString() }
            case "referenceChecksum": referenceChecksum = try member(name) { (s: inout JSONScanner) throws(WebServicesError) in try s.readOptionalString() }
            case "wrappingKey": wrappingKey = try member(name) { (s: inout JSONScanner) throws(WebServicesError) in try s.readOptionalString() }
            case "receipt": receipt = try member(name) { (s: inout JSONScanner) throws(WebServicesError) in try s.readOptionalString() }
            case "downloadURL": downloadURL = try member(name) { (s: inout JSONScanner) throws(WebServicesError) in try s.readOptionalString() }
            case "size": size = try member(name) { (s: inout JSONScanner) throws(WebServicesError) in try s.readInt64() }
            default: try skipMember(key)
            }
        }
        do {
            return try Asset(fileChecksum: fileChecksum, size: size, referenceChecksum: referenceChecksum,
                             wrappingKey: wrappingKey, receipt: receipt, downloadURL: downloadURL)
        } catch {
            throw self.error(.invalidValue(error.description), at: start)
        }
    }

    /// Reads a location; members that are absent stay absent.
    mutating func readLocation() throws(WebServicesError) -> Location {
        try beginObject()
        let start = index
        var latitude: Double?, longitude: Double?, altitude: Double?, horizontalAccuracy: Double?
        var verticalAccuracy: Double?, speed: Double?, course: Double?
        var timestamp: Date?
        var first = true
        let readDouble = { (s: inout JSONScanner) throws(WebServicesError) -> Double in try s.readDouble() }
        while let key = try nextKey(&first) {
            let name = string(of: key)
            switch name {
            case "latitude": latitude = try member(name, readDouble)
            case "longitude": longitude = try member(name, readDouble)
            case "altitude": altitude = try member(name, readDouble)
            case "horizontalAccuracy": horizontalAccuracy = try member(name, readDouble)
            case "verticalAccuracy": verticalAccuracy = try member(name, readDouble)
            case "speed": speed = try member(name, readDouble)
            case "course": course = try member(name, readDouble)
            case "timestamp": timestamp = try member(name) { (s: inout JSONScanner) throws(WebServicesError) in try s.readTimestamp() }
            default: try skipMember(key)
            }
        }
        guard let latitude else { throw error(.missingKey("latitude"), at: start) }
        guard let longitude else { throw error(.missingKey("longitude"), at: start) }
        do {
            return try Location(latitude: latitude, longitude: longitude, altitude: altitude,
                                horizontalAccuracy: horizontalAccuracy, verticalAccuracy: verticalAccuracy,
                                speed: speed, course: course, timestamp: timestamp)
        } catch {
            throw self.error(.invalidValue(error.description), at: start)
        }
    }

    /// Reads one member's value with `read`; errors name the member.
    @inline(__always)
    mutating func member<T>(_ name: String, _ read: (inout JSONScanner) throws(WebServicesError) -> T) throws(WebServicesError) -> T {
        do throws(WebServicesError) {
            return try read(&self)
        } catch {
            throw error.within(.key(name))
        }
    }
}
