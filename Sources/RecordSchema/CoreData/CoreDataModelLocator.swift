import Foundation

/// Finds the `contents` file of a Core Data model from what a user passes: an `.xcdatamodeld` bundle (its
/// current version, from `.xccurrentversion`), an `.xcdatamodel` folder, or the `contents` file itself.
enum CoreDataModelLocator {
    struct Found {
        /// The `contents` file to read.
        var contentsPath: String
        /// The model's name: the `.xcdatamodel` folder's name without extension.
        var modelName: String
        var diagnostics: [Diagnostic]
    }

    enum Outcome {
        case found(Found)
        case failed(Diagnostic)
    }

    static func locate(_ path: String) -> Outcome {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failed(problem("no such file or folder: \(path)", at: nil))
        }
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        guard isDirectory.boolValue else {
            let parent = (trimmed as NSString).deletingLastPathComponent
            let name = (parent as NSString).pathExtension == "xcdatamodel"
                ? stem(of: parent) : stem(of: trimmed)
            return .found(Found(contentsPath: path, modelName: name, diagnostics: []))
        }
        switch (trimmed as NSString).pathExtension {
        case "xcdatamodeld":
            return currentVersion(in: trimmed)
        case "xcdatamodel":
            return .found(Found(contentsPath: trimmed + "/contents", modelName: stem(of: trimmed), diagnostics: []))
        default:
            return .failed(problem("\(path) is a folder but not an .xcdatamodeld or .xcdatamodel: pass the model bundle, a model version folder or its contents file", at: nil))
        }
    }

    /// The version `.xccurrentversion` names, or the only (or last, with a warning) `.xcdatamodel` inside.
    private static func currentVersion(in bundle: String) -> Outcome {
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: bundle)) ?? [])
            .filter { $0.hasSuffix(".xcdatamodel") }
            .sorted()
        let marker = bundle + "/.xccurrentversion"
        if let data = FileManager.default.contents(atPath: marker) {
            let plist = try? PropertyListSerialization.propertyList(from: data, format: nil)
            guard let name = (plist as? [String: Any])?["_XCCurrentVersionName"] as? String else {
                return .failed(problem("\(marker) has no _XCCurrentVersionName string: it should name the current .xcdatamodel", at: SourceLocation(file: marker, line: 1)))
            }
            guard versions.contains(name) else {
                return .failed(problem("\(marker) names \(name), which \(bundle) does not contain", at: SourceLocation(file: marker, line: 1)))
            }
            let folder = bundle + "/" + name
            return .found(Found(contentsPath: folder + "/contents", modelName: stem(of: folder), diagnostics: []))
        }
        guard let last = versions.last else {
            return .failed(problem("\(bundle) holds no .xcdatamodel version", at: nil))
        }
        var diagnostics: [Diagnostic] = []
        if versions.count > 1 {
            diagnostics.append(Diagnostic(
                .warning, "\(bundle) has no .xccurrentversion and \(versions.count) versions; importing the last by name, \(last)",
                at: nil, code: DiagnosticCode.coreDataMapping))
        }
        let folder = bundle + "/" + last
        return .found(Found(contentsPath: folder + "/contents", modelName: stem(of: folder), diagnostics: diagnostics))
    }

    /// The last path component up to its first dot.
    static func stem(of path: String) -> String {
        let last = (path as NSString).lastPathComponent
        return last.split(separator: ".").first.map(String.init) ?? last
    }

    private static func problem(_ message: String, at location: SourceLocation?) -> Diagnostic {
        Diagnostic(.error, message, at: location, code: DiagnosticCode.coreDataUnreadable)
    }
}
