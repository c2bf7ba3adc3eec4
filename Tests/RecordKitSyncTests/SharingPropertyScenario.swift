import CardsV2
import Foundation
import RecordKit
import RecordKitStore
import RecordKitSync
import RecordKitTesting

/// One seeded random scenario of the sharing property test: 2–3 people with 1–2 devices each, each owning a zone
/// of cards with folder roots, cards under them and cards outside any share. Epochs of random steps (edits of
/// random fields of any card a device holds, new cards, full and partial syncs, devices offline, killed and
/// relaunched, server faults) alternate with barriers: everybody settles, the oracle (``SharingOracle``) checks
/// every device and the server, then owners share roots or zones, participants accept through the share URL or
/// leave, owners change permissions, remove participants, delete shares and delete cards.
/// After every step no value written without write access may be on the server or accepted in any response.
struct SharingScenario {
    /// Kinds of step that `SHARING_PROPERTY_WITHOUT` (a comma-separated list of raw values) leaves out, to tell
    /// which rule a failing seed breaks.
    enum Kind: String, CaseIterable, Sendable {
        /// What a participant's shares cover in a zone they keep changes: a second share of the zone, a zone lost
        /// and shared again between two of the participant's syncs, an owner's delete of a card with cards under
        /// it (which leaves the shared hierarchy). Without it, coverage only grows by new cards and ends with the
        /// zone.
        case coverageChanges
        /// Devices offline, killed and relaunched, and server faults.
        case faults
        /// Owners delete cards.
        case ownerDeletes

        /// The kinds the environment leaves out (`SHARING_PROPERTY_WITHOUT=faults,...`); unset, none.
        static var leftOut: Set<Kind> { PropertyTestSeeds.leftOut(environmentPrefix: "SHARING_PROPERTY") }
    }

    static let zone = RecordZoneID(zoneName: "cards")
    static let editable = SharingOracle.editableFields

    let seed: UInt64
    let verbose: Bool
    let kinds: Set<Kind>
    var random: SeededGenerator
    let harness: SyncHarness
    var oracle: SharingOracle
    let names: [String]
    private(set) var problems: [String] = []
    /// What the scenario did, for the summary line.
    private(set) var counts: [String: Int] = [:]
    private var nextName = 0
    private var editClock = 0
    /// "owner/participant" for each participant who lost a share of the owner at this barrier.
    private var leftAtThisBarrier: Set<String> = []

    init(seed: UInt64, verbose: Bool, leavingOut leftOut: Set<Kind> = []) throws {
        self.seed = seed
        self.verbose = verbose
        kinds = Set(Kind.allCases).subtracting(leftOut)
        var random = SeededGenerator(seed: seed)
        names = Array(["ann", "ben", "cat"].prefix(2 + Int(random.next() % 2)))
        let devicesEach = 1 + Int(random.next() % 2)
        self.random = random
        harness = try SyncHarness(people: names, devicesEach: devicesEach, models: [Card.self], zones: [Self.zone], seed: seed) {
            $0.maxTransientRetries = 1
            $0.initialBackoff = 1
        }
        oracle = SharingOracle(people: names)
    }

    // MARK: Running

    /// Runs the scenario; returns what went against the rules, one sentence each.
    mutating func run() async throws -> [String] {
        for person in harness.people {
            for device in person.devices {
                await device.privateConnection.recordTraffic(true)
                await device.sharedConnection.recordTraffic(true)
            }
        }
        log("people \(names), \(harness.people[0].devices.count) device(s) each")
        for owner in names.indices { try createInitialCards(owner) }
        try await barrier()
        let epochs = 3 + Int(random.next() % 3)
        for _ in 0..<epochs {
            guard problems.isEmpty else { break }
            let deleted = try await changeSharing()
            if deleted || random.next() % 2 == 0 { try await barrier() }
            if kinds.contains(.faults) {
                await harness.simulator.setRandomFaults(RandomFaults(
                    probability: 0.1, faults: [.failBeforeCommit, .loseResponse, .serviceUnavailable(retryAfter: 1), .zoneBusy(retryAfter: 1)]))
            }
            for _ in 0..<(6 + Int(random.next() % 10)) {
                try await step()
                await checkNothingForbiddenReachedTheServer()
            }
            try await barrier()
        }
        return problems
    }

