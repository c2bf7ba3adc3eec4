import Foundation
import RecordKit

/// What `recordgen inspect` found in a file, decoded.
enum InspectedBlob {
    /// A native archive of one record.
    case nativeRecord(Record)
    /// A native record list: its first records (up to the limit) and how many it holds in all.
    case nativeRecordList(shown: [Record], total: Int)
    /// A native archive of a change token.
    case nativeToken(ServerChangeToken)
    /// A native archive of a sync state.
    case nativeSyncState(SyncState)
    /// An NSKeyedArchiver archive of a change token, system fields or a record.
    case keyedArchive(KeyedArchiveContents)
    /// A CloudKit Web Services JSON body.
    case webServices(WebServicesContents)
    /// A CloudKit push payload (JSON with a `ck` member).
    case pushNotification(CloudNotification)

    /// The format, for the JSON `format` member.
    var formatIdentifier: String {
        switch self {
        case .nativeRecord, .nativeRecordList, .nativeToken, .nativeSyncState: "nativeArchive"
        case .keyedArchive: "keyedArchive"
        case .webServices: "webServicesJSON"
        case .pushNotification: "cloudKitPush"
        }
    }

    /// The format, for a person.
    var formatName: String {
        switch self {
        case .nativeRecord, .nativeRecordList, .nativeToken, .nativeSyncState: "RecordKit native archive"
        case .keyedArchive: "NSKeyedArchiver archive"
        case .webServices: "CloudKit Web Services JSON"
        case .pushNotification: "CloudKit push payload"
        }
    }

    /// What the file holds, for the JSON `kind` member.
    var kindIdentifier: String {
        switch self {
        case .nativeRecord: "record"
        case .nativeRecordList: "recordList"
        case .nativeToken: "changeToken"
        case .nativeSyncState: "syncState"
        case let .keyedArchive(contents):
            switch contents {
            case .changeToken: "changeToken"
            case .systemFields: "systemFields"
            case .record: "record"
            }
        case let .webServices(contents):
            switch contents {
            case .recordsResponse: "recordsResponse"
            case .changesResponse: "changesResponse"
            case .zoneChangesResponse: "zoneChangesResponse"
            case .zonesResponse: "zonesResponse"
            case .batchResponse: "batchResponse"
            case .modifyRequest: "modifyRequest"
            case .queryRequest: "queryRequest"
            case .errorBody: "errorBody"
            case .record: "record"
            case .assetUpload: "assetUpload"
            case .assetUploadTokens: "assetUploadTokens"
            case .empty: "empty"
            }
        case let .pushNotification(notification): InspectNotification.kindIdentifier(notification)
        }
    }

    /// What the file holds, for a person: `record list, 25 records`.
    var kindDescription: String {
        switch self {
        case .nativeRecord: "record"
        case let .nativeRecordList(_, total): "record list, \(InspectFormatting.counted(total, "record"))"
        case .nativeToken: "change token"
        case let .nativeSyncState(state):
            "sync state, \(InspectFormatting.counted(state.zoneTokens.count, "zone"))"
        case let .keyedArchive(contents):
            switch contents {
            case .changeToken: "CKServerChangeToken"
            case .systemFields: "CKRecord system fields (encodeSystemFields)"
            case .record: "whole CKRecord"
            }
        case let .webServices(contents): contents.summary
        case let .pushNotification(notification): InspectNotification.kindDescription(notification)
        }
    }
}
