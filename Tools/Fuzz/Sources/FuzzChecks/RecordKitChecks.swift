import Foundation
import RecordKit

/// The checks behind the RecordKit fuzz targets: decode, and after a successful decode re-encode, decode again
/// and require an equal value (and, where the codec promises it, the same bytes again).
public enum RecordKitFuzzChecks {
    /// Every RecordKit target by name (the folder names under Corpus/ and Regressions/).
    public static let all: [String: @Sendable (Data) throws(FuzzInvariantFailure) -> FuzzOutcome] = [
        "FuzzNativeRecord": nativeRecord,
        "FuzzNativeRecordList": nativeRecordList,
        "FuzzNativeToken": nativeToken,
        "FuzzNativeSyncState": nativeSyncState,
        "FuzzBinaryPropertyList": binaryPropertyList,
        "FuzzKeyedArchive": keyedArchive,
        "FuzzWebServicesJSON": webServicesJSON,
        "FuzzCloudNotification": cloudNotification,
    ]

    // MARK: Native archive

    /// `NativeArchive.decodeRecord`, then encode and decode again; on the input as it is and with its checksum
    /// recomputed (``NativeChecksums``). The other native checks do the same.
    public static func nativeRecord(_ data: Data) throws(FuzzInvariantFailure) -> FuzzOutcome {
        try NativeChecksums.eachForm(data, sealed: NativeChecksums.sealSingleValue, nativeRecordOnce)
    }

    private static func nativeRecordOnce(_ data: Data) throws(FuzzInvariantFailure) -> FuzzOutcome {
        let record: Record
        do { record = try NativeArchive.decodeRecord(data) } catch { return .rejected(error.description) }
        try nativeRoundTrip(record)
        return .decoded
    }

    /// `NativeArchive.decodeRecords` and `NativeArchiveReader` over the same bytes must agree; then a round trip.
    public static func nativeRecordList(_ data: Data) throws(FuzzInvariantFailure) -> FuzzOutcome {
        try NativeChecksums.eachForm(data, sealed: NativeChecksums.sealRecordList, nativeRecordListOnce)
    }

    private static func nativeRecordListOnce(_ data: Data) throws(FuzzInvariantFailure) -> FuzzOutcome {
        let streamed = try readStreaming(data)
        let records: [Record]
        do {
            records = try NativeArchive.decodeRecords(data)
        } catch {
            if case let .success(values) = streamed {
                throw FuzzInvariantFailure("decodeRecords refused (\(error)) what NativeArchiveReader read as \(values.count) records")
            }
            return .rejected(error.description)
        }
        switch streamed {
        case let .success(values):
            try require(values == records, "NativeArchiveReader and decodeRecords read different records")
        case let .failure(error):
            throw FuzzInvariantFailure("NativeArchiveReader refused (\(error)) what decodeRecords read as \(records.count) records")
        }
        let encoded = NativeArchive.encode(records)
        let again = try mustSucceed("decoding re-encoded records") { () throws(NativeArchiveError) in try NativeArchive.decodeRecords(encoded) }
        try require(again == records, "record list changed in a native round trip")
        try require(NativeArchive.encode(again) == encoded, "record list encoding is not deterministic")
        return .decoded
    }

    /// `NativeArchive.decodeToken`, then encode and decode again.
    public static func nativeToken(_ data: Data) throws(FuzzInvariantFailure) -> FuzzOutcome {
        try NativeChecksums.eachForm(data, sealed: NativeChecksums.sealSingleValue, nativeTokenOnce)
    }

    private static func nativeTokenOnce(_ data: Data) throws(FuzzInvariantFailure) -> FuzzOutcome {
        let token: ServerChangeToken
        do { token = try NativeArchive.decodeToken(data) } catch { return .rejected(error.description) }
        let encoded = NativeArchive.encode(token)
        let again = try mustSucceed("decoding a re-encoded token") { () throws(NativeArchiveError) in try NativeArchive.decodeToken(encoded) }
        try require(again == token, "token changed in a native round trip")
        return .decoded
    }

    /// `NativeArchive.decodeSyncState`, then encode and decode again.
    public static func nativeSyncState(_ data: Data) throws(FuzzInvariantFailure) -> FuzzOutcome {
        try NativeChecksums.eachForm(data, sealed: NativeChecksums.sealSingleValue, nativeSyncStateOnce)
    }

    private static func nativeSyncStateOnce(_ data: Data) throws(FuzzInvariantFailure) -> FuzzOutcome {
        let state: SyncState
        do { state = try NativeArchive.decodeSyncState(data) } catch { return .rejected(error.description) }
        let encoded = NativeArchive.encode(state)
        let again = try mustSucceed("decoding a re-encoded sync state") { () throws(NativeArchiveError) in try NativeArchive.decodeSyncState(encoded) }
        try require(again == state, "sync state changed in a native round trip")
        try require(NativeArchive.encode(again) == encoded, "sync state encoding is not deterministic")
        return .decoded
    }