    private func log(_ line: @autoclosure () -> String) {
        if verbose { print("  " + line()) }
    }

    private mutating func count(_ what: String) {
        counts[what, default: 0] += 1
    }

    private mutating func pick<T>(_ items: [T]) -> T? {
        items.isEmpty ? nil : items[Int(random.next() % UInt64(items.count))]
    }

    private mutating func chance(_ percent: UInt64) -> Bool {
        random.next() % 100 < percent
    }

    /// The app's edit time: one logical second later at every edit, across devices, as a real app stamps the
    /// clock field (the devices' virtual clocks stand still, so the store's stamp alone would tie two edits of
    /// one device, and a tie goes to the server).
    private mutating func tick() -> Date {
        editClock += 1
        return Date(timeIntervalSince1970: 1_000 + Double(editClock))
    }

    private mutating func newName() -> String {
        nextName += 1
        return "n\(nextName)"
    }

    // MARK: Names

    /// The zone of `owner`'s cards as `person` names it: the default owner for their own.
    static func zoneID(owner: String, as person: String) -> RecordZoneID {
        owner == person ? zone : RecordZoneID(zoneName: zone.zoneName, ownerName: owner)
    }

    /// The record a device of `person` names `id`, as (owner, name).
    static func owned(_ id: RecordID, as person: String) -> SharingOracle.OwnedName {
        let owner = id.zoneID.ownerName == RecordZoneID.defaultOwnerName ? person : id.zoneID.ownerName
        return SharingOracle.OwnedName(owner: owner, name: id.recordName)
    }

    static func serverID(_ record: SharingOracle.OwnedName) -> RecordID {
        RecordID(recordName: record.name, zoneID: RecordZoneID(zoneName: zone.zoneName, ownerName: record.owner))
    }

    private func person(_ index: Int) -> SimulatedPerson { harness.people[index] }

    // MARK: Steps

    /// Two folder roots with cards under them (one nested), and one card outside any folder, saved on the
    /// owner's first device.
    private mutating func createInitialCards(_ owner: Int) throws {
        let device = person(owner)[0]
        for (name, parent) in [("r0", nil), ("r1", nil), ("a", "r0"), ("b", "r0"), ("c", "r1"), ("d", "a"), ("loose", nil)] as [(String, String?)] {
            try create(name, parent: parent, in: Self.zone, on: device, person: owner)
        }
    }

    /// A new card `name` under `parent` in `zone` (as the device names it), every field a new token.
    private mutating func create(_ name: String, parent: String?, in zone: RecordZoneID, on device: PersonDevice, person: Int) throws {
        var values: [String: FieldValue] = [:]
        for field in Self.editable { values[field] = SharingOracle.value(oracle.token(), for: field) }
        var card = Card(recordID: RecordID(recordName: name, zoneID: zone), title: "", body: "", color: 0, tags: [], modified: Date(timeIntervalSince1970: 1))
        Self.apply(values, to: &card)
        card.modified = tick()
        card.metadata.system.parent = parent.map { Reference(recordID: RecordID(recordName: $0, zoneID: zone)) }
        try device.store.save(card)
        let record = Self.owned(card.recordID, as: names[person])
        let accepted = oracle.wrote(values, to: record, by: names[person], device: device.name, created: true, parent: parent)
        count(accepted ? "creates" : "refused creates")
        log("\(device.name) creates \(record.owner)/\(name) under \(parent ?? "nothing")\(accepted ? "" : " (no write access)")")
    }

