/// JSON shape: `{"zoneName": "notebook", "ownerName": "__defaultOwner__"}`. Both are always written; a missing
/// `ownerName` reads as the current user (``RecordZoneID/defaultOwnerName``), as in ``init(zoneName:ownerName:)``.
extension RecordZoneID: Codable {
    private enum CodingKeys: String, CodingKey {
        case zoneName, ownerName
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            zoneName: try container.decode(String.self, forKey: .zoneName),
            ownerName: try container.decodeIfPresent(String.self, forKey: .ownerName) ?? RecordZoneID.defaultOwnerName)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(zoneName, forKey: .zoneName)
        try container.encode(ownerName, forKey: .ownerName)
    }
}

/// JSON shape: `{"recordName": "note-1", "zoneID": {"zoneName": …, "ownerName": …}}`. Both are always written; a
/// missing `zoneID` reads as the default zone, as in ``init(recordName:zoneID:)``.
extension RecordID: Codable {
    private enum CodingKeys: String, CodingKey {
        case recordName, zoneID
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            recordName: try container.decode(String.self, forKey: .recordName),
            zoneID: try container.decodeIfPresent(RecordZoneID.self, forKey: .zoneID) ?? .default)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(recordName, forKey: .recordName)
        try container.encode(zoneID, forKey: .zoneID)
    }
}

/// JSON shape: the action's name, `"none"`, `"deleteSelf"` or `"validate"`; any other string is
/// `DecodingError.dataCorrupted`.
extension Reference.Action: Codable {}

/// JSON shape: `{"recordID": {…}, "action": "deleteSelf"}`. The action is always written; a missing one reads as
/// `none`, as in ``init(recordID:action:)``.
extension Reference: Codable {
    private enum CodingKeys: String, CodingKey {
        case recordID, action
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            recordID: try container.decode(RecordID.self, forKey: .recordID),
            action: try container.decodeIfPresent(Action.self, forKey: .action) ?? .none)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(recordID, forKey: .recordID)
        try container.encode(action, forKey: .action)
    }
}

/// JSON shape: `{"recordID": {…}, "action": "deleteSelf"}`, as ``Reference``, except that a reference without an
/// action of its own (the schema's) has no `action` member, and reads back without one.
extension RecordReference: Codable {
    private enum CodingKeys: String, CodingKey {
        case recordID, action
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            try container.decode(RecordID.self, forKey: .recordID),
            optionalAction: try container.decodeIfPresent(Reference.Action.self, forKey: .action))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(recordID, forKey: .recordID)
        try container.encodeIfPresent(action, forKey: .action)
    }
}
