import RecordKit

extension RecordKit.Record {
    /// Whether this record holds what `server` holds: the same fields, plain and encrypted, and the same parent
    /// (the one system field an app sets). Conflict settlement uses it to tell a merge that leaves the server's
    /// record as it is (a retry of a save whose response was lost), which is marked sent instead of saved again.
    /// Assets compare as ``FieldValue/holdsTheSameValue(as:)`` says.
    func holdsTheSameValues(as server: RecordKit.Record) -> Bool {
        guard system.parent == server.system.parent, fields.count == server.fields.count,
              encryptedFields.count == server.encryptedFields.count
        else { return false }
        return fields.allSatisfy { $0.value.holdsTheSameValue(as: server.fields[$0.key]) }
            && encryptedFields.allSatisfy { $0.value.holdsTheSameValue(as: server.encryptedFields[$0.key]) }
    }
}

extension FieldValue {
    /// Whether this value holds what `other` holds. Equal values do; so do assets that name the same file of the
    /// store's asset folder, whatever else one carries: the folder is content-addressed (the same file is the same
    /// bytes), and the server adds checksums, a receipt or a download URL to the asset it returns, which an app's
    /// save of the same file lacks. Such an asset is unchanged, and is not sent again.
    func holdsTheSameValue(as other: FieldValue?) -> Bool {
        guard let other else { return false }
        switch (self, other) {
        case let (.asset(mine), .asset(theirs)):
            return Self.sameFile(mine, theirs)
        case let (.list(.asset(mine)), .list(.asset(theirs))):
            return mine.count == theirs.count && zip(mine, theirs).allSatisfy(Self.sameFile)
        default:
            return self == other
        }
    }

    private static func sameFile(_ mine: Asset, _ theirs: Asset) -> Bool {
        guard let file = mine.fileURL, file.isFileURL else { return mine == theirs }
        return file == theirs.fileURL
    }
}
