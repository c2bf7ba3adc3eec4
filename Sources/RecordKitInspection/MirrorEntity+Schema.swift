import RecordKitCoreDataMirror
import RecordSchema

extension MirrorEntity {
    /// The entity hierarchy a record type of an imported Core Data schema describes (`recordgen import` makes
    /// `CD_<root>` types). Asset fields are left out: they are the `_ckAsset` companions CloudKit keeps for large
    /// values, never a column. Kinds Core Data cannot store (reference, location, list) are left out as well.
    public init(recordType: RecordType) {
        let fields = recordType.fields.compactMap { field -> MirrorField? in
            let kind: MirrorField.Kind
            switch field.type {
            case .scalar(.string): kind = field.representation == .uuid ? .uuidString : .string
            case .scalar(.int64): kind = .int64
            case .scalar(.double): kind = .double
            case .scalar(.timestamp): kind = .timestamp
            case .scalar(.bytes): kind = .bytes
            default: return nil
            }
            return MirrorField(name: field.name, kind: kind, isEncrypted: field.isEncrypted)
        }
        self.init(recordType: recordType.name, fields: fields)
    }
}