    static func apply(_ values: [String: FieldValue], to card: inout Card) {
        for (field, value) in values {
            switch (field, value) {
            case let ("title", .string(text)): card.title = text
            case let ("body", .string(text)): card.body = text
            case let ("label", .string(text)): card.label = text
            case let ("color", .int64(number)): card.color = number
            case let ("tags", .list(.string(list))): card.tags = list
            default: break
            }
        }
    }

    private mutating func step() async throws {
        let owner = Int(random.next() % UInt64(names.count))
        guard let device = pick(person(owner).devices) else { return }
        switch random.next() % 100 {
        case 0..<35: try edit(on: device, person: owner)
        case 35..<45: try createUnderHeldCard(on: device, person: owner)
        case 45..<62:
            count("syncs")
            log("\(device.name) syncs")
            try? await device.sync()
        case 62..<72:
            count("partial syncs")
            log("\(device.name) syncs its private database only")
            try? await device.syncPrivate()
        case 72..<82:
            count("partial syncs")
            log("\(device.name) syncs its shared database only")
            try? await device.syncShared()
        case 82...:
            guard kinds.contains(.faults) else {
                try? await device.sync()
                return
            }
            try await fault(on: device)
        default: break
        }
    }

    /// Takes the device offline or back, kills it in its next sync, or relaunches it.
    private mutating func fault(on device: PersonDevice) async throws {
        switch random.next() % 3 {
        case 0:
            if device.isOnline { device.goOffline() } else { device.goOnline() }
            count("offline toggles")
            log("\(device.name) goes \(device.isOnline ? "online" : "offline")")
        case 1:
            let requests = 1 + Int(random.next() % 4)
            device.kill(afterRequests: requests)
            count("kills")
            log("\(device.name) is killed after \(requests) request(s) of its next sync")
            try? await device.sync()
            // A sync of fewer requests leaves the kill armed: disarm it, or it would strike in the quiet settle.
            if !device.isDead { device.line.revive() }
        default:
            guard device.isDead else { return }
            device.relaunch()
            log("\(device.name) relaunches")
        }
    }

    /// Edits 1–2 random fields of a random card the device holds: a writer with access takes only fields no
    /// other device wrote this epoch; a writer without access writes anything (all of it must be refused).
    private mutating func edit(on device: PersonDevice, person: Int) throws {
        guard var card = pick(try device.store.fetchAll(Card.self).models.sorted { $0.recordID < $1.recordID }) else { return }
        let record = Self.owned(card.recordID, as: names[person])
        let accepted = oracle.accepts(write: names[person], to: record, created: false, parent: nil)
        var fields = Self.editable.filter { !accepted || oracle.mayWrite($0, of: record, device: device.name) }
        var values: [String: FieldValue] = [:]
        for _ in 0..<(1 + random.next() % 2) {
            guard let field = pick(fields) else { break }
            fields.removeAll { $0 == field }
            values[field] = SharingOracle.value(oracle.token(), for: field)
            // Tags merge as a union: an app adds a tag to those it holds, as removing one its last server copy
            // lacks (a write whose response was lost) would be undone by the union.
            if field == "tags", case let .list(.string(added))? = values[field] { values[field] = .list(.string(card.tags + added)) }
        }
        guard !values.isEmpty else { return }
        Self.apply(values, to: &card)
        card.modified = tick()
        try device.store.save(card)
        oracle.wrote(values, to: record, by: names[person], device: device.name, created: false, parent: nil)
        count(accepted ? "edits" : "refused edits")
        log("\(device.name) sets \(values.keys.sorted()) of \(record.owner)/\(record.name)\(accepted ? "" : " (no write access)")")
    }

    /// A new card under a card the device holds (an owner's also outside any folder).
    private mutating func createUnderHeldCard(on device: PersonDevice, person: Int) throws {
        let held = try device.store.fetchAll(Card.self).models.map(\.recordID).sorted()
        if chance(25) || held.isEmpty {
            try create(newName(), parent: nil, in: Self.zone, on: device, person: person)
        } else if let parent = pick(held) {
            try create(newName(), parent: parent.recordName, in: parent.zoneID, on: device, person: person)
        }
    }

