import Foundation
import RecordKit

/// The merge rules of the Cards schemas (Tests/RecordKitGeneratorTests/Fixtures/Cards.v*.records.xml), written
/// again from the rules' text for the property test's oracle, without the runtime's `FieldMerger` or the generated
/// merges: a field changed on one side only (against the ancestor, the last server copy the device saw) takes that
/// side; a field changed on both sides goes to the side whose `modified` is later, the server's on a tie; a list
/// field of `lists="union"` keeps what neither side removed and adds what either added; fields the app version
/// does not know merge key by key with the same clock; the version field takes the higher version.
struct OracleAppVersion: Sendable, CustomStringConvertible {
    /// The schema version.
    let version: Int
    /// The fields this version's models know, with the value a record lacking them decodes to.
    let known: [String: FieldValue]
    /// The known list fields merged as a union.
    let unionLists: Set<String>

    static let clock = "modified"
    static let versionField = "version"

    static let v1 = OracleAppVersion(
        version: 1,
        known: ["title": .string(""), "body": .string(""), "color": .int64(0), "tags": .list(.string([])),
                clock: .timestamp(Date(timeIntervalSince1970: 0))],
        unionLists: ["tags"])
    static let v2 = OracleAppVersion(
        version: 2,
        known: v1.known.merging(["label": .string(""), "links": .list(.string([]))]) { old, _ in old },
        unionLists: ["tags", "links"])

    var description: String { "schema v\(version)" }

    /// The known fields a new record gets edited at first: all but the clock, which every edit sets.
    var editableFields: [String] { known.keys.filter { $0 != Self.clock }.sorted() }

    /// The three-way merge a device of this version makes of its pending local record and a server copy.
    func merge(ancestor: RecordFields?, client: RecordFields, server: RecordFields) -> RecordFields {
        let clientWins: Bool
        switch (Self.timestamp(client[Self.clock]), Self.timestamp(server[Self.clock])) {
        case let (clientClock?, serverClock?): clientWins = clientClock > serverClock
        case (.some, nil): clientWins = true
        case (nil, _): clientWins = false
        }
        var merged = RecordFields()
        let keys = Set(client.keys).union(server.keys).union(known.keys)
        for key in keys.sorted() {
            if key == Self.versionField {
                let versions = [client[key], server[key]].compactMap(Self.integer)
                if let highest = versions.max() { merged[key] = .int64(highest) }
                continue
            }
            if let fallback = known[key] {
                // A known field: what the model decodes, a default where the record lacks it.
                let base = ancestor.map { $0[key] ?? fallback }
                let mine = client[key] ?? fallback, theirs = server[key] ?? fallback
                if unionLists.contains(key) {
                    merged[key] = .list(.string(Self.union(base.map(Self.strings), Self.strings(mine), Self.strings(theirs))))
                } else {
                    merged[key] = Self.pick(base, mine, theirs, clientWins: clientWins)
                }
            } else {
                // Unknown to this version: key by key, a missing value being a value of its own.
                let base: FieldValue?? = ancestor.map { $0[key] }
                if let value = Self.pick(base, client[key], server[key], clientWins: clientWins) { merged[key] = value }
            }
        }
        return merged
    }

    private static func pick<T: Equatable>(_ ancestor: T??, _ client: T?, _ server: T?, clientWins: Bool) -> T? {
        if client == server { return server }
        if let ancestor {
            if client == ancestor { return server }
            if server == ancestor { return client }
        }
        return clientWins ? client : server
    }

    private static func pick(_ ancestor: FieldValue?, _ client: FieldValue, _ server: FieldValue, clientWins: Bool) -> FieldValue {
        if client == server { return server }
        if let ancestor {
            if client == ancestor { return server }
            if server == ancestor { return client }
        }
        return clientWins ? client : server
    }

    /// The union rule: the ancestor's elements both sides kept, in the ancestor's order, then the server's
    /// additions, then the client's, once each. Without an ancestor: the server's list, then the client's new elements.
    static func union(_ ancestor: [String]?, _ client: [String], _ server: [String]) -> [String] {
        if client == server { return server }
        var result: [String]
        var seen: Set<String>
        guard let ancestor else {
            result = server
            seen = Set(server)
            for element in client where seen.insert(element).inserted { result.append(element) }
            return result
        }
        if client == ancestor { return server }
        if server == ancestor { return client }
        let before = Set(ancestor)
        result = ancestor.filter { client.contains($0) && server.contains($0) }
        seen = Set(result)
        for element in server + client where !before.contains(element) && seen.insert(element).inserted {
            result.append(element)
        }
        return result
    }

    static func strings(_ value: FieldValue) -> [String] {
        if case let .list(.string(elements)) = value { return elements }
        return []
    }

    static func timestamp(_ value: FieldValue?) -> Date? {
        if case let .timestamp(date)? = value { return date }
        return nil
    }

    static func integer(_ value: FieldValue?) -> Int64? {
        if case let .int64(number)? = value { return number }
        return nil
    }
}
