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

extension WebServicesRecordEncoder {
    /// Writes a zones/list or changes/database body; zone errors follow the zones.
    mutating func zonesResponse(_ response: ZonesResponse) {
        writer.beginObject()
        writer.key("moreComing")
        writer.bool(response.moreComing)
        if let syncToken = response.syncToken {
            writer.key("syncToken")
            writer.string(syncToken.data.base64EncodedString())
        }
        writer.key("zones")
        writer.beginArray()
        for zone in response.zones {
            writer.element()
            writer.beginObject()
            if zone.deleted {
                writer.key("deleted")
                writer.bool(true)
            }
            if let syncToken = zone.syncToken {
                writer.key("syncToken")
                writer.string(syncToken.data.base64EncodedString())
            }
            writer.key("zoneID")
            zoneID(zone.zoneID, zoneType: zone.zoneType)
            writer.endObject()
        }
        for error in response.errors {
            writer.element()
            errorEntry(error)
        }
        writer.endArray()
        writer.endObject()
    }

    /// Writes a changes/zone body. A page that holds only one error and nothing else is written as the zone's
    /// error entry; any other page as the zone's records.
    mutating func zoneChangesResponse(_ pages: [ChangesResponse]) throws(WebServicesError) {
        writer.beginObject()
        writer.key("zones")
        writer.beginArray()
        for (index, page) in pages.enumerated() {
            writer.element()
            if page.records.isEmpty, page.deletedRecordIDs.isEmpty, page.errors.count == 1, page.syncToken == nil,
               !page.moreComing, let error = page.errors.first {
                zoneErrorEntry(error, zone: page.zoneID)
                continue
            }
            let results = page.records.map(RecordResult.record) + page.deletedRecordIDs.map(RecordResult.deleted)
                + page.errors.map(RecordResult.error)
            do throws(WebServicesError) {
                try recordsResponse(results, syncToken: page.syncToken, continuationMarker: nil,
                                    moreComing: page.moreComing, zoneID: page.zoneID)
            } catch {
                var located = error
                located.path = [.key("zones"), .index(index)] + error.path
                throw located
            }
        }
        writer.endArray()
        writer.endObject()
    }

    private mutating func zoneErrorEntry(_ error: WebServicesServerError, zone: RecordZoneID?) {
        writer.beginObject()
        if let reason = error.reason { writer.key("reason"); writer.string(reason) }
        if let retryAfter = error.retryAfter, retryAfter.isFinite { writer.key("retryAfter"); writer.double(retryAfter) }
        writer.key("serverErrorCode")
        writer.string(error.serverErrorCode.rawValue)
        if let uuid = error.uuid { writer.key("uuid"); writer.string(uuid) }
        if let zone {
            writer.key("zoneID")
            zoneID(zone)
        }
        writer.endObject()
    }
}