    // MARK: Sharing changes (at barriers)

    /// 1–3 changes of sharing, each through the acting person's database as an app makes it; returns whether an
    /// owner deleted a card.
    private mutating func changeSharing() async throws -> Bool {
        var deleted = false
        leftAtThisBarrier = []
        for _ in 0..<(1 + random.next() % 4) {
            let owner = Int(random.next() % UInt64(names.count))
            switch random.next() % 100 {
            case 0..<25: try await share(owner)
            case 25..<45: try await accept()
            case 45..<58: try await changePermission(owner)
            case 58..<68: try await changeParticipants(owner)
            case 68..<76: try await deleteShare(owner)
            case 76..<86: try await leave()
            default:
                guard kinds.contains(.ownerDeletes) else { continue }
                deleted = try await deleteCard(owner) || deleted
            }
        }
        return deleted
    }

    private func shareID(_ share: SharingOracle.Share, owner: String, as person: String) -> RecordID {
        RecordID(recordName: share.recordName, zoneID: Self.zoneID(owner: owner, as: person))
    }

    /// The people `owner` may invite to another share: all others, or (without ``Kind/coverageChanges``) those in
    /// none of the owner's shares who did not leave one at this barrier.
    private func invitable(by owner: Int) -> [String] {
        let shares = (oracle.shares[names[owner]] ?? [:]).values
        return names.filter { name in
            name != names[owner] && (kinds.contains(.coverageChanges)
                || (!shares.contains { $0.participants[name] != nil } && !leftAtThisBarrier.contains("\(names[owner])/\(name)")))
        }
    }

    /// `participant` is no longer in a share of `owner`.
    private mutating func left(_ participant: String, owner: String) {
        leftAtThisBarrier.insert("\(owner)/\(participant)")
    }

    private mutating func randomParticipants(besides owner: Int) -> [String: SharingOracle.Participant] {
        var others = invitable(by: owner)
        guard !others.isEmpty else { return [:] }
        var chosen: [String: SharingOracle.Participant] = [:]
        for _ in 0..<(1 + random.next() % UInt64(others.count)) {
            guard let name = pick(others) else { break }
            others.removeAll { $0 == name }
            chosen[name] = SharingOracle.Participant(permission: chance(50) ? .readOnly : .readWrite, accepted: false)
        }
        return chosen
    }

    /// The owner shares a folder root not yet shared, or (with no share yet) the whole zone.
    private mutating func share(_ owner: Int) async throws {
        let name = names[owner]
        let shares = oracle.shares[name] ?? [:]
        guard !shares.values.contains(where: { $0.root == nil }) else { return }
        let roots = (oracle.zones[name] ?? [:]).filter { $0.key.hasPrefix("r") && $0.value.parent == nil }.keys
            .filter { root in !shares.values.contains { $0.root == root } }.sorted()
        let participants = randomParticipants(besides: owner)
        let listed = participants.sorted { $0.key < $1.key }.map {
            ShareParticipant(identity: ShareUserIdentity(userRecordName: $0.key), permission: $0.value.permission)
        }
        let database = person(owner).user.privateDatabase
        let saved: RecordShare
        let root: String?
        if shares.isEmpty && chance(30) {
            root = nil
            saved = try await database.saveShare(RecordShare(zoneID: Self.zone, participants: listed), rootRecord: nil)
        } else {
            guard let chosen = pick(roots) else { return }
            root = chosen
            let rootID = RecordID(recordName: chosen, zoneID: Self.zone)
            let record = try await database.fetchRecords([rootID])[0].result.get()
            saved = try await database.saveShare(
                RecordShare(rootRecordID: rootID, shareRecordName: "share-\(chosen)-\(newName())", participants: listed), rootRecord: record)
        }
        oracle.shares[name, default: [:]][saved.id.recordName] = SharingOracle.Share(
            recordName: saved.id.recordName, root: root, url: saved.url, participants: participants)
        count("shares")
        log("\(name) shares \(root ?? "the zone") with \(participants.map { "\($0.key) (\($0.value.permission))" }.sorted())")
        // Most invitations are taken at once.
        for participant in participants.keys.sorted() where chance(60) {
            try await accept(saved.id.recordName, of: name, by: participant)
        }
    }

