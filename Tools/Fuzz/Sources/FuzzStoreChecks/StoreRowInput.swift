import Foundation
import GRDB
import RecordKit

/// A fuzz input read as SQLite cells: each cell is one type byte (0 NULL, 1 integer, 2 real, 3 text, any other
/// value a blob), a little-endian UInt16 length and that many payload bytes. An integer or a real reads up to
/// eight payload bytes, little-endian; text is the payload as it is, valid UTF-8 or not.
///
/// The cells fill, in order: the record row's `value`, `server`, `pending`, `generation`, `recordType`; the
/// zone's `token`; the state's `databaseToken` and `engineState`; then the row's `recordName`, `zoneName` and
/// `ownerName` (the zone row uses the same zone). Cells the input does not reach keep a valid default: a Note
/// record `n` in zone `note-zone`, nothing pending, no copies, no tokens.
public struct StoreRowInput: Sendable {
    /// One SQLite value and its storage class.
    public enum Cell: Sendable, Hashable {
        case null
        case integer(Int64)
        case real(Double)
        case text(Data)
        case blob(Data)
    }

    public var value: Cell = .null
    public var server: Cell = .null
    public var pending: Cell = .integer(0)
    public var generation: Cell = .integer(0)
    public var recordType: Cell = .text(Data("Note".utf8))
    public var zoneToken: Cell = .null
    public var databaseToken: Cell = .null
    public var engineState: Cell = .null
    public var recordName: Cell = .text(Data("n".utf8))
    public var zoneName: Cell = .text(Data("note-zone".utf8))
    public var ownerName: Cell = .text(Data(RecordZoneID.defaultOwnerName.utf8))

    /// The defaults: a valid, empty row.
    public init() {}

    /// Reads the cells of `input`, in the order the type's documentation gives.
    public init(_ input: Data) {
        var reader = CellReader(bytes: [UInt8](input))
        let slots: [WritableKeyPath<StoreRowInput, Cell>] = [
            \.value, \.server, \.pending, \.generation, \.recordType, \.zoneToken, \.databaseToken, \.engineState,
            \.recordName, \.zoneName, \.ownerName,
        ]
        for slot in slots {
            guard let cell = reader.next() else { break }
            self[keyPath: slot] = cell
        }
    }

    /// The input's bytes: the inverse of ``init(_:)``, for writing seeds.
    public func encoded() -> Data {
        var bytes: [UInt8] = []
        for cell in [value, server, pending, generation, recordType, zoneToken, databaseToken, engineState, recordName, zoneName, ownerName] {
            let (type, payload): (UInt8, [UInt8]) = switch cell {
            case .null: (0, [])
            case let .integer(number): (1, withUnsafeBytes(of: number.littleEndian) { Array($0) })
            case let .real(number): (2, withUnsafeBytes(of: number.bitPattern.littleEndian) { Array($0) })
            case let .text(data): (3, [UInt8](data.prefix(Int(UInt16.max))))
            case let .blob(data): (4, [UInt8](data.prefix(Int(UInt16.max))))
            }
            bytes.append(type)
            bytes.append(UInt8(payload.count & 0xFF))
            bytes.append(UInt8(payload.count >> 8))
            bytes.append(contentsOf: payload)
        }
        return Data(bytes)
    }

    /// The record's ID when its three columns are text in valid UTF-8 (as the store writes them); nil otherwise,
    /// since then no RecordID names the row.
    var recordID: RecordID? {
        guard let recordName = validText(recordName), let zoneName = validText(zoneName), let ownerName = validText(ownerName) else {
            return nil
        }
        return RecordID(recordName: recordName, zoneID: RecordZoneID(zoneName: zoneName, ownerName: ownerName))
    }

    /// Whether `fetchAll(Note.self)` must account for the row: its type is the text `Note` and it has a value.
    var countsAsNote: Bool {
        validText(recordType) == Note.recordType && value != .null
    }

    /// Writes the record row, its zone row and the state values.
    func insert(into db: Database) throws {
        let prefix = "recordkit_"
        let columns = [ownerName, zoneName, recordName, recordType, value, server, pending, generation]
        try db.execute(
            sql: "INSERT INTO \(prefix)records (ownerName, zoneName, recordName, recordType, value, server, pending, generation) VALUES (\(placeholders(columns)))",
            arguments: arguments(columns))
        let zone = [ownerName, zoneName, zoneToken]
        try db.execute(
            sql: "INSERT INTO \(prefix)zones (ownerName, zoneName, token, zoneExists) VALUES (\(placeholders(zone)), 1)",
            arguments: arguments(zone))
        for (key, cell) in [("databaseToken", databaseToken), ("engineState", engineState)] where cell != .null {
            try db.execute(
                sql: "INSERT OR REPLACE INTO \(prefix)state (key, value) VALUES (?, \(placeholders([cell])))",
                arguments: StatementArguments([key]) + arguments([cell]))
        }
    }

    /// `?` per cell; text goes in as a blob cast to TEXT, so invalid UTF-8 reaches the column as it is.
    private func placeholders(_ cells: [Cell]) -> String {
        cells.map { if case .text = $0 { "CAST(? AS TEXT)" } else { "?" } }.joined(separator: ", ")
    }

    private func arguments(_ cells: [Cell]) -> StatementArguments {
        StatementArguments(cells.map { cell -> DatabaseValue in
            switch cell {
            case .null: .null
            case let .integer(number): number.databaseValue
            case let .real(number): number.databaseValue
            case let .text(data), let .blob(data): data.databaseValue
            }
        })
    }

    private func validText(_ cell: Cell) -> String? {
        guard case let .text(data) = cell else { return nil }
        return String(validating: data, as: UTF8.self)
    }
}

/// Reads cells off the front of the input.
private struct CellReader {
    let bytes: [UInt8]
    var offset = 0

    mutating func next() -> StoreRowInput.Cell? {
        guard offset + 3 <= bytes.count else { return nil }
        let type = bytes[offset]
        let length = Int(bytes[offset + 1]) | Int(bytes[offset + 2]) << 8
        offset += 3
        let end = min(offset + length, bytes.count)
        let payload = Array(bytes[offset..<end])
        offset = end
        switch type {
        case 0: return .null
        case 1: return .integer(Int64(bitPattern: littleEndian(payload)))
        case 2: return .real(Double(bitPattern: littleEndian(payload)))
        case 3: return .text(Data(payload))
        default: return .blob(Data(payload))
        }
    }

    private func littleEndian(_ payload: [UInt8]) -> UInt64 {
        payload.prefix(8).enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }
}
