extension RecordFieldWriter {
    /// Sets a typed reference field, with the field's schema action when the reference has none of its own.
    @inlinable @inline(__always)
    public mutating func set<Target>(_ field: Model.Field, _ value: RecordReference<Target>, schemaAction: Reference.Action) {
        store(value.withDefaultAction(schemaAction).fieldValue, field, false)
    }

    /// Sets an optional typed reference field; nil leaves it out of the record.
    @inlinable @inline(__always)
    public mutating func set<Target>(_ field: Model.Field, _ value: RecordReference<Target>?, schemaAction: Reference.Action) {
        guard let value else { return }
        store(value.withDefaultAction(schemaAction).fieldValue, field, false)
    }

    /// Sets a list of typed references, each with the field's schema action when it has none of its own.
    @inlinable @inline(__always)
    public mutating func setList<Target>(_ field: Model.Field, _ values: [RecordReference<Target>], schemaAction: Reference.Action) {
        let references = values.map { $0.reference(defaultAction: schemaAction) }
        store(.list(.reference(references)), field, false)
    }
}
