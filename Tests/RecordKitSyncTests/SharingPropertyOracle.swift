import Foundation
import RecordKit

/// The sharing property test's oracle: a model of every owner's zone and shares, kept from the scenario's own
/// actions by the sharing rules, never by asking the simulator or comparing devices.
///
/// Exactness: shares, participants and permissions change, and owners delete records, only at a barrier where
/// everybody has settled, so every write of an epoch meets the same permissions when it reaches the server, and
/// within an epoch each field of a record has at most one writer with write access (its first), so the schema's
/// merge rules (a field changed on one side only takes that side) leave that writer's last value, whatever the
/// order of arrival. Writers without write access write values of their own (every value is a unique token),
/// which must never reach the server.
struct SharingOracle {
    /// One record of an owner's zone as the server must hold it.
    struct Card {
        var parent: String?
        /// The fields the scenario writes (`modified` is the store's stamp and not modelled).
        var fields: [String: FieldValue]
    }

    /// One participant of a share (the owner is not listed).
    struct Participant {
        var permission: SharePermission
        var accepted: Bool
    }

    /// One share: of the hierarchy under `root`, or of the whole zone when `root` is nil.
    struct Share {
        let recordName: String
        let root: String?
        var url: URL?
        var participants: [String: Participant]
    }

    static let editableFields = ["title", "body", "color", "label", "tags"]

    let people: [String]
    /// Each owner's zone: record name -> card.
    var zones: [String: [String: Card]] = [:]
    /// Each owner's shares, by ``Share/recordName``.
    var shares: [String: [String: Share]] = [:]
    /// The tokens written by writers without write access: none may ever reach the server.
    private(set) var forbiddenTokens: Set<Int> = []
    /// Records created by writers without write access, as (owner, name).
    private(set) var forbiddenRecords: Set<OwnedName> = []
    /// This epoch's writer of each field: (owner, name, field) -> device.
    private var writers: [String: String] = [:]
    private var nextToken = 0

    struct OwnedName: Hashable { let owner: String, name: String }

    init(people: [String]) {
        self.people = people
        for person in people {
            zones[person] = [:]
            shares[person] = [:]
        }
    }

    // MARK: Values

    /// A new unique token.
    mutating func token() -> Int {
        nextToken += 1
        return nextToken
    }

    /// The value a field takes for `token`.
    static func value(_ token: Int, for field: String) -> FieldValue {
        switch field {
        case "color": .int64(Int64(token))
        case "tags": .list(.string(["t\(token)"]))
        default: .string("t\(token)")
        }
    }

    /// The token a value carries, if it is one of ours (of a tag list, the tag its edit added).
    static func token(of value: FieldValue) -> Int? {
        switch value {
        case let .int64(number): Int(number)
        case let .string(text) where text.hasPrefix("t"): Int(text.dropFirst())
        // A tag list carries the token of the tag its edit added, the last one.
        case let .list(.string(list)): list.last.flatMap { $0.hasPrefix("t") ? Int($0.dropFirst()) : nil }
        default: nil
        }
    }

    func isForbidden(_ value: FieldValue) -> Bool {
        if case let .list(.string(list)) = value {
            return list.contains { isForbidden(.string($0)) }
        }
        return Self.token(of: value).map(forbiddenTokens.contains) ?? false
    }

    // MARK: Access

    /// The records of `owner`'s zone that `share` covers: its root and every record whose parent chain reaches
    /// the root (a chain through a deleted record ends there), or every record for a zone share.
    func covered(by share: Share, owner: String) -> Set<String> {
        let zone = zones[owner] ?? [:]
        guard let root = share.root else { return Set(zone.keys) }
        return Set(zone.keys.filter { name in
            var current: String? = name
            var seen: Set<String> = []
            while let step = current, let card = zone[step], seen.insert(step).inserted {
                if step == root { return true }
                current = card.parent
            }
            return false
        })
    }

    /// The permission `person` has on `owner`'s record `name` (nil: no access): an owner may write everything of
    /// theirs; a participant has the permission of an accepted share covering the record.
    func permission(of person: String, owner: String, name: String) -> SharePermission? {
        if person == owner { return .readWrite }
        var best: SharePermission?
        for share in (shares[owner] ?? [:]).values {
            guard let participant = share.participants[person], participant.accepted,
                  covered(by: share, owner: owner).contains(name) else { continue }
            if participant.permission == .readWrite || best == nil { best = participant.permission }
        }
        return best
    }

    /// What `person`'s devices hold after a settle: (owner, name) of their own records and of those the shares
    /// they accepted cover.
    func visible(to person: String) -> Set<OwnedName> {
        var names = Set((zones[person] ?? [:]).keys.map { OwnedName(owner: person, name: $0) })
        for owner in people where owner != person {
            for share in (shares[owner] ?? [:]).values where share.participants[person]?.accepted == true {
                names.formUnion(covered(by: share, owner: owner).map { OwnedName(owner: owner, name: $0) })
            }
        }
        return names
    }

    // MARK: Writes

    /// Whether `device` may take `field` of the record this epoch: no other device wrote it with access.
    func mayWrite(_ field: String, of record: OwnedName, device: String) -> Bool {
        writers[Self.key(record, field)].map { $0 == device } ?? true
    }

    /// A device of `person` wrote `values` to `record` (a new record under `parent` when `created`); returns
    /// whether the rules accept the write. Accepted values become the record's; refused ones are forbidden.
    @discardableResult
    mutating func wrote(
        _ values: [String: FieldValue], to record: OwnedName, by person: String, device: String, created: Bool, parent: String?
    ) -> Bool {
        guard accepts(write: person, to: record, created: created, parent: parent) else {
            forbiddenTokens.formUnion(values.values.compactMap(Self.token))
            if created { forbiddenRecords.insert(record) }
            return false
        }
        for (field, value) in values {
            writers[Self.key(record, field)] = device
            zones[record.owner, default: [:]][record.name, default: Card(parent: parent, fields: [:])].fields[field] = value
        }
        return true
    }

    /// Whether the rules accept a write by `person` to `record`: an owner's always; a participant's when a share
    /// they accepted gives them read-write access to the record (to its parent, for a new record).
    func accepts(write person: String, to record: OwnedName, created: Bool, parent: String?) -> Bool {
        if person == record.owner { return true }
        guard let name = created ? parent : record.name else { return false }
        return permission(of: person, owner: record.owner, name: name) == .readWrite
    }

    /// A barrier: every write reached the server; the next epoch's fields are free again.
    mutating func endEpoch() {
        writers = [:]
    }

    private static func key(_ record: OwnedName, _ field: String) -> String {
        "\(record.owner)/\(record.name)/\(field)"
    }

    // MARK: Sharing (at barriers)

    /// The owner deleted a record: a share rooted at it goes with it.
    mutating func deleted(_ name: String, owner: String) {
        zones[owner]?[name] = nil
        shares[owner] = shares[owner]?.filter { $0.value.root != name }
    }
}