    /// Every (owner, share, participant) the oracle lists, in a stable order.
    private func memberships(accepted: Bool? = nil) -> [(owner: String, share: String, participant: String)] {
        var all: [(String, String, String)] = []
        for owner in names {
            for (shareName, share) in (oracle.shares[owner] ?? [:]).sorted(by: { $0.key < $1.key }) {
                for (participant, state) in share.participants.sorted(by: { $0.key < $1.key })
                where accepted == nil || state.accepted == accepted {
                    all.append((owner, shareName, participant))
                }
            }
        }
        return all
    }

    /// A participant invited and not yet joined opens the share's URL and accepts, through one of their devices'
    /// shared engine (which starts syncing it) or through their account alone.
    private mutating func accept() async throws {
        guard let (owner, shareName, participant) = pick(memberships(accepted: false)) else { return }
        try await accept(shareName, of: owner, by: participant)
    }

    private mutating func accept(_ shareName: String, of owner: String, by participant: String) async throws {
        guard let url = oracle.shares[owner]?[shareName]?.url,
              let index = names.firstIndex(of: participant) else { return }
        let user = person(index).user
        let metadata = try await user.fetchShareMetadata(url)
        if chance(50), let device = pick(person(index).devices) {
            _ = try await device.sharedEngine.acceptShare(metadata, using: user)
        } else {
            _ = try await user.acceptShare(metadata)
        }
        oracle.shares[owner]?[shareName]?.participants[participant]?.accepted = true
        count("accepts")
        log("\(participant) accepts \(owner)'s \(shareName)")
    }

    /// Saves `owner`'s share again with its participants changed by `change` (read from the server first, as an
    /// app edits a share it holds).
    private func saveShare(_ shareName: String, owner: Int, change: (inout [ShareParticipant]) -> Void) async throws {
        let database = person(owner).user.privateDatabase
        var share = try await database.fetchShare(RecordID(recordName: shareName, zoneID: Self.zone))
        var others = share.participants.filter { $0.role != .owner }
        change(&others)
        share.participants = others
        _ = try await database.saveShare(share, rootRecord: nil)
    }

    /// The owner turns a participant read-only from read-write, or the other way round.
    private mutating func changePermission(_ owner: Int) async throws {
        let name = names[owner]
        guard let (_, shareName, participant) = pick(memberships().filter { $0.owner == name }),
              let old = oracle.shares[name]?[shareName]?.participants[participant]?.permission else { return }
        let new: SharePermission = old == .readOnly ? .readWrite : .readOnly
        try await saveShare(shareName, owner: owner) { participants in
            for index in participants.indices where participants[index].identity.userRecordName == participant {
                participants[index].permission = new
            }
        }
        oracle.shares[name]?[shareName]?.participants[participant]?.permission = new
        count("permission changes")
        log("\(name) makes \(participant) \(new) on \(shareName)")
    }

    /// The owner removes a participant from a share, or invites someone not in it yet.
    private mutating func changeParticipants(_ owner: Int) async throws {
        let name = names[owner]
        guard let (shareName, share) = pick((oracle.shares[name] ?? [:]).sorted { $0.key < $1.key }) else { return }
        let outside = invitable(by: owner).filter { share.participants[$0] == nil }
        if let added = pick(outside), chance(50) {
            let permission: SharePermission = chance(50) ? .readOnly : .readWrite
            try await saveShare(shareName, owner: owner) {
                $0.append(ShareParticipant(identity: ShareUserIdentity(userRecordName: added), permission: permission))
            }
            oracle.shares[name]?[shareName]?.participants[added] = SharingOracle.Participant(permission: permission, accepted: false)
            count("invitations")
            log("\(name) invites \(added) (\(permission)) to \(shareName)")
        } else if let removed = pick(share.participants.keys.sorted()) {
            try await saveShare(shareName, owner: owner) { $0.removeAll { $0.identity.userRecordName == removed } }
            oracle.shares[name]?[shareName]?.participants[removed] = nil
            left(removed, owner: name)
            count("removals")
            log("\(name) removes \(removed) from \(shareName)")
        }
    }

