import Foundation
import RecordKit
import RecordKitSync

/// Uploading the files of a modify request's assets before the records are saved.
extension WebServicesDatabase {
    /// CloudKit's code for an asset whose file cannot be found or read (`CKError.Code.assetFileNotFound`).
    /// https://developer.apple.com/documentation/cloudkit/ckerror/code/assetfilenotfound
    static let assetFileNotFoundCode = 16

    /// The request with each asset to send uploaded from its file, in chunks
    /// (`uploadAsset` of a ``WebServicesFileBody``), and
    /// replaced by the asset the upload returned. An asset is sent when its field is one the save writes (its
    /// changed keys, or every key of a new record) and it has a local file and no upload receipt yet: an unchanged
    /// asset is not uploaded again. A save whose file cannot be read fails alone with `assetFileNotFound`, naming
    /// the record and field; it is left out of the request, and the rest is sent.
    func uploadingAssets(
        _ request: ModifyRecordsRequest
    ) async throws(CloudError) -> (request: ModifyRecordsRequest, failed: [RecordItemResult], uploaded: [RecordID: [String: Asset]]) {
        var kept = request
        kept.saves = []
        var failed: [RecordItemResult] = []
        var uploaded: [RecordID: [String: Asset]] = [:]
        saves: for save in request.saves {
            var record = save.record
            let written = save.changedKeys.map(Set.init)
            for (key, value) in save.record.fields {
                guard case let .asset(asset) = value, let url = asset.fileURL, asset.receipt == nil,
                      written?.contains(key) ?? true
                else { continue }
                let file: WebServicesFileBody
                do {
                    file = try WebServicesFileBody(fileAt: url)
                } catch {
                    let reason = "\(record.recordType) record '\(record.id.recordName)', field '\(key)': the asset file \(url.path) cannot be read: \(error.localizedDescription)"
                    failed.append(RecordItemResult(id: record.id, result: .failure(.other(code: Self.assetFileNotFoundCode, reason: reason))))
                    continue saves
                }
                var sent = try await uploadAsset(file, recordType: record.recordType, fieldName: key, recordID: record.id)
                // As a saved CKRecord's CKAsset keeps its file, the asset keeps naming the local file.
                sent.fileURL = url
                record.fields[key] = .asset(sent)
                uploaded[record.id, default: [:]][key] = sent
            }
            kept.saves.append(RecordSave(record, changedKeys: save.changedKeys))
        }
        return (kept, failed, uploaded)
    }

    /// The result of the uploaded request, with the saves that failed before it put back in the request's order,
    /// and the saved records' uploaded assets naming their local files again.
    static func result(
        _ result: ModifyRecordsResult, of original: ModifyRecordsRequest, failed: [RecordItemResult],
        uploaded: [RecordID: [String: Asset]]
    ) -> ModifyRecordsResult {
        guard !failed.isEmpty || !uploaded.isEmpty else { return result }
        var byID: [RecordID: RecordItemResult] = [:]
        for item in result.saves + failed { byID[item.id] = item }
        var merged = result
        merged.saves = original.saves.compactMap { save in
            guard var item = byID[save.record.id] else { return nil }
            if case var .success(record) = item.result, let assets = uploaded[save.record.id] {
                for (key, asset) in assets {
                    if case var .asset(returned)? = record.fields[key] {
                        returned.fileURL = asset.fileURL
                        record.fields[key] = .asset(returned)
                    }
                }
                item.result = .success(record)
            }
            return item
        }
        return merged
    }
}
