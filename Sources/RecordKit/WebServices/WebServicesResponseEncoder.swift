import Foundation

/// Response bodies, for servers, tests and round trips.
extension WebServicesRecordEncoder {
    /// Writes a body with a `records` array.
    mutating func recordsResponse(_ results: [RecordResult], syncToken: ServerChangeToken?, continuationMarker: String?,
                                  moreComing: Bool?, zoneID zone: RecordZoneID?) throws(WebServicesError) {
        writer.beginObject()
        if let continuationMarker {
            writer.key("continuationMarker")
            writer.string(continuationMarker)
        }
        if let moreComing {
            writer.key("moreComing")
            writer.bool(moreComing)
        }
        writer.key("records")
        writer.beginArray()
        for (index, result) in results.enumerated() {
            writer.element()
            do throws(WebServicesError) {
                switch result {
                case let .record(record): try self.record(record, form: .full)
                case let .deleted(id): deletedEntry(id)
                case let .error(error): errorEntry(error)
                }
            } catch {
                var located = error
                located.path = [.key("records"), .index(index)] + error.path
                throw located
            }
        }
        writer.endArray()
        if let syncToken {
            writer.key("syncToken")
            writer.string(syncToken.data.base64EncodedString())
        }
        if let zone {
            writer.key("zoneID")
            zoneID(zone)
        }
        writer.endObject()
    }

    private mutating func deletedEntry(_ id: RecordID) {
        writer.beginObject()
        writer.key("deleted")
        writer.bool(true)
        writer.key("recordName")
        writer.string(id.recordName)
        writer.key("zoneID")
        zoneID(id.zoneID)
        writer.endObject()
    }

    /// Writes an error entry or body.
    mutating func errorEntry(_ error: WebServicesServerError) {
        writer.beginObject()
        if let reason = error.reason { writer.key("reason"); writer.string(reason) }
        if let recordName = error.recordName { writer.key("recordName"); writer.string(recordName) }
        if let redirectURL = error.redirectURL { writer.key("redirectURL"); writer.string(redirectURL) }
        if let retryAfter = error.retryAfter, retryAfter.isFinite { writer.key("retryAfter"); writer.double(retryAfter) }
        writer.key("serverErrorCode")
        writer.string(error.serverErrorCode.rawValue)
        if let uuid = error.uuid { writer.key("uuid"); writer.string(uuid) }
        writer.endObject()
    }
}
