import Foundation

/// Reads a schema file's bytes without ever reading more than the size limit, and never from anything but a
/// regular file (a FIFO or a device would block or never end).
enum SchemaFileAccess {
    enum Contents {
        case success([UInt8])
        case failure(Diagnostic)
    }

    static func contents(of path: String, maximumBytes: Int) -> Contents {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failure(problem("no such file: \(path)", path: path))
        }
        guard !isDirectory.boolValue else {
            return .failure(problem("\(path) is a folder; pass it to the loader, which reads the *.records.xml files in it", path: path))
        }
        let attributes = try? manager.attributesOfItem(atPath: path)
        if let type = attributes?[.type] as? FileAttributeType, type != .typeRegular {
            return .failure(problem("\(path) is not a regular file", path: path))
        }
        if let size = (attributes?[.size] as? NSNumber)?.intValue, size > maximumBytes {
            return .failure(tooLarge(path: path, size: "\(size) bytes", maximumBytes: maximumBytes))
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            return .failure(problem("cannot open \(path) for reading (check its permissions)", path: path))
        }
        defer { try? handle.close() }
        do {
            // One byte more than the limit tells a file that grew since the size check.
            let data = try handle.read(upToCount: maximumBytes + 1) ?? Data()
            guard data.count <= maximumBytes else {
                return .failure(tooLarge(path: path, size: "more than \(maximumBytes) bytes", maximumBytes: maximumBytes))
            }
            return .success([UInt8](data))
        } catch {
            return .failure(problem("cannot read \(path): \(error.localizedDescription)", path: path))
        }
    }

    private static func problem(_ message: String, path: String) -> Diagnostic {
        Diagnostic(.error, message, at: nil, code: .fileUnreadable)
    }

    private static func tooLarge(path: String, size: String, maximumBytes: Int) -> Diagnostic {
        Diagnostic(
            .error,
            "the file is \(size), more than the limit of \(maximumBytes); a schema file is far smaller: split it",
            at: SourceLocation(file: path, line: 1, column: 1), code: .fileTooLarge
        )
    }
}
