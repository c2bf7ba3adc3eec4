import Foundation
import GRDB
import RecordKit

/// A ``ModelQuery`` compiled to SQL over a projection table (aliased `p`): its conditions, its order and their
/// arguments. Each comparator means what ``QueryFilter/isMet(by:)`` says: a record without the field meets only
/// the negative comparators and the nil check; records without a sort field come after those with it, in either
/// direction; ties go by record name. Local queries need no CloudKit index; a field the projection lacks is a
/// typed error.
struct ProjectionQuery {
    let type: ProjectedType
    /// The SQL function that gives the distance in meters between two points, for `near` and distance sorts.
    let distanceFunction: String
    private(set) var conditions: [String] = []
    private(set) var order: [String] = []
    private(set) var arguments: [DatabaseValueConvertible?] = []
    private(set) var orderArguments: [DatabaseValueConvertible?] = []
    /// Whether the conditions, or the order, call ``distanceFunction`` (which a connection must then have).
    private(set) var conditionsUseDistance = false
    private(set) var orderUsesDistance = false
    /// Whether the SQL text depends on the values compared, not only on the query's shape (an `in` list's
    /// length, a list of IDs): such a statement is prepared for each query rather than cached.
    private(set) var textVariesWithValues = false

    /// The alias of the projection table in the SQL (`p`).
    let alias: String

    init<Model>(_ query: ModelQuery<Model>, type: ProjectedType, distanceFunction: String, alias: String = "p") throws(RecordStoreError) {
        self.type = type
        self.distanceFunction = distanceFunction
        self.alias = alias
        for predicate in query.predicates {
            conditions.append(try condition(predicate.filter, key: predicate.key))
        }
        if let zoneID = query.zoneID {
            try RowCoding.checkStorable(zoneID)
            conditions.append("\(alias).zoneName = ? AND \(alias).ownerName = ?")
            arguments += [zoneID.zoneName, zoneID.ownerName]
        }
        for sort in query.sorts { try addSort(sort.key, ascending: sort.ascending, relativeLocation: sort.relativeLocation) }
        order += ["\(alias).recordName", "\(alias).zoneName", "\(alias).ownerName"]
    }

