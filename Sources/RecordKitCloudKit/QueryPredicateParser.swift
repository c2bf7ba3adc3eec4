#if canImport(CloudKit)
import Foundation
import RecordKit

/// Reads back the predicate of a `CKQuerySubscription` the server returns, as `NSPredicate.predicateFormat`
/// prints it: the clauses ``QueryPredicateFormat`` writes, joined by `AND`, with strings, numbers, dates
/// (`CAST(<seconds since 2001>, "NSDate")`) and lists of them (`{"a", "b"}`) as values
/// (https://developer.apple.com/library/archive/documentation/Cocoa/Conceptual/Predicates/Articles/pSyntax.html).
/// Anything else (references, locations, other operators) is an error, never a guess.
struct QueryPredicateParser {
    private var tokens: [Token]
    private var index = 0
    private let subscriptionID: String
    private let text: String

    enum Token: Equatable {
        case word(String)
        case string(String)
        case number(String)
        case symbol(String)
    }

    /// The filters of a printed predicate.
    static func filters(from text: String, subscriptionID: String) throws(CloudKitBridgeError) -> [QueryFilter] {
        var parser = QueryPredicateParser(tokens: [], subscriptionID: subscriptionID, text: text)
        parser.tokens = try parser.tokenize(text)
        if parser.tokens == [.word("TRUEPREDICATE")] { return [] }
        var filters = [try parser.clause()]
        while parser.index < parser.tokens.count {
            guard parser.takeWord("AND") else { throw parser.failure("expected AND") }
            filters.append(try parser.clause())
        }
        return filters
    }

    private func failure(_ reason: String) -> CloudKitBridgeError {
        .unreadablePredicate(subscriptionID: subscriptionID, predicate: text, reason: reason)
    }

    // MARK: Clauses

    private mutating func clause() throws(CloudKitBridgeError) -> QueryFilter {
        let negated = takeWord("NOT")
        let parenthesized = take(.symbol("("))
        guard case let .word(key)? = next() else { throw failure("expected a field name") }
        guard let operation = next() else { throw failure("expected an operator after \(key)") }
        let value = try self.value()
        if parenthesized, !take(.symbol(")")) { throw failure("expected )") }
        let comparator = try Self.comparator(operation, negated: negated).get(or: failure("unsupported operator"))
        let field = key == "recordID" ? QueryFilter.recordIDField : key
        return QueryFilter(field, comparator, value)
    }

    private static func comparator(_ token: Token, negated: Bool) -> QueryComparator? {
        let pair: (QueryComparator, QueryComparator?)
        switch token {
        case .symbol("=="), .symbol("="): pair = (.equals, .notEquals)
        case .symbol("!="), .symbol("<>"): pair = (.notEquals, .equals)
        case .symbol("<"): pair = (.lessThan, nil)
        case .symbol("<="): pair = (.lessThanOrEquals, nil)
        case .symbol(">"): pair = (.greaterThan, nil)
        case .symbol(">="): pair = (.greaterThanOrEquals, nil)
        case let .word(word) where word.uppercased() == "IN": pair = (.in, .notIn)
        case let .word(word) where word.uppercased() == "BEGINSWITH": pair = (.beginsWith, .notBeginsWith)
        case let .word(word) where word.uppercased() == "CONTAINS": pair = (.listContains, .notListContains)
        default: return nil
        }
        return negated ? pair.1 : pair.0
    }

    private mutating func value() throws(CloudKitBridgeError) -> FieldValue {
        switch next() {
        case let .string(text)?: return .string(text)
        case let .number(text)?: return try number(text)
        case .symbol("{")?:
            var elements: [FieldValue] = []
            if !take(.symbol("}")) {
                repeat { elements.append(try value()) } while take(.symbol(","))
                guard take(.symbol("}")) else { throw failure("expected }") }
            }
            do {
                return try .list(elements)
            } catch {
                throw failure("a list of values of different kinds")
            }
        case let .word(word)? where word.uppercased() == "CAST":
            guard take(.symbol("(")), case let .number(seconds)? = next(), take(.symbol(",")),
                next() == .string("NSDate"), take(.symbol(")")), let interval = Double(seconds)
            else { throw failure("expected CAST(<seconds>, \"NSDate\")") }
            return .timestamp(Date(timeIntervalSinceReferenceDate: interval))
        default:
            throw failure("expected a string, a number, a date or a list")
        }
    }

    private func number(_ text: String) throws(CloudKitBridgeError) -> FieldValue {
        if let integer = Int64(text) { return .int64(integer) }
        if let double = Double(text), double.isFinite { return .double(double) }
        throw failure("\(text) is not a number")
    }

    // MARK: Tokens

    private mutating func next() -> Token? {
        guard index < tokens.count else { return nil }
        defer { index += 1 }
        return tokens[index]
    }

    private mutating func take(_ token: Token) -> Bool {
        guard index < tokens.count, tokens[index] == token else { return false }
        index += 1
        return true
    }

    private mutating func takeWord(_ word: String) -> Bool {
        guard index < tokens.count, case let .word(found) = tokens[index], found.uppercased() == word else { return false }
        index += 1
        return true
    }

    private func tokenize(_ text: String) throws(CloudKitBridgeError) -> [Token] {
        var tokens: [Token] = []
        let scalars = Array(text.unicodeScalars)
        var at = 0
        while at < scalars.count {
            let scalar = scalars[at]
            if scalar == " " || scalar == "\t" || scalar == "\n" {
                at += 1
            } else if scalar == "\"" || scalar == "'" {
                var value = String.UnicodeScalarView()
                at += 1
                while at < scalars.count, scalars[at] != scalar {
                    if scalars[at] == "\\" { at += 1 }
                    guard at < scalars.count else { break }
                    value.append(scalars[at])
                    at += 1
                }
                guard at < scalars.count else { throw failure("unterminated string") }
                at += 1
                tokens.append(.string(String(value)))
            } else if CharacterSet.decimalDigits.contains(scalar) || (scalar == "-" && at + 1 < scalars.count
                && CharacterSet.decimalDigits.contains(scalars[at + 1])) {
                var value = String.UnicodeScalarView([scalar])
                at += 1
                while at < scalars.count, CharacterSet(charactersIn: "0123456789.eE+-").contains(scalars[at]) {
                    value.append(scalars[at])
                    at += 1
                }
                tokens.append(.number(String(value)))
            } else if CharacterSet.letters.contains(scalar) || scalar == "_" || scalar == "#" {
                var value = String.UnicodeScalarView()
                if scalar != "#" { value.append(scalar) }  // `#` escapes a reserved word used as a key
                at += 1
                while at < scalars.count, CharacterSet.alphanumerics.contains(scalars[at]) || scalars[at] == "_" {
                    value.append(scalars[at])
                    at += 1
                }
                tokens.append(.word(String(value)))
            } else {
                let pair = at + 1 < scalars.count ? String(String.UnicodeScalarView([scalar, scalars[at + 1]])) : ""
                if ["==", "!=", "<=", ">=", "<>"].contains(pair) {
                    tokens.append(.symbol(pair))
                    at += 2
                } else if "=<>(){},".unicodeScalars.contains(scalar) {
                    tokens.append(.symbol(String(scalar)))
                    at += 1
                } else {
                    throw failure("unexpected character \(scalar)")
                }
            }
        }
        return tokens
    }
}

extension Optional {
    fileprivate func get(or error: CloudKitBridgeError) throws(CloudKitBridgeError) -> Wrapped {
        guard let self else { throw error }
        return self
    }
}
#endif
