import RecordKit

/// `recordgen inspect`'s reading and reporting: recognises a stored blob by its content (a RecordKit native
/// archive, an NSKeyedArchiver archive made by CloudKit, a CloudKit Web Services JSON body, a CloudKit push payload
/// or an NSPersistentCloudKitContainer store), decodes it with RecordKit's codecs and describes it for a person or
/// a script. The command only maps its options onto this.
public enum Inspection {
    /// How the report is written.
    public enum Format: Sendable, Hashable {
        /// For a person: aligned columns, long strings and bytes shortened.
        case text
        /// For a script: one JSON document with sorted keys, values never shortened.
        case json
    }

    /// The report on the file at `path`, ending with a newline. `limit` is how many entries of each list
    /// (records, zones, changes) are shown, all when nil; a native record list is streamed, so a large one is
    /// never held in memory whole.
    public static func report(path: String, format: Format, limit: Int?) throws(InspectFailure) -> String {
        if MirrorInspection.isSQLite(path: path) {
            return try MirrorInspection.report(path: path, format: format, limit: limit)
        }
        let blob = try InspectReader.read(path: path, limit: limit)
        switch format {
        case .text: return InspectTextReport.render(blob, path: path, limit: limit)
        case .json: return InspectJSONReport.render(blob, path: path, limit: limit)
        }
    }
}