    // MARK: Binary plist and keyed archives

    /// `BinaryPropertyList.decode`, then encode and decode again.
    public static func binaryPropertyList(_ data: Data) throws(FuzzInvariantFailure) -> FuzzOutcome {
        let value: PropertyListValue
        do { value = try BinaryPropertyList.decode(data) } catch { return .rejected(error.description) }
        let encoded = BinaryPropertyList.encode(value)
        let again = try mustSucceed("decoding a re-encoded plist") { () throws(PropertyListError) in try BinaryPropertyList.decode(encoded) }
        try require(again == value, "plist value changed in a round trip: \(value) became \(again)")
        try require(BinaryPropertyList.encode(again) == encoded, "plist encoding is not deterministic")
        return .decoded
    }

    /// `KeyedArchive.contents(of:)` (and the two specific decoders); what the keyed writer can write must
    /// read back equal, and every record must survive the native archive.
    public static func keyedArchive(_ data: Data) throws(FuzzInvariantFailure) -> FuzzOutcome {
        let token = Result { () throws(KeyedArchiveError) in try KeyedArchive.decodeChangeToken(data) }
        let record = Result { () throws(KeyedArchiveError) in try KeyedArchive.decodeRecord(data) }
        let contents: KeyedArchiveContents
        do { contents = try KeyedArchive.contents(of: data) } catch { return .rejected(error.description) }
        switch contents {
        case let .changeToken(value):
            try require((try? token.get()) == value, "decodeChangeToken disagrees with contents(of:)")
            let again = try mustSucceed("decoding a re-encoded token") { () throws(KeyedArchiveError) in
                try KeyedArchive.decodeChangeToken(KeyedArchive.encodeChangeToken(value))
            }
            try require(again == value, "change token changed in a keyed-archive round trip")
        case let .systemFields(value), let .record(value):
            try require((try? record.get()) == value, "decodeRecord disagrees with contents(of:)")
            var systemOnly = value
            systemOnly.fields = [:]
            systemOnly.encryptedFields = [:]
            let again = try mustSucceed("decoding re-encoded system fields") { () throws(KeyedArchiveError) in
                try KeyedArchive.decodeRecord(KeyedArchive.encodeSystemFields(of: systemOnly))
            }
            try require(again == systemOnly, "system fields changed in a keyed-archive round trip")
            try nativeRoundTrip(value)
        }
        return .decoded
    }

    // MARK: Web Services JSON

    /// `CloudNotification.decode`; a decoded push, encoded, must decode equal and encode to the same bytes.
    public static func cloudNotification(_ data: Data) throws(FuzzInvariantFailure) -> FuzzOutcome {
        let push: CloudNotification
        do { push = try CloudNotification.decode(data) } catch { return .rejected(error.description) }
        let encoded = push.encoded()
        let again = try mustSucceed("push payload round trip") { () throws(WebServicesError) in
            try CloudNotification.decode(encoded)
        }
        try require(again == push, "push payload changed in a round trip")
        try require(again.encoded() == encoded, "push payload encoded to other bytes the second time")
        return .decoded
    }

    /// `WebServicesJSON.contents(of:)` and every specific decoder; each value decoded is re-encoded and must
    /// decode equal; each record must also survive the native archive.
    public static func webServicesJSON(_ data: Data) throws(FuzzInvariantFailure) -> FuzzOutcome {
        var outcome = FuzzOutcome.rejected("")
        if let record = try? WebServicesJSON.decodeRecord(data) {
            try jsonRoundTrip(record)
            outcome = .decoded
        }
        if let response = try? WebServicesJSON.decodeRecordsResponse(data) {
            try jsonRoundTrip(response)
            outcome = .decoded
        }
        if let changes = try? WebServicesJSON.decodeChangesResponse(data) {
            try jsonRoundTrip(changes)
            outcome = .decoded
        }
        if let pages = try? WebServicesJSON.decodeZoneChangesResponse(data) {
            let again = try mustSucceed("zone changes round trip") { () throws(WebServicesError) in
                try WebServicesJSON.decodeZoneChangesResponse(WebServicesJSON.encodeZoneChangesResponse(pages))
            }
            try require(again == pages, "zone changes changed in a JSON round trip")
            outcome = .decoded
        }
        if let zones = try? WebServicesJSON.decodeZonesResponse(data) {
            let again = try mustSucceed("zones round trip") { () throws(WebServicesError) in
                try WebServicesJSON.decodeZonesResponse(WebServicesJSON.encodeZonesResponse(zones))
            }
            try require(again == zones, "zones response changed in a JSON round trip")
            outcome = .decoded
        }
        if let error = try? WebServicesJSON.decodeErrorBody(data) {
            let again = try mustSucceed("error body round trip") { () throws(WebServicesError) in
                try WebServicesJSON.decodeErrorBody(WebServicesJSON.encodeErrorBody(error))
            }
            try require(again == error, "error body changed in a JSON round trip")
            outcome = .decoded
        }
        if let request = try? WebServicesJSON.decodeModifyRequest(data) {
            try modifyRoundTrip(request)
            outcome = .decoded
        }
        do {
            _ = try WebServicesJSON.contents(of: data)
            outcome = .decoded
        } catch {
            if outcome != .decoded { outcome = .rejected(error.description) }
        }
        return outcome
    }

