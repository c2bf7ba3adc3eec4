import Foundation

extension QueryFilter {
    /// Whether `record` meets the filter, as CloudKit evaluates it: a missing field meets only the negative
    /// comparators (`notEquals`, `notIn`, `notBeginsWith` and the `notList…` ones) and ``QueryComparator/isNil``;
    /// values of different kinds are unequal and unordered, except integers and doubles, which compare as numbers.
    /// The nil checks, which CloudKit lacks, ask only whether the record has the field (an empty list is a value).
    public func isMet(by record: Record) -> Bool {
        let field: FieldValue? = switch fieldName {
        case Self.recordIDField: .reference(Reference(recordID: record.id, action: .none))
        case Self.creationDateField: record.system.creationDate.map(FieldValue.timestamp)
        case Self.modificationDateField: record.system.modificationDate.map(FieldValue.timestamp)
        default: record[fieldName]
        }
        switch comparator {
        case .isNil: return field == nil
        case .isNotNil: return field != nil
        default: break
        }
        guard let field else { return comparator.isNegative }
        switch comparator {
        case .isNil, .isNotNil: return false  // answered above
        case .equals: return QueryValueOrder.equal(field, value)
        case .notEquals: return !QueryValueOrder.equal(field, value)
        case .lessThan: return QueryValueOrder.compare(field, value) == .orderedAscending
        case .lessThanOrEquals: return QueryValueOrder.compare(field, value).map { $0 != .orderedDescending } ?? false
        case .greaterThan: return QueryValueOrder.compare(field, value) == .orderedDescending
        case .greaterThanOrEquals: return QueryValueOrder.compare(field, value).map { $0 != .orderedAscending } ?? false
        case .near:
            guard case let .location(here) = field, case let .location(center) = value, let distance else { return false }
            return QueryValueOrder.meters(from: here, to: center) <= distance
        case .containsAllTokens, .containsAnyTokens:
            guard case let .string(text) = field, case let .string(query) = value else { return false }
            let tokens = Set(QueryValueOrder.tokens(of: text)), wanted = QueryValueOrder.tokens(of: query)
            return comparator == .containsAllTokens ? wanted.allSatisfy(tokens.contains) : wanted.contains(where: tokens.contains)
        case .in: return elements(of: value).contains { QueryValueOrder.equal(field, $0) }
        case .notIn: return !elements(of: value).contains { QueryValueOrder.equal(field, $0) }
        case .beginsWith, .notBeginsWith:
            guard case let .string(text) = field, case let .string(prefix) = value else { return comparator == .notBeginsWith }
            return text.hasPrefix(prefix) == (comparator == .beginsWith)
        case .listContains: return elements(of: field).contains { QueryValueOrder.equal($0, value) }
        case .notListContains: return !elements(of: field).contains { QueryValueOrder.equal($0, value) }
        case .listContainsAll, .notListContainsAll:
            let items = elements(of: field)
            let all = elements(of: value).allSatisfy { wanted in items.contains { QueryValueOrder.equal($0, wanted) } }
            return all == (comparator == .listContainsAll)
        case .listContainsAny, .notListContainsAny:
            let items = elements(of: field)
            let any = elements(of: value).contains { wanted in items.contains { QueryValueOrder.equal($0, wanted) } }
            return any == (comparator == .listContainsAny)
        case .listMemberBeginsWith, .notListMemberBeginsWith:
            guard case let .string(prefix) = value else { return comparator == .notListMemberBeginsWith }
            let hit = elements(of: field).contains { if case let .string(s) = $0 { s.hasPrefix(prefix) } else { false } }
            return hit == (comparator == .listMemberBeginsWith)
        }
    }

    private func elements(of value: FieldValue) -> [FieldValue] {
        if case let .list(list) = value { return list.values }
        return [value]
    }
}

extension QueryComparator {
    /// Whether a record without the field meets the comparator.
    var isNegative: Bool {
        switch self {
        case .notEquals, .notIn, .notBeginsWith, .notListContains, .notListContainsAny, .notListContainsAll,
             .notListMemberBeginsWith: true
        default: false
        }
    }
}

/// How query evaluation compares field values.
enum QueryValueOrder {
    static func equal(_ a: FieldValue, _ b: FieldValue) -> Bool {
        switch (a, b) {
        case let (.reference(x), .reference(y)): x.recordID == y.recordID
        case (.int64, .double), (.double, .int64): compare(a, b) == .orderedSame
        default: a == b
        }
    }

    /// The order of two values of one comparable kind; nil when they do not compare.
    static func compare(_ a: FieldValue, _ b: FieldValue) -> ComparisonResult? {
        switch (a, b) {
        case let (.string(x), .string(y)): order(x, y)
        case let (.int64(x), .int64(y)): order(x, y)
        case let (.double(x), .double(y)): x.isNaN || y.isNaN ? nil : order(x, y)
        case let (.int64(x), .double(y)): y.isNaN ? nil : order(Double(x), y)
        case let (.double(x), .int64(y)): x.isNaN ? nil : order(x, Double(y))
        case let (.timestamp(x), .timestamp(y)): order(x, y)
        default: nil
        }
    }

    private static func order<T: Comparable>(_ x: T, _ y: T) -> ComparisonResult {
        x < y ? .orderedAscending : x > y ? .orderedDescending : .orderedSame
    }

    /// The words of a text, folded for case and diacritics, as CloudKit's token search matches them.
    static func tokens(of text: String) -> [String] {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .split { !$0.isLetter && !$0.isNumber }
            .map(String.init)
    }

    /// The great-circle distance between two locations, in meters (haversine, mean Earth radius).
    static func meters(from a: Location, to b: Location) -> Double {
        let radians = Double.pi / 180
        let dLat = (b.latitude - a.latitude) * radians, dLon = (b.longitude - a.longitude) * radians
        let h = sin(dLat / 2) * sin(dLat / 2)
            + cos(a.latitude * radians) * cos(b.latitude * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * 6_371_008.8 * asin(min(1, h.squareRoot()))
    }
}
