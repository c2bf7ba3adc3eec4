/// A reference to a record of a known model type: the type of a generated reference field whose schema names its
/// target (`<field kind="reference" to="Folder">` is a `RecordReference<Folder>`), so a `Folder` field cannot
/// point at a `Note` by mistake.
///
/// Make one from the target model or its record ID. Its ``action`` is nil unless code chooses one: a model's field
/// keeps it as it is, and every writer (``RecordFieldSink``) gives a reference without an action the field's schema
/// action (`action=`, `none` when the schema names none), so `note.folder = RecordReference(folder)` deletes the
/// note with its folder when the schema says `deleteSelf`. A reference read from a record keeps the action the
/// record holds, except the field's schema action, which reads back as nil (the model it was written from). On the wire it is a plain
/// CloudKit reference (``Reference``): records, archives and merges are the same as with an untyped field.
public struct RecordReference<Target: RecordModel>: Sendable, Hashable {
    /// The referenced record.
    public var recordID: RecordID
    /// What the server does with the referring record when the target is deleted; nil for the schema's action of
    /// the field the reference is stored in. (Write `Reference.Action.none` for CloudKit's `none`: a bare `.none`
    /// is the optional's nil here.)
    public var action: Reference.Action?

    /// A reference to the record with this ID, with the schema's action once stored in a field.
    public init(_ recordID: RecordID) {
        self.recordID = recordID
        action = nil
    }

    /// A reference to the record with this ID, with the action code chose.
    public init(_ recordID: RecordID, action: Reference.Action) {
        self.recordID = recordID
        self.action = action
    }

    /// A reference to `target`'s record, with the schema's action once stored in a field.
    public init(_ target: Target) {
        self.init(target.recordID)
    }

    /// A reference to `target`'s record, with the action code chose.
    public init(_ target: Target, action: Reference.Action) {
        self.init(target.recordID, action: action)
    }

    /// A typed reference from an untyped one, keeping its action. Nothing checks that the record it points at is
    /// a `Target`: a CloudKit reference does not say.
    public init(_ reference: Reference) {
        self.init(reference.recordID, action: reference.action)
    }

    /// A reference with `action`, nil for the schema's: what a decoder that may or may not find one calls.
    init(_ recordID: RecordID, optionalAction action: Reference.Action?) {
        self.recordID = recordID
        self.action = action
    }

    /// The untyped reference, with `defaultAction` when this one has no action of its own.
    public func reference(defaultAction: Reference.Action = .none) -> Reference {
        Reference(recordID: recordID, action: action ?? defaultAction)
    }

    /// This reference, with `schemaAction` when it has no action of its own.
    @inlinable
    public func withDefaultAction(_ schemaAction: Reference.Action) -> Self {
        guard action == nil else { return self }
        var resolved = self
        resolved.action = schemaAction
        return resolved
    }
}

extension RecordReference {
    /// This reference without an action of its own when its action is `schemaAction`: how a model reads a
    /// reference that the writers gave the field's schema action, so a round trip gives an equal model.
    @inlinable
    public func withoutAction(_ schemaAction: Reference.Action) -> Self {
        guard action == schemaAction else { return self }
        var plain = self
        plain.action = nil
        return plain
    }

    // Generated code of API version 3 applied the schema action in `didSet`; version 4 leaves it to the writers.

    @available(*, unavailable, message: "regenerate with recordgen: the writers apply the schema action")
    public static func applyingSchemaAction(_ schemaAction: Reference.Action, to reference: Self) -> Self {
        reference.withDefaultAction(schemaAction)
    }

    @available(*, unavailable, message: "regenerate with recordgen: the writers apply the schema action")
    public static func applyingSchemaAction(_ schemaAction: Reference.Action, to reference: Self?) -> Self? {
        reference?.withDefaultAction(schemaAction)
    }

    @available(*, unavailable, message: "regenerate with recordgen: the writers apply the schema action")
    public static func applyingSchemaAction(_ schemaAction: Reference.Action, to references: [Self]) -> [Self] {
        references.map { $0.withDefaultAction(schemaAction) }
    }
}

extension RecordReference: RecordFieldValue {
    public static var fieldKind: FieldKind { .reference }

    /// Reads a stored reference, keeping its action.
    @inlinable
    public init(fieldValue: __shared FieldValue) throws(FieldValueError) {
        guard case let .reference(value) = fieldValue else { throw Self.mismatch(fieldValue) }
        self.init(value.recordID, action: value.action)
    }

    /// The stored reference; a reference without an action is written with `none`. Generated models never write
    /// one without: they apply the field's schema action first.
    @inlinable
    public var fieldValue: FieldValue { .reference(Reference(recordID: recordID, action: action ?? .none)) }
}

extension RecordReference: CustomStringConvertible {
    public var description: String {
        "RecordReference<\(Target.recordType)>(\(recordID.recordName)\(action.map { ", \($0.rawValue)" } ?? ""))"
    }
}
