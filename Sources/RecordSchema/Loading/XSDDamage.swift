/// What the XSD found wrong in a file, element by element, so that the semantic rules can still run on the rest
/// of the file in the same run without repeating or cascading from the XSD's errors.
///
/// An attribute the XSD refused (`kind="strng"`, `version="0"`, `optional="yes"`, an attribute not allowed, a
/// required one missing) is unknown: the model builder reads it as absent, and the rules skip every check that
/// depends on it (a field of unknown kind gets no kind, index, encryption, reference, enum, `as` or default
/// check; a record type of unknown version no `since` or `in` range check). An element the XSD refused as a
/// whole (a child not expected here) is skipped by the builder. No semantic finding is reported at a place the
/// XSD already reported: the damaged element's start and its damaged attributes.
struct XSDDamage: Sendable {
    /// The damaged elements by their location, with the attributes the XSD named (empty: the element itself).
    private(set) var attributes: [SourceLocation: Set<String>] = [:]
    /// Where semantic findings are dropped: the damaged elements and their damaged attributes.
    private(set) var suppressed: Set<SourceLocation> = []

    /// Records one XSD finding about `attribute` (nil: about the element) of the element at `element`;
    /// `attributeLocation` is where that attribute stands in the source.
    mutating func record(element: SourceLocation, attribute: String?, attributeLocation: SourceLocation?) {
        var names = attributes[element] ?? []
        if let attribute { names.insert(attribute) }
        attributes[element] = names
        suppressed.insert(element)
        if let attributeLocation { suppressed.insert(attributeLocation) }
    }

    /// Whether the XSD reported anything about the element at `element`.
    func isDamaged(_ element: SourceLocation) -> Bool {
        attributes[element] != nil
    }

    /// Whether the XSD refused (or missed) attribute `name` of the element at `element`.
    func isDamaged(_ name: String, of element: SourceLocation) -> Bool {
        attributes[element]?.contains(name) == true
    }

    /// Drops the findings that only repeat the XSD's, or follow from what it refused.
    func filter(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.filter { diagnostic in
            guard let location = diagnostic.location else { return true }
            return !suppressed.contains(location)
        }
    }
}
