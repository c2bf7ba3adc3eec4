import Crypto
import Foundation
import RecordKit
import RecordKitSync

extension LocalCloudKit {
    /// The largest asset an upload URL takes: CloudKit's 250 MB (`CloudLimits.maximumAssetBytes`), not the request
    /// body limit, which bounds the JSON requests.
    static let maximumAssetBytes = Int(CloudLimits.maximumAssetBytes)

    /// assets/upload: `{tokens: [{recordType, fieldName, recordName}]}` → an upload URL per token on this server.
    /// https://developer.apple.com/library/archive/documentation/DataManagement/Conceptual/CloudKitWebServicesReference/UploadAssets.html
    func uploadTokens(_ body: Data, host: String) throws(LocalRefusal) -> LocalResponse {
        let object = try LocalJSON.object(body)
        guard let tokens = object["tokens"] as? [Any], !tokens.isEmpty, tokens.count <= 400 else {
            throw LocalRefusal(.badRequest, "assets/upload needs 1 to 400 tokens")
        }
        var answers: [[String: Any]] = []
        for token in tokens {
            guard let token = token as? [String: Any], let fieldName = token["fieldName"] as? String else {
                throw LocalRefusal(.badRequest, "each token needs a fieldName")
            }
            let id = UUID().uuidString
            pendingUploads.insert(id)
            var answer: [String: Any] = ["fieldName": fieldName, "url": "http://\(host)/assets/upload/\(id)"]
            if let recordName = token["recordName"] as? String { answer["recordName"] = recordName }
            answers.append(answer)
        }
        return .json(LocalJSON.data(["tokens": answers]))
    }

    /// The asset URLs: `POST /assets/upload/<id>` stores the bytes once and answers `{singleFile: asset}`;
    /// `GET /assets/download/<id>` returns them.
    func assetRequest(kind: String, id: String, request: LocalRequest) -> LocalResponse {
        switch (kind, request.method) {
        case ("upload", "POST"):
            guard pendingUploads.remove(id) != nil else { return .error(.notFound, "no such upload URL, or it was used") }
            guard request.body.count <= Self.maximumAssetBytes else {
                return .error(.badRequest, "the asset is larger than \(Self.maximumAssetBytes) bytes")
            }
            assets[id] = request.body
            let checksum = Data(SHA256.hash(data: request.body)).base64EncodedString()
            let asset: [String: Any] = [
                "fileChecksum": checksum, "receipt": id, "size": request.body.count,
                "downloadURL": "http://\(request.host)/assets/download/\(id)",
            ]
            return .json(LocalJSON.data(["singleFile": asset]))
        case ("download", "GET"):
            guard let data = assets[id] else { return .error(.notFound, "no such asset") }
            return .reply(status: 200, headers: ["Content-Type": "application/octet-stream"], body: data)
        default:
            return .error(.notFound, "no such endpoint")
        }
    }
}
