extension ModelArchiveWriter {
    /// Sets a typed reference field, with the field's schema action when the reference has none of its own
    /// (as `RecordFieldWriter` does, so both paths write the same bytes). References are never encrypted.
    @inlinable @inline(__always)
    public mutating func set<Target>(_ field: Model.Field, _ value: RecordReference<Target>, schemaAction: Reference.Action) {
        guard core.wants(false) else { return }
        core.putReference(field.rawValue, value.reference(defaultAction: schemaAction), encrypted: false)
    }

    /// Sets an optional typed reference field; nil leaves it out.
    @inlinable @inline(__always)
    public mutating func set<Target>(_ field: Model.Field, _ value: RecordReference<Target>?, schemaAction: Reference.Action) {
        guard let value, core.wants(false) else { return }
        core.putReference(field.rawValue, value.reference(defaultAction: schemaAction), encrypted: false)
    }

    /// Sets a list of typed references, each with the field's schema action when it has none of its own.
    @inlinable @inline(__always)
    public mutating func setList<Target>(_ field: Model.Field, _ values: [RecordReference<Target>], schemaAction: Reference.Action) {
        guard core.wants(false) else { return }
        core.put(field.rawValue, .list(.reference(values.map { $0.reference(defaultAction: schemaAction) })), encrypted: false)
    }
}
