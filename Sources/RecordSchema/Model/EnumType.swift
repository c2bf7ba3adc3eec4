/// An enum stored in an int64 or string field (`<enum name=… kind=…>`).
public struct EnumType: Sendable, Hashable {
    /// The field kind that stores the raw value.
    public enum RawKind: String, Sendable, Hashable, CaseIterable {
        case int64, string
    }

    public var name: String
    public var kind: RawKind
    public var doc: String?
    public var cases: [EnumCase]
    public var location: SourceLocation

    public init(name: String, kind: RawKind, doc: String? = nil, cases: [EnumCase], location: SourceLocation) {
        self.name = name
        self.kind = kind
        self.doc = doc
        self.cases = cases
        self.location = location
    }

    /// The case with this name.
    public func enumCase(named name: String) -> EnumCase? { cases.first { $0.name == name } }
}

/// One case of an enum (`<case name=… value=…>`); `value` is the raw value's text as written.
public struct EnumCase: Sendable, Hashable {
    public var name: String
    public var value: String
    public var doc: String?
    public var location: SourceLocation

    public init(name: String, value: String, doc: String? = nil, location: SourceLocation) {
        self.name = name
        self.value = value
        self.doc = doc
        self.location = location
    }
}
