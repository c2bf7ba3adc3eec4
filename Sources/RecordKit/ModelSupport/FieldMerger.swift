/// The side of a conflict.
public enum MergeSide: String, Sendable, Hashable, CaseIterable {
    case client, server
}

/// Three-way merge of model fields, used by generated `merge(ancestor:client:server:)`.
///
/// A field equal on both sides keeps that value; a field changed on one side only (the other still equals the
/// ancestor) takes the changed side; a field changed on both sides, or any differing field when there is no
/// ancestor, goes to ``conflictWinner``.
public struct FieldMerger: Sendable, Hashable {
    /// Who wins fields changed on both sides.
    public let conflictWinner: MergeSide

    /// A merger whose conflicts go to `conflictWinner` (`serverWins`, `clientWins`).
    public init(conflictsGoTo conflictWinner: MergeSide) {
        self.conflictWinner = conflictWinner
    }

    /// `lastWriterWins`: the side whose clock is later wins conflicts; ties, and a client without a clock, go to
    /// the server.
    public static func lastWriterWins<Clock: Comparable>(clientClock: Clock?, serverClock: Clock?) -> FieldMerger {
        guard let clientClock else { return FieldMerger(conflictsGoTo: .server) }
        guard let serverClock else { return FieldMerger(conflictsGoTo: .client) }
        return FieldMerger(conflictsGoTo: clientClock > serverClock ? .client : .server)
    }

    /// Merges one field. `ancestor` is nil when there is no common ancestor; for an optional field `T` is
    /// itself optional, so an ancestor holding nil stays distinct from no ancestor.
    public func merge<T: Equatable>(_ ancestor: T?, _ client: T, _ server: T) -> T {
        mergeValue(ancestor, client, server)
    }

    /// Merges a list field as a set-like union: the ancestor's elements that neither side removed, in the
    /// ancestor's order, then the server's additions, then the client's, without duplicates.
    public func mergeUnion<T: Hashable>(_ ancestor: [T]?, _ client: [T], _ server: [T]) -> [T] {
        if client == server { return server }
        guard let ancestor else { return appendingNew(client, to: server) }
        if client == ancestor { return server }
        if server == ancestor { return client }
        let clientSet = Set(client), serverSet = Set(server), ancestorSet = Set(ancestor)
        var result = ancestor.filter { clientSet.contains($0) && serverSet.contains($0) }
        var seen = Set(result)
        for element in server + client where !ancestorSet.contains(element) && seen.insert(element).inserted {
            result.append(element)
        }
        return result
    }

    /// Merges the fields the models kept without knowing them, key by key, and takes the server's record ID and
    /// system fields (saving over the server's record needs its change tag), except the parent
    /// (`CKRecord.parent`, the one system field an app sets), which merges like a field.
    public func mergeMetadata(_ ancestor: RecordMetadata?, _ client: RecordMetadata, _ server: RecordMetadata) -> RecordMetadata {
        var merged = server
        merged.system.parent = merge(ancestor.map { $0.system.parent }, client.system.parent, server.system.parent)
        merged.unknownFields = mergeStore(ancestor?.unknownFields, client.unknownFields, server.unknownFields)
        merged.unknownEncryptedFields = mergeStore(
            ancestor?.unknownEncryptedFields, client.unknownEncryptedFields, server.unknownEncryptedFields)
        let versions = [client.decodedVersion, server.decodedVersion].compactMap { $0 }
        merged.decodedVersion = versions.max()
        return merged
    }

    private func mergeValue<T: Equatable>(_ ancestor: T?, _ client: T, _ server: T) -> T {
        if client == server { return server }
        if let ancestor {
            if client == ancestor { return server }
            if server == ancestor { return client }
        }
        return conflictWinner == .client ? client : server
    }

    private func appendingNew<T: Hashable>(_ extra: [T], to base: [T]) -> [T] {
        var seen = Set(base)
        var result = base
        for element in extra where seen.insert(element).inserted { result.append(element) }
        return result
    }

    private func mergeStore(
        _ ancestor: RecordFields?, _ client: RecordFields, _ server: RecordFields
    ) -> RecordFields {
        if client == server { return server }
        var merged = RecordFields()
        for key in Set(client.keys).union(server.keys) {
            let base: FieldValue?? = ancestor.map { $0[key] }
            if let value = mergeValue(base, client[key], server[key]) { merged[key] = value }
        }
        return merged
    }
}
