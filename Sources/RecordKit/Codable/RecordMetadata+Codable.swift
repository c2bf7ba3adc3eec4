/// JSON shape: `{"recordID": {…}, "system": {…}, "unknownFields": {…}, "unknownEncryptedFields": {…},
/// "decodedVersion": 2}`. `recordID` (a ``RecordID``) is always written and required; the others are written only
/// when they hold something and read as empty (or nil) when missing: `system` is ``SystemFields``, the unknown
/// fields are ``RecordFields``, `decodedVersion` an integer.
///
/// A generated model writes its metadata under the member `___metadata`, beside its fields: no field can have that
/// name (CloudKit keeps names starting with `___` for its system fields).
extension RecordMetadata: Codable {
    private enum CodingKeys: String, CodingKey {
        case recordID, system, unknownFields, unknownEncryptedFields, decodedVersion
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            recordID: try container.decode(RecordID.self, forKey: .recordID),
            system: try container.decodeIfPresent(SystemFields.self, forKey: .system) ?? SystemFields(),
            unknownFields: try container.decodeIfPresent(RecordFields.self, forKey: .unknownFields) ?? RecordFields(),
            unknownEncryptedFields: try container.decodeIfPresent(RecordFields.self, forKey: .unknownEncryptedFields)
                ?? RecordFields(),
            decodedVersion: try container.decodeIfPresent(Int.self, forKey: .decodedVersion))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(recordID, forKey: .recordID)
        if system != SystemFields() { try container.encode(system, forKey: .system) }
        if !unknownFields.isEmpty { try container.encode(unknownFields, forKey: .unknownFields) }
        if !unknownEncryptedFields.isEmpty { try container.encode(unknownEncryptedFields, forKey: .unknownEncryptedFields) }
        try container.encodeIfPresent(decodedVersion, forKey: .decodedVersion)
    }
}
