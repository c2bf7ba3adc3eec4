import Foundation

extension RecordStoreOptions.FileProtection {
    /// Sets the protection class on the database file and its companions, where the platform has one.
    func apply(toDatabaseAt path: String) throws {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        let type: FileProtectionType
        switch self {
        case .complete: type = .complete
        case .completeUnlessOpen: type = .completeUnlessOpen
        case .completeUntilFirstUserAuthentication: type = .completeUntilFirstUserAuthentication
        case .none: type = .none
        }
        for file in [path, path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: file) {
            try FileManager.default.setAttributes([.protectionKey: type], ofItemAtPath: file)
        }
        #endif
    }
}