    /// The owner deletes a share.
    private mutating func deleteShare(_ owner: Int) async throws {
        let name = names[owner]
        guard let shareName = pick((oracle.shares[name] ?? [:]).keys.sorted()) else { return }
        try await person(owner).user.privateDatabase.deleteShare(RecordID(recordName: shareName, zoneID: Self.zone))
        for participant in oracle.shares[name]?[shareName]?.participants.keys.sorted() ?? [] { left(participant, owner: name) }
        oracle.shares[name]?[shareName] = nil
        count("share deletions")
        log("\(name) deletes \(shareName)")
    }

    /// A participant who joined leaves, deleting the share from their shared database.
    private mutating func leave() async throws {
        guard let (owner, shareName, participant) = pick(memberships(accepted: true)),
              let index = names.firstIndex(of: participant) else { return }
        let id = RecordID(recordName: shareName, zoneID: Self.zoneID(owner: owner, as: participant))
        try await person(index).user.sharedDatabase.deleteShare(id)
        oracle.shares[owner]?[shareName]?.participants[participant] = nil
        left(participant, owner: owner)
        count("leaves")
        log("\(participant) leaves \(owner)'s \(shareName)")
    }

    /// The owner deletes a card (a folder root, a card under one, or one outside) on their first device, and
    /// sends it. Returns whether a card was deleted.
    private mutating func deleteCard(_ owner: Int) async throws -> Bool {
        let name = names[owner]
        let zone = oracle.zones[name] ?? [:]
        // Without coverage changes, only a root or a card with nothing under it.
        let candidates = zone.filter { card in
            kinds.contains(.coverageChanges) || card.value.parent == nil || !zone.values.contains { $0.parent == card.key }
        }
        guard let card = pick(candidates.keys.sorted()) else { return false }
        let device = person(owner)[0]
        _ = try device.store.delete(Card.self, id: RecordID(recordName: card, zoneID: Self.zone))
        try await device.syncPrivate()
        // A share rooted at the card goes with it: its participants lose it.
        for share in (oracle.shares[name] ?? [:]).values where share.root == card {
            for participant in share.participants.keys { left(participant, owner: name) }
        }
        oracle.deleted(card, owner: name)
        count("owner deletes")
        log("\(name) deletes \(card)")
        return true
    }

    // MARK: Checks

    /// Every device online and alive, no faults, everybody syncs until quiet; then every device and the server
    /// must be as the oracle says.
    private mutating func barrier() async throws {
        await harness.simulator.clearFaults()
        for person in harness.people {
            for device in person.devices where device.isDead { device.relaunch() }
        }
        do {
            try await harness.settle(maxRounds: 8)
        } catch {
            problems.append("the quiet settle failed: \(error)")
        }
        await checkNothingForbiddenReachedTheServer()
        try await checkModel()
        oracle.endEpoch()
        count("barriers")
        log("-- barrier")
    }

    /// No value written without write access is on the server, and no response accepted one; every refusal a
    /// device received was reported as `writeRefused`.
    private mutating func checkNothingForbiddenReachedTheServer() async {
        for record in await harness.simulator.serverRecords() {
            for (field, value) in record.fields where oracle.isForbidden(value) {
                problems.append("the server holds \(record.id)'s \(field) = \(value), written without write access")
            }
        }
        for record in oracle.forbiddenRecords where await harness.simulator.serverRecord(Self.serverID(record)) != nil {
            problems.append("the server holds \(record.owner)/\(record.name), created without write access")
        }
        for person in harness.people {
            for device in person.devices {
                for connection in [device.privateConnection, device.sharedConnection] {
                    checkTraffic(await connection.takeTraffic(), of: device)
                }
            }
        }
    }