    /// A request's encoder writes only what each operation sends (no server dates, users or device; the change
    /// tag only when the operation checks it; only the name for deletes), so the first round trip may drop
    /// what a request should not hold. It must keep every operation's kind and record ID, and a second round
    /// trip must change nothing.
    private static func modifyRoundTrip(_ request: ModifyRequest) throws(FuzzInvariantFailure) {
        func roundTrip(_ request: ModifyRequest) throws(FuzzInvariantFailure) -> ModifyRequest {
            try mustSucceed("modify request round trip") { () throws(WebServicesError) in
                try WebServicesJSON.decodeModifyRequest(WebServicesJSON.encodeModifyRequest(
                    operations: request.operations, atomic: request.atomic, zoneID: request.zoneID ?? .default))
            }
        }
        let once = try roundTrip(request)
        try require(once.atomic == request.atomic, "modify request lost atomic in a JSON round trip")
        try require(once.operations.map(\.kind) == request.operations.map(\.kind)
                        && once.operations.map(\.record.id) == request.operations.map(\.record.id),
                    "modify request changed its operations' kinds or record IDs in a JSON round trip")
        let twice = try roundTrip(once)
        try require(twice.operations == once.operations && twice.atomic == once.atomic,
                    "modify request still changed in a second JSON round trip")
    }

    private static func jsonRoundTrip(_ record: Record) throws(FuzzInvariantFailure) {
        let encoded = try mustSucceed("encoding a decoded record") { () throws(WebServicesError) in try WebServicesJSON.encodeRecord(record) }
        let again = try mustSucceed("decoding a re-encoded record") { () throws(WebServicesError) in try WebServicesJSON.decodeRecord(encoded) }
        try require(again == record, "record changed in a JSON round trip")
        try require((try? WebServicesJSON.encodeRecord(again)) == encoded, "record JSON encoding is not deterministic")
        try nativeRoundTrip(record)
    }

    private static func jsonRoundTrip(_ response: RecordsResponse) throws(FuzzInvariantFailure) {
        for record in response.records { try jsonRoundTrip(record) }
        let again = try mustSucceed("records response round trip") { () throws(WebServicesError) in
            try WebServicesJSON.decodeRecordsResponse(WebServicesJSON.encodeRecordsResponse(response))
        }
        try require(again == response, "records response changed in a JSON round trip")
    }

    private static func jsonRoundTrip(_ changes: ChangesResponse) throws(FuzzInvariantFailure) {
        let again = try mustSucceed("changes response round trip") { () throws(WebServicesError) in
            try WebServicesJSON.decodeChangesResponse(WebServicesJSON.encodeChangesResponse(changes))
        }
        try require(again == changes, "changes response changed in a JSON round trip")
    }

    // MARK: Shared

    /// Any record a decoder produced must survive the native archive unchanged, deterministically.
    static func nativeRoundTrip(_ record: Record) throws(FuzzInvariantFailure) {
        let encoded = NativeArchive.encode(record)
        let again = try mustSucceed("decoding a re-encoded record") { () throws(NativeArchiveError) in try NativeArchive.decodeRecord(encoded) }
        try require(again == record, "record changed in a native round trip")
        try require(NativeArchive.encode(again) == encoded, "record encoding is not deterministic")
    }

    /// Reads `data` as a file with `NativeArchiveReader`, to the end or the first error.
    private static func readStreaming(_ data: Data) throws(FuzzInvariantFailure) -> Result<[Record], NativeArchiveError> {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("recordkit-fuzz-\(UUID().uuidString).rka")
        do { try data.write(to: url) } catch { throw FuzzInvariantFailure("cannot write the temporary file \(url.path): \(error)") }
        defer { try? FileManager.default.removeItem(at: url) }
        var records: [Record] = []
        let iterator = NativeArchiveReader(contentsOf: url).makeIterator()
        while true {
            do {
                guard let record = try iterator.nextRecord() else { return .success(records) }
                records.append(record)
            } catch {
                return .failure(error)
            }
        }
    }
}
