import Foundation
@_spi(RecordKitTools) import RecordKit

/// Collects the lines of the text output, with an indentation level.
struct InspectText {
    private(set) var lines: [String] = []
    private var indent = ""

    /// Width of the label column of `label  value` lines.
    static let labelWidth = 13

    mutating func line(_ text: String) {
        lines.append(text.isEmpty ? "" : indent + text)
    }

    /// `label       value`, the label padded to ``labelWidth``.
    mutating func labelled(_ label: String, _ value: String) {
        line(label.padding(toLength: max(Self.labelWidth, label.count + 1), withPad: " ", startingAt: 0) + value)
    }

    /// Indents the lines that follow one step deeper.
    mutating func deeper() {
        indent += "  "
    }

    /// Undoes one ``deeper()``.
    mutating func shallower() {
        indent = String(indent.dropLast(2))
    }

    var printed: String { lines.joined(separator: "\n") + "\n" }
}

/// The text form of records, field values, tokens and IDs: for a person, long values shortened.
enum InspectTextRecord {
    /// Type, name, zone, change tag, dates, users, device, then the fields in aligned columns.
    static func record(_ record: Record, into text: inout InspectText) {
        let system = record.system
        text.labelled("type", record.recordType.isEmpty ? "(none)" : record.recordType)
        text.labelled("name", record.id.recordName)
        text.labelled("zone", zone(record.id.zoneID))
        text.labelled("change tag", system.changeTag ?? "(none: not saved to the server)")
        if let line = stamp(system.creationDate, user: system.creatorUserRecordName) { text.labelled("created", line) }
        if let line = stamp(system.modificationDate, user: system.lastModifiedUserRecordName) {
            text.labelled("modified", line)
        }
        if let device = system.modifiedByDevice { text.labelled("device", device) }
        if let parent = system.parent { text.labelled("parent", reference(parent)) }
        if let share = system.share { text.labelled("share", reference(share)) }
        let names = record.allKeys
        text.labelled("fields", names.isEmpty ? "none" : String(names.count))
        let rows: [(String, String, String)] = names.compactMap { name in
            guard let value = record.fields[name] ?? record.encryptedFields[name] else { return nil }
            let encrypted = record.encryptedFields[name] != nil
            return (name, (encrypted ? "ENCRYPTED " : "") + value.type.description, fieldValue(value))
        }
        let nameWidth = rows.map(\.0.count).max() ?? 0
        let kindWidth = rows.map(\.1.count).max() ?? 0
        text.deeper()
        for (name, kind, value) in rows {
            text.line(pad(name, nameWidth) + "  " + pad(kind, kindWidth) + "  " + value)
        }
        text.shallower()
    }

    /// `note-zone (owner __defaultOwner__)`.
    static func zone(_ zone: RecordZoneID) -> String {
        "\(zone.zoneName) (owner \(zone.ownerName))"
    }

    /// `note-1 in note-zone (owner __defaultOwner__)`.
    static func recordID(_ id: RecordID) -> String {
        "\(id.recordName) in \(zone(id.zoneID))"
    }

    /// `2018-06-04T10:20:30.123Z by _a1b2`.
    private static func stamp(_ date: Date?, user: String?) -> String? {
        switch (date, user) {
        case let (date?, user?): "\(InspectFormatting.iso8601(date)) by \(user)"
        case let (date?, nil): InspectFormatting.iso8601(date)
        case let (nil, user?): "by \(user)"
        case (nil, nil): nil
        }
    }

    /// `33 bytes: 0a0b…`.
    static func token(_ token: ServerChangeToken) -> String {
        "\(InspectFormatting.counted(token.data.count, "byte")): \(Hex.string(token.data))"
    }

    /// How many elements of a list field the text output shows.
    static let shownListItems = 5

    /// One value on one line, long strings, bytes and lists shortened.
    static func fieldValue(_ value: FieldValue) -> String {
        switch value {
        case let .string(text): InspectFormatting.quoted(text)
        case let .int64(number): String(number)
        case let .double(number): String(number)
        case let .timestamp(date): InspectFormatting.iso8601(date)
        case let .bytes(data): InspectFormatting.shortHex(data)
        case let .asset(item): asset(item)
        case let .reference(item): "→ " + reference(item)
        case let .location(item): location(item)
        case let .list(list):
            list.count == 0 ? "(empty)" : listSummary(list.values)
        }
    }

    private static func listSummary(_ values: [FieldValue]) -> String {
        let shown = values.prefix(shownListItems).map(fieldValue).joined(separator: ", ")
        let more = values.count > shownListItems ? ", …" : ""
        return "\(InspectFormatting.counted(values.count, "item")): \(shown)\(more)"
    }

    private static func asset(_ asset: Asset) -> String {
        var parts: [String] = []
        if let url = asset.fileURL {
            // The file's name says more than the start of a long path.
            let path = url.path.count > 40 ? "…/" + url.lastPathComponent : url.path
            parts.append("file \"\(InspectFormatting.escaped(path))\"")
        }
        if let checksum = asset.fileChecksum { parts.append("checksum \(InspectFormatting.quoted(checksum, limit: 40))") }
        if let size = asset.size { parts.append("size \(InspectFormatting.grouped(Int(clamping: size)))") }
        if let url = asset.downloadURL { parts.append("download \(InspectFormatting.quoted(url, limit: 40))") }
        if asset.receipt != nil { parts.append("receipt") }
        return "asset: " + parts.joined(separator: ", ")
    }

    static func reference(_ reference: Reference) -> String {
        let action = reference.action == .none ? "" : ", \(reference.action.rawValue)"
        return recordID(reference.recordID) + action
    }

    private static func location(_ location: Location) -> String {
        var text = "\(location.latitude), \(location.longitude)"
        if let accuracy = location.horizontalAccuracy { text += " ±\(accuracy) m" }
        if let altitude = location.altitude { text += ", altitude \(altitude) m" }
        if let speed = location.speed { text += ", speed \(speed) m/s" }
        if let course = location.course { text += ", course \(course)°" }
        if let timestamp = location.timestamp { text += ", at \(InspectFormatting.iso8601(timestamp))" }
        return text
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