    private mutating func checkTraffic(_ traffic: [DeviceTraffic], of device: PersonDevice) {
        for exchange in traffic where !exchange.responseLost {
            guard case let .modifyRecords(request, .success(result)) = exchange.exchange else { continue }
            for (save, outcome) in zip(request.saves, result.saves) {
                let keys = save.changedKeys ?? Array(save.record.fields.keys)
                switch outcome.result {
                case .success:
                    for key in keys where save.record.fields[key].map(oracle.isForbidden) == true {
                        problems.append("the server accepted \(device.name)'s \(key) of \(save.record.id), written without write access")
                    }
                case .failure(.permissionFailure):
                    count("refusals seen")
                    let reported = device.events.events.contains {
                        if case .writeRefused(save.record.id, _, _) = $0 { true } else { false }
                    }
                    if !reported { problems.append("\(device.name) received a refusal of \(save.record.id) but reported no writeRefused") }
                case .failure: break
                }
            }
        }
    }

    /// After a settle: each device holds exactly its person's cards and those of the shares they accepted and
    /// still have, each field as the oracle says, and so does the server; then the harness's own comparison.
    private mutating func checkModel() async throws {
        for (index, name) in names.enumerated() {
            let expected = oracle.visible(to: name)
            for device in person(index).devices {
                let held = Set(try SyncHarness.storedIDs(Card.self, in: device.store).map { Self.owned($0, as: name) })
                for record in held.subtracting(expected).sorted(by: Self.order) {
                    problems.append("\(device.name) holds \(record.owner)/\(record.name), which the rules say it may not")
                }
                for record in expected.subtracting(held).sorted(by: Self.order) {
                    problems.append("\(device.name) lacks \(record.owner)/\(record.name), which the rules say it holds")
                }
                for record in held.intersection(expected).sorted(by: Self.order) {
                    let id = RecordID(recordName: record.name, zoneID: Self.zoneID(owner: record.owner, as: name))
                    compare(try device.store.storedState(of: id)?.local, with: record, where: device.name)
                }
            }
        }
        for owner in names {
            let zoneID = RecordZoneID(zoneName: Self.zone.zoneName, ownerName: owner)
            let server = Dictionary(uniqueKeysWithValues: await harness.simulator.serverRecords(inZone: zoneID).map { ($0.id.recordName, $0) })
            let model = oracle.zones[owner] ?? [:]
            for name in Set(server.keys).subtracting(model.keys).sorted() {
                problems.append("the server holds \(owner)/\(name), which the rules say was deleted or never accepted")
            }
            for name in model.keys.sorted() {
                compare(server[name], with: SharingOracle.OwnedName(owner: owner, name: name), where: "the server")
            }
        }
        problems += try await harness.divergences()
    }

    private mutating func compare(_ record: Record?, with owned: SharingOracle.OwnedName, where place: String) {
        guard let card = oracle.zones[owned.owner]?[owned.name] else { return }
        guard let record else {
            problems.append("\(place) lacks \(owned.owner)/\(owned.name)")
            return
        }
        for (field, value) in card.fields.sorted(by: { $0.key < $1.key }) where record.fields[field] != value {
            problems.append("\(place) holds \(owned.owner)/\(owned.name)'s \(field) as \(record.fields[field].map { "\($0)" } ?? "nothing"), the rules say \(value)")
        }
        if record.system.parent?.recordID.recordName != card.parent {
            problems.append("\(place) holds \(owned.owner)/\(owned.name) under \(record.system.parent?.recordID.recordName ?? "nothing"), the rules say \(card.parent ?? "nothing")")
        }
    }

    private static func order(_ lhs: SharingOracle.OwnedName, _ rhs: SharingOracle.OwnedName) -> Bool {
        (lhs.owner, lhs.name) < (rhs.owner, rhs.name)
    }
}
