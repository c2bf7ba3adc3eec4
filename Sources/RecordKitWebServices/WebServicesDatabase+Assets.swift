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
            method: "POST", url: url, headers: [("Content-Type", "application/octet-stream")], body: data))
        guard (200..<300).contains(upload.status) else {
            throw Self.requestError(status: upload.status, body: upload.body, zoneID: recordID.zoneID)
        }
        guard case let .assetUpload(asset) = try Self.decoded(upload.body, WebServicesJSON.contents(of:)) else {
            throw .other(code: WebServicesErrorMapping.CKErrorCode.internalError, reason: "the asset upload answered no singleFile")
        }
        return asset
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