    /// `WHERE …` (empty when the query has no conditions).
    var whereClause: String { conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ") }
    var orderClause: String { "ORDER BY " + order.joined(separator: ", ") }
    var statementArguments: StatementArguments { StatementArguments(arguments + orderArguments) }
    var filterArguments: StatementArguments { StatementArguments(arguments) }

    // MARK: Targets

    /// What a query field reads in the projection.
    private enum Target {
        /// One column holding values of one kind.
        case column(String, FieldType)
        /// The three columns of an ID: a reference field's, or the record's own.
        case id(name: String, zone: String, owner: String)
        /// A location's two columns.
        case location(latitude: String, longitude: String)
    }

    private func target(_ key: QueryFieldKey) throws(RecordStoreError) -> Target {
        switch key {
        case .recordName: return .id(name: "\(alias).recordName", zone: "\(alias).zoneName", owner: "\(alias).ownerName")
        case .creationDate: return .column("\(alias).createdAt", .scalar(.timestamp))
        case .modificationDate: return .column("\(alias).modifiedAt", .scalar(.timestamp))
        case let .field(name):
            guard let field = type.layout.field(name) else {
                if type.layout.unprojectedKeys.contains(name) {
                    throw unsupported(key, "a bytes field has no column unless the schema declares it queryable or sortable")
                }
                throw .unknownQueryField(recordType: type.recordType, field: name)
            }
            let columns = field.columns.map { "\(alias)." + ProjectionNames.quoted($0.name) }
            switch field.field.type {
            case .scalar(.reference): return .id(name: columns[0], zone: columns[1], owner: columns[2])
            case .scalar(.location): return .location(latitude: columns[0], longitude: columns[1])
            default: return .column(columns[0], field.field.type)
            }
        }
    }

    private func unsupported(_ key: QueryFieldKey, _ reason: String) -> RecordStoreError {
        .unsupportedQuery(recordType: type.recordType, field: key.schemaName, reason: reason)
    }

    // MARK: Conditions

    private mutating func condition(_ filter: QueryFilter, key: QueryFieldKey) throws(RecordStoreError) -> String {
        let comparator = filter.comparator
        let target = try target(key)
        if comparator == .isNil || comparator == .isNotNil { return Self.nilCheck(target, isNil: comparator == .isNil) }
        switch target {
        case let .id(name, zone, owner):
            return try idCondition(filter, key: key, columns: (name, zone, owner))
        case let .location(latitude, longitude):
            guard comparator == .near, case let .location(center) = filter.value, let radius = filter.distance else {
                throw unsupported(key, "a location field is compared only by distance (near)")
            }
            arguments += [center.latitude, center.longitude, radius]
            conditionsUseDistance = true
            return "(\(latitude) IS NOT NULL AND \(distanceFunction)(\(latitude), \(longitude), ?, ?) <= ?)"
        case let .column(column, .list(of: kind)):
            return try listCondition(filter, key: key, column: column, kind: kind)
        case let .column(column, .scalar(kind)):
            return try scalarCondition(filter, key: key, column: column, kind: kind)
        }
    }

    /// A nil check: the field's first column is NULL exactly when the record has no value of the field's kind (a
    /// reference's record name, a location's latitude; a list's JSON array, `[]` when it is empty).
    private static func nilCheck(_ target: Target, isNil: Bool) -> String {
        let column = switch target {
        case let .column(column, _): column
        case let .id(name, _, _): name
        case let .location(latitude, _): latitude
        }
        return "\(column) IS \(isNil ? "" : "NOT ")NULL"
    }

    private mutating func idCondition(
        _ filter: QueryFilter, key: QueryFieldKey, columns: (name: String, zone: String, owner: String)
    ) throws(RecordStoreError) -> String {
        func ids(_ value: FieldValue) -> [RecordID] {
            switch value {
            case let .reference(reference): [reference.recordID]
            case let .list(.reference(references)): references.map(\.recordID)
            default: []
            }
        }
        let wanted = ids(filter.value)
        if case .list = filter.value { textVariesWithValues = true }
        let one = "(\(columns.name) = ? AND \(columns.zone) = ? AND \(columns.owner) = ?)"
        let anyOf = wanted.isEmpty ? "0" : "(" + Array(repeating: one, count: wanted.count).joined(separator: " OR ") + ")"
        switch filter.comparator {
        case .equals, .in, .notEquals, .notIn: break
        default: throw unsupported(key, "a reference is compared only for (in)equality with IDs")
        }
        for id in wanted { arguments += [id.recordName, id.zoneID.zoneName, id.zoneID.ownerName] }
        let positive = filter.comparator == .equals || filter.comparator == .in
        return positive ? anyOf : "(\(columns.name) IS NULL OR NOT \(anyOf))"
    }

    private mutating func scalarCondition(
        _ filter: QueryFilter, key: QueryFieldKey, column: String, kind: FieldKind
    ) throws(RecordStoreError) -> String {
        let value = ProjectionLayout.scalar(filter.value)
        let ordered = [.string, .int64, .double, .timestamp].contains(kind)
        switch filter.comparator {
        case .equals:
            arguments.append(value)
            return "\(column) = ?"
        case .notEquals:
            arguments.append(value)
            return "(\(column) IS NULL OR \(column) <> ?)"
        case .lessThan, .lessThanOrEquals, .greaterThan, .greaterThanOrEquals:
            guard ordered else { throw unsupported(key, "a \(kind) field has no order to compare with") }
            let op = switch filter.comparator {
            case .lessThan: "<"
            case .lessThanOrEquals: "<="
            case .greaterThan: ">"
            default: ">="
            }
            arguments.append(value)
            return "\(column) \(op) ?"
        case .in, .notIn:
            let values = elements(filter.value).map(ProjectionLayout.scalar)
            arguments += values.map { $0 as DatabaseValueConvertible? }
            textVariesWithValues = true
            let list = "\(column) IN (\(placeholders(values.count)))"
            return filter.comparator == .in ? list : "(\(column) IS NULL OR NOT \(list))"
        case .beginsWith, .notBeginsWith:
            guard kind == .string, case let .string(prefix) = filter.value else {
                throw unsupported(key, "only a string field has prefixes")
            }
            arguments += [prefix, prefix]
            let begins = "(\(column) >= ? AND instr(\(column), ?) = 1)"
            return filter.comparator == .beginsWith ? begins : "(\(column) IS NULL OR NOT \(begins))"
        case .containsAllTokens, .containsAnyTokens:
            return try tokenCondition(filter, key: key, column: column)
        case .near:
            throw unsupported(key, "near compares a location field")
        case .isNil, .isNotNil:
            throw unsupported(key, "a nil check is compiled before the field's kind is looked at")
        case .listContains, .notListContains, .listContainsAny, .notListContainsAny, .listContainsAll, .notListContainsAll,
             .listMemberBeginsWith, .notListMemberBeginsWith:
            throw unsupported(key, "\(filter.comparator.rawValue) compares a list field")
        }
    }

    /// A token match through the full-text table: the text's words, each quoted as an FTS5 phrase (so no
    /// character of the user's text is FTS syntax), all or any of them in the field's column.
    private mutating func tokenCondition(_ filter: QueryFilter, key: QueryFieldKey, column: String) throws(RecordStoreError) -> String {
        guard case let .field(name) = key, let fullText = type.fullTextTable,
              let field = type.layout.searchableFields.first(where: { $0.field.key == name })
        else {
            throw unsupported(key, "a token match needs a searchable field (add searchable=\"true\" to it in the schema)")
        }
        guard case let .string(text) = filter.value else { throw unsupported(key, "a token match takes a string") }
        let tokens = FullTextTokens.tokens(of: text)
        let all = filter.comparator == .containsAllTokens
        guard !tokens.isEmpty else { return all ? "\(column) IS NOT NULL" : "0" }
        let phrases = tokens.map { "{\(field.main)} : " + FullTextTokens.phrase($0) }
        arguments.append(phrases.joined(separator: all ? " AND " : " OR "))
        return "\(alias)._rowid IN (SELECT rowid FROM main.\(fullText) WHERE \(fullText) MATCH ?)"
    }

    private mutating func listCondition(
        _ filter: QueryFilter, key: QueryFieldKey, column: String, kind: FieldKind
    ) throws(RecordStoreError) -> String {
        let each = "json_each(\(column))"
        switch filter.comparator {
        case .listContains, .notListContains:
            arguments.append(ProjectionLayout.scalar(filter.value))
            let hit = "EXISTS (SELECT 1 FROM \(each) WHERE value = ?)"
            return filter.comparator == .listContains ? hit : "NOT " + hit
        case .listContainsAny, .notListContainsAny:
            let values = elements(filter.value).map(ProjectionLayout.scalar)
            textVariesWithValues = true
            arguments += values.map { $0 as DatabaseValueConvertible? }
            let hit = "EXISTS (SELECT 1 FROM \(each) WHERE value IN (\(placeholders(values.count))))"
            return filter.comparator == .listContainsAny ? hit : "NOT " + hit
        case .listContainsAll, .notListContainsAll:
            let values = elements(filter.value).map(ProjectionLayout.scalar)
            textVariesWithValues = true
            let missing: String
            if values.isEmpty {
                missing = "0"
            } else {
                arguments += values.map { $0 as DatabaseValueConvertible? }
                let rows = Array(repeating: "(?)", count: values.count).joined(separator: ", ")
                missing = "EXISTS (SELECT 1 FROM (VALUES \(rows)) w WHERE w.column1 NOT IN (SELECT value FROM \(each)))"
            }
            return filter.comparator == .listContainsAll
                ? "(\(column) IS NOT NULL AND NOT \(missing))" : "(\(column) IS NULL OR \(missing))"
        case .listMemberBeginsWith, .notListMemberBeginsWith:
            guard kind == .string, case let .string(prefix) = filter.value else {
                throw unsupported(key, "only a list of strings has members with prefixes")
            }
            arguments.append(prefix)
            let hit = "EXISTS (SELECT 1 FROM \(each) WHERE type = 'text' AND instr(value, ?) = 1)"
            return filter.comparator == .listMemberBeginsWith ? hit : "NOT " + hit
        default:
            throw unsupported(key, "a list field is compared by its members (contains, containsAny, containsAll, anyBeginsWith)")
        }
    }

    // MARK: Order

    private mutating func addSort(_ key: QueryFieldKey, ascending: Bool, relativeLocation: Location?) throws(RecordStoreError) {
        let direction = ascending ? "ASC" : "DESC"
        let target = try target(key)
        switch target {
        case let .id(name, _, _):
            // The record's own name sorts as a string; a reference has no order, only "present first".
            order.append(key == .recordName ? "\(name) \(direction)" : "(\(name) IS NULL)")
        case let .location(latitude, longitude):
            order.append("(\(latitude) IS NULL)")
            if let point = relativeLocation {
                orderArguments += [point.latitude, point.longitude]
                orderUsesDistance = true
                order.append("\(distanceFunction)(\(latitude), \(longitude), ?, ?) \(direction)")
            }
        case let .column(column, .scalar(kind)) where [.string, .int64, .double, .timestamp].contains(kind):
            // SQLite orders NULL first: last, as a descending order already puts it, so an index still serves it.
            order.append(ascending ? "\(column) ASC NULLS LAST" : "\(column) DESC")
        case let .column(column, _):
            order.append("(\(column) IS NULL)")
        }
    }

    // MARK: Helpers

    private func elements(_ value: FieldValue) -> [FieldValue] {
        if case let .list(list) = value { return list.values }
        return [value]
    }

    private func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }
}

/// The words of a full-text search, and how each becomes an FTS5 phrase.
enum FullTextTokens {
    /// The words of `text` as CloudKit's token search splits them: runs of letters and digits, folded for case
    /// and diacritics (the full-text table's tokenizer folds the stored text the same way).
    static func tokens(of text: String) -> [String] {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .split { !$0.isLetter && !$0.isNumber }
            .map(String.init)
    }

    /// A token as an FTS5 string: in double quotes, inner quotes doubled, so it is matched as text and never read
    /// as query syntax (`AND`, `*`, `^`, `:`, parentheses).
    static func phrase(_ token: String) -> String {
        "\"" + token.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
