import Foundation
import RecordKit
import RecordKitSync

extension WebServicesDatabase {
    /// Uploads an asset's bytes in CloudKit's two steps: assets/upload names the record and field and answers
    /// with an upload URL; the bytes go to that URL, which answers with the asset (checksums, receipt) to put in
    /// the record's field before saving it.
    /// https://developer.apple.com/library/archive/documentation/DataManagement/Conceptual/CloudKitWebServicesReference/UploadAssets.html
    public func uploadAsset(
        _ data: Data, recordType: String, fieldName: String, recordID: RecordID
    ) async throws(CloudError) -> Asset {
        try await uploadAsset(body: data, file: nil, recordType: recordType, fieldName: fieldName, recordID: recordID)
    }

    /// Uploads a file's bytes as ``uploadAsset(_:recordType:fieldName:recordID:)`` does, streamed from the file in
    /// chunks (``WebServicesFileBody``), never read whole into memory.
    public func uploadAsset(
        _ file: WebServicesFileBody, recordType: String, fieldName: String, recordID: RecordID
    ) async throws(CloudError) -> Asset {
        try await uploadAsset(body: Data(), file: file, recordType: recordType, fieldName: fieldName, recordID: recordID)
    }

    private func uploadAsset(
        body: Data, file: WebServicesFileBody?, recordType: String, fieldName: String, recordID: RecordID
    ) async throws(CloudError) -> Asset {
        let request = try WebServicesJSONBodies.data([
            "tokens": [["recordType": recordType, "fieldName": fieldName, "recordName": recordID.recordName]],
            "zoneID": WebServicesJSONBodies.zoneIDObject(recordID.zoneID),
        ])
        let answer = try await perform("assets/upload", body: request, zoneID: recordID.zoneID)
        guard case let .assetUploadTokens(tokens) = try Self.decoded(answer, WebServicesJSON.contents(of:)),
              let token = tokens.first, let url = URL(string: token.url) else {
            throw .other(code: WebServicesErrorMapping.CKErrorCode.internalError, reason: "assets/upload answered no upload URL")
        }
        let upload = try await transport.send(WebServicesHTTPRequest(
            method: "POST", url: url, headers: [("Content-Type", "application/octet-stream")], body: body, bodyFile: file))
        guard (200..<300).contains(upload.status) else {
            throw Self.requestError(status: upload.status, body: upload.body, zoneID: recordID.zoneID)
        }
        guard case let .assetUpload(asset) = try Self.decoded(upload.body, WebServicesJSON.contents(of:)) else {
            throw .other(code: WebServicesErrorMapping.CKErrorCode.internalError, reason: "the asset upload answered no singleFile")
        }
        return asset
    }

    /// Downloads the bytes at an asset's `downloadURL` into a new file at `file`, streamed by the transport (never
    /// whole in memory with ``HTTPClientTransport``). The sync engine calls it for each fetched asset that has no
    /// local file, before it stores the page (`AssetDownloadingDatabase` of RecordKitSync).
    public func downloadAsset(_ asset: Asset, to file: URL) async throws(CloudError) {
        guard let text = asset.downloadURL, let url = URL(string: text) else {
            throw .invalidArguments("the asset has no download URL")
        }
        let response = try await transport.download(WebServicesHTTPRequest(method: "GET", url: url, headers: [], body: Data()), to: file)
        guard (200..<300).contains(response.status) else {
            throw Self.requestError(status: response.status, body: response.body, zoneID: nil)
        }
    }

    /// Downloads an asset's bytes from its `downloadURL`.
    public func downloadAsset(_ asset: Asset) async throws(CloudError) -> Data {
        guard let text = asset.downloadURL, let url = URL(string: text) else {
            throw .invalidArguments("the asset has no download URL")
        }
        let response = try await transport.send(WebServicesHTTPRequest(method: "GET", url: url, headers: [], body: Data()))
        guard (200..<300).contains(response.status) else {
            throw Self.requestError(status: response.status, body: response.body, zoneID: nil)
        }
        return response.body
    }
}

/// Web Services names a fetched asset by its download URL only: the sync engine downloads it into the store's folder.
extension WebServicesDatabase: AssetDownloadingDatabase {}
