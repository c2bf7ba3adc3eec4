import Foundation

/// The sync-state payload: a presence byte for the database token, then the zones in byte order.
extension ArchiveByteWriter {
    mutating func syncState(_ state: SyncState) {
        if let token = state.databaseToken {
            byte(1)
            data(token.data)
        } else {
            byte(0)
        }
        varint(UInt64(state.zoneTokens.count))
        let zones = state.zoneTokens.sorted { SyncStateOrder.precedes($0.key, $1.key) }
        for (zone, token) in zones {
            zoneID(zone)
            data(token.data)
        }
    }
}

extension ArchiveCursor {
    mutating func syncState(options: NativeArchiveDecodingOptions) throws(NativeArchiveError) -> SyncState {
        let flagOffset = position
        var state = SyncState()
        switch try byte() {
        case 0: break
        case 1: state.databaseToken = ServerChangeToken(data: try data())
        case let flag: throw error(.invalidFlag(flag), at: flagOffset)
        }
        let countOffset = position
        // A zone entry is at least two string lengths and a token length.
        let count = try length(minimumItemSize: 3)
        guard count <= options.maximumListCount else {
            throw error(.limitExceeded(.listCount, value: count, limit: options.maximumListCount), at: countOffset)
        }
        state.zoneTokens.reserveCapacity(count)
        var previous: RecordZoneID?
        for _ in 0..<count {
            let zoneOffset = position
            let zone = try zoneID()
            if let previous, !SyncStateOrder.precedes(previous, zone) {
                throw error(.keysOutOfOrder(key: "\(zone.zoneName)/\(zone.ownerName)"), at: zoneOffset)
            }
            previous = zone
            state.zoneTokens[zone] = ServerChangeToken(data: try data())
        }
        return state
    }
}

/// The order of zones in a sync state: zone name, then owner name, each by UTF-8 bytes.
enum SyncStateOrder {
    static func precedes(_ lhs: RecordZoneID, _ rhs: RecordZoneID) -> Bool {
        if FieldKeyOrder.precedes(lhs.zoneName, rhs.zoneName) { return true }
        if FieldKeyOrder.precedes(rhs.zoneName, lhs.zoneName) { return false }
        return FieldKeyOrder.precedes(lhs.ownerName, rhs.ownerName)
    }
}
