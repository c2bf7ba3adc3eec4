/// The SQL of the statements every local save runs, built once per store: the lost-zone check (local deletes run it
/// too), the parked check, the update and insert that store the record, and the generation counter (which local
/// deletes, requeues, merges, sent results and the Core Data move advance too). Building it from the table names on
/// every save (string interpolation, then hashing the new string to find the connection's cached statement) took
/// about 4% of the instructions of a one-book save.
struct LocalWriteSQL: Sendable {
    /// Whether a zone is a lost shared zone (`?1` owner name, `?2` zone name).
    let lostZone: String
    /// Adds `?` to the generation counter.
    let advanceGeneration: String
    /// Reads the generation counter.
    let readGeneration: String
    /// Whether any record is parked.
    let anyParked: String
    /// Updates a stored record of the same type with a local save (value, generation, then its ID and type).
    let updateSaved: String
    /// Inserts a record the store does not hold with a local save (its ID, type, value and generation); a row under
    /// its ID (of another type: ``updateSaved`` changed none) stays.
    let insertSaved: String

    init(_ schema: StoreSchema) {
        lostZone = "SELECT lost FROM \(schema.zones) WHERE ownerName = ?1 AND zoneName = ?2"
        advanceGeneration = "UPDATE \(schema.state) SET value = value + ? WHERE key = 'generation'"
        readGeneration = "SELECT value FROM \(schema.state) WHERE key = 'generation'"
        anyParked = "SELECT EXISTS (SELECT 1 FROM \(schema.parked))"
        updateSaved = """
            UPDATE \(schema.records) SET value = ?, pending = \(PendingCode.save.rawValue), generation = ?
            WHERE ownerName = ? AND zoneName = ? AND recordName = ? AND recordType = ?
            """
        insertSaved = """
            INSERT INTO \(schema.records) (ownerName, zoneName, recordName, recordType, value, pending, generation)
            VALUES (?, ?, ?, ?, ?, \(PendingCode.save.rawValue), ?)
            ON CONFLICT (ownerName, zoneName, recordName) DO NOTHING
            """
    }
}
