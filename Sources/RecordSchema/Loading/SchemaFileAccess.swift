import Foundation

/// Reads a schema file's bytes without ever reading more than the size limit, and never from anything but a
/// regular file (a FIFO or a device would block or never end).
enum SchemaFileAccess {
    enum Contents {
        case success([UInt8])
        case failure(Diagnostic)
    }

    static func contents(of path: String, maximumBytes: Int) -> Contents {
        // stat(2) directly: FileManager.attributesOfItem also looks up the owner's name, which reads the
        // user and group databases; the reader opens nothing but the file it was given.
        var info = stat()
        guard stat(path, &info) == 0 else {
            return .failure(problem("no such file: \(path)", path: path))
        }
        let fileType = UInt32(info.st_mode) & 0o170000
        guard fileType != 0o040000 else {
            return .failure(problem("\(path) is a folder; pass it to the loader, which reads the *.records.xml files in it", path: path))
        }
        guard fileType == 0o100000 else {
            return .failure(problem("\(path) is not a regular file", path: path))
        }
        if Int(info.st_size) > maximumBytes {
            return .failure(tooLarge(path: path, size: "\(info.st_size) bytes", maximumBytes: maximumBytes))
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
