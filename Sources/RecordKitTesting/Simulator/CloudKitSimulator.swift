import Foundation
import RecordKit
import RecordKitSync

/// An in-memory CloudKit database with CloudKit's rules, deterministic from a seed, with fault injection.
///
/// Use one simulator per database; the devices of a test share it as they would share the user's iCloud
/// database. Change tags, tokens and randomly injected faults all come from the seeded generator, so a run is
/// reproduced exactly from its seed. Every rule cites the CloudKit documentation page it follows.
///
/// The methods prefixed `server` act on the server directly, as another device or the iCloud settings would:
/// they meet no fault and no request limit.
public actor CloudKitSimulator: CloudDatabase {
    /// Which database this simulator is.
    public nonisolated let scope: DatabaseScope

    /// The most items in a modify request; more fail with `limitExceeded`. CloudKit: 400.
    public var itemLimit = CloudLimits.maximumItemsPerRequest
    /// The most bytes (`RequestSize`) in a modify request; more fail with `limitExceeded`. CloudKit: 2 MB.
    public var byteLimit = CloudLimits.maximumBytesPerRequest
    /// The most changes in one page of a change feed.
    public var changesPageSize = 400
    /// Faults drawn at random for each request, if any.
    public var randomFaults: RandomFaults?
    /// The user record name the server writes as creator and last modifier.
    public let userRecordName: String

    var random: SeededGenerator
    var zones: [RecordZoneID: SimulatedZone] = [:]
    /// Zones gone by the user's hand: requests on them fail until the app creates them again.
    var goneZones: [RecordZoneID: ZoneDeletionReason] = [:]
    var nextEpoch: UInt64 = 1
    var clock: Date
    var pendingFaults: [(fault: SimulatorFault, operations: Set<SimulatorOperation>)] = []

    // The database change feed.
    var databaseEpoch: UInt64 = 0
    var databaseSequence: UInt64 = 0
    var databaseLog: [(sequence: UInt64, zoneID: RecordZoneID)] = []
    var zoneFeed: [RecordZoneID: (sequence: UInt64, deletion: ZoneDeletionReason?)] = [:]
    /// Tokens another server issued that stand for a point of this one's feeds (see `seed(_:inZone:...)`).
    var seededTokens: [ServerChangeToken: SimulatorToken] = [:]

    // Subscriptions and pushes (CloudKitSimulator+Subscriptions.swift).
    var subscriptions: [String: Subscription] = [:]
    var pushDevices: Set<String> = []
    var pushQueues: [String: [CloudNotification]] = [:]
    var heldPushes: [(device: String, notification: CloudNotification)] = []
    var pendingPushFaults: [PushFault] = []
    var randomPushFaults: RandomPushFaults?
    /// Per zone, the last change a zone fetch sees while later ones are hidden (``PushFault/beforeVisible``).
    var hiddenChanges: [RecordZoneID: UInt64] = [:]

    // Several users (Sharing/): the shares, the participants' shared database feeds, and the user whose request
    // is being served (nil: the simulator's own single user, with no sharing rules).
    var sharing = SharingState()
    var acting: ActingUser?
    /// The container identifier share metadata names.
    public nonisolated let containerIdentifier: String

    // Asset contents and the download cache (CloudKitSimulator+Assets.swift); nil: assets keep their URLs.
    var downloadCache: URL?
    var assetContents: [String: Data] = [:]

    /// Every fault injected so far, in order.
    public internal(set) var injectedFaults: [InjectedFault] = []
    /// Every fault a push met so far, injected or drawn at random, in order.
    public internal(set) var pushFaultsMet: [PushFault] = []
    /// How many requests the simulator has received.
    public internal(set) var requestCount = 0
    /// How many requests of each operation the simulator has received.
    public internal(set) var requestCounts: [SimulatorOperation: Int] = [:]

    /// A simulator of one database, its generator seeded with `seed`. Its clock starts at `start` and advances by a
    /// millisecond on every save.
    ///
    /// With a `downloadCache` folder the simulator keeps the contents of saved assets and serves fetched ones from
    /// there, as ``keepAssetContents(downloadCache:)`` does (the folder is created when first written; the caller
    /// removes it). `containerIdentifier` is what share metadata names as the container.
    public init(
        scope: DatabaseScope = .private, seed: UInt64 = 0,
        userRecordName: String = "_simulatedUser", start: Date = Date(timeIntervalSince1970: 1_700_000_000),
        downloadCache: URL? = nil, containerIdentifier: String = "iCloud.simulator"
    ) {
        self.containerIdentifier = containerIdentifier
        self.downloadCache = downloadCache
        self.scope = scope
        self.random = SeededGenerator(seed: seed)
        self.userRecordName = userRecordName
        self.clock = start
        // Epoch 1 is the database feed's, 2 the default zone's; takeEpoch() hands out the next ones.
        databaseEpoch = 1
        nextEpoch = 3
        if scope != .shared {
            // The default zone always exists in the public and private databases and has no change feed and no
            // atomic saves: https://developer.apple.com/documentation/cloudkit/ckrecordzone/default()
            zones[.default] = SimulatedZone(zone: RecordZone(id: .default), epoch: 2)
        }
    }

    /// Sets the request limits (a lower item limit makes `limitExceeded` easy to provoke).
    public func setLimits(items: Int? = nil, bytes: Int? = nil) {
        if let items { itemLimit = items }
        if let bytes { byteLimit = bytes }
    }

    /// Sets the size of change feed pages.
    public func setChangesPageSize(_ size: Int) {
        changesPageSize = max(1, size)
    }

    /// Sets the random fault plan (nil: none).
    public func setRandomFaults(_ plan: RandomFaults?) {
        randomFaults = plan
    }

    // MARK: Inspection

    /// The zones that exist, sorted.
    public var zoneIDs: [RecordZoneID] { zones.keys.sorted() }

    /// The server's record, if it holds one.
    public func serverRecord(_ id: RecordID) -> Record? {
        zones[id.zoneID]?[id]
    }

    /// Every record the server holds, sorted by ID.
    public func serverRecords() -> [Record] {
        zones.values.flatMap { $0.records.values.map(\.record) }.sorted { $0.id < $1.id }
    }

    /// The records of one zone, sorted by ID.
    public func serverRecords(inZone zoneID: RecordZoneID) -> [Record] {
        (zones[zoneID]?.records.values.map(\.record) ?? []).sorted { $0.id < $1.id }
    }

    /// The database the current request addresses: the acting user's, else the simulator's own.
    var requestScope: DatabaseScope { acting?.scope ?? scope }

    /// The user record name the server writes as creator and last modifier of the current request.
    var requestUserName: String { acting?.name ?? userRecordName }

    func takeEpoch() -> UInt64 {
        defer { nextEpoch += 1 }
        return nextEpoch
    }

    /// A new change tag, different from `previous`: base 36, like CloudKit's.
    func newChangeTag(replacing previous: String?) -> String {
        while true {
            let tag = String(random.next() % 2_821_109_907_456, radix: 36)  // at most 8 digits
            if tag != previous { return tag }
        }
    }

    func tick() -> Date {
        clock = clock.addingTimeInterval(0.001)
        return clock
    }
}
