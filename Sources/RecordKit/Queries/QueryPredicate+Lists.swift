import Foundation

// List membership on list fields: `Book.Fields.tags.contains("poetry")`. A list of a kind CloudKit cannot index
// (assets) is refused by the schema, so its field carries no index and validation refuses the filter.
extension QueryField {
    /// The list holds `element`.
    public func contains<Element: RecordFieldValue>(_ element: Element) -> QueryPredicate<Model> where Value == [Element] {
        QueryPredicate(self, .listContains, element.fieldValue)
    }

    /// The list does not hold `element` (records without the field pass).
    public func notContains<Element: RecordFieldValue>(_ element: Element) -> QueryPredicate<Model> where Value == [Element] {
        QueryPredicate(self, .notListContains, element.fieldValue)
    }

    /// The list holds at least one of `elements`.
    public func containsAny<Element: RecordFieldValue>(of elements: [Element]) -> QueryPredicate<Model> where Value == [Element] {
        QueryPredicate(self, .listContainsAny, .list(Element.fieldList(of: elements)))
    }

    /// The list holds none of `elements` (records without the field pass).
    public func containsNone<Element: RecordFieldValue>(of elements: [Element]) -> QueryPredicate<Model> where Value == [Element] {
        QueryPredicate(self, .notListContainsAny, .list(Element.fieldList(of: elements)))
    }

    /// The list holds every one of `elements`.
    public func containsAll<Element: RecordFieldValue>(of elements: [Element]) -> QueryPredicate<Model> where Value == [Element] {
        QueryPredicate(self, .listContainsAll, .list(Element.fieldList(of: elements)))
    }

    /// Some element of the list (of strings) starts with `prefix`.
    public func anyBeginsWith(_ prefix: String) -> QueryPredicate<Model> where Value == [String] {
        QueryPredicate(self, .listMemberBeginsWith, .string(prefix))
    }

    /// The list of references holds one to `target`.
    public func contains<Target>(_ target: RecordReference<Target>) -> QueryPredicate<Model> where Value == [RecordReference<Target>] {
        QueryPredicate(self, .listContains, .reference(target.reference()))
    }
}
