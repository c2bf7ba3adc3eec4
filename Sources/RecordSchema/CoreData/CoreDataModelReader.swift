import Foundation

/// Reads a Core Data model's `contents` XML (with the same hardened libxml2 parse as schema files) into a
/// `CoreDataModel`, keeping the line and column of every entity, attribute and relationship.
public enum CoreDataModelReader {
    /// The model, when it could be read, and what was found on the way.
    public struct Result: Sendable {
        public var model: CoreDataModel?
        public var diagnostics: [Diagnostic]
    }

    /// A `contents` file is far smaller than this.
    static let maximumBytes = 16 << 20

    /// Reads the model at `path`: an `.xcdatamodeld`, an `.xcdatamodel` folder or a `contents` file.
    public static func read(contentsOf path: String) -> Result {
        let found: CoreDataModelLocator.Found
        switch CoreDataModelLocator.locate(path) {
        case let .found(value): found = value
        case let .failed(diagnostic): return Result(model: nil, diagnostics: [diagnostic])
        }
        guard let data = FileManager.default.contents(atPath: found.contentsPath) else {
            let diagnostic = Diagnostic(.error, "cannot read \(found.contentsPath)", at: nil, code: DiagnosticCode.coreDataUnreadable)
            return Result(model: nil, diagnostics: found.diagnostics + [diagnostic])
        }
        var result = read(bytes: [UInt8](data), file: found.contentsPath, modelName: found.modelName)
        result.diagnostics = (found.diagnostics + result.diagnostics).sorted()
        return result
    }

    /// Reads `contents` XML; `file` names it in diagnostics.
    public static func read(bytes: [UInt8], file: String, modelName: String) -> Result {
        let start = SourceLocation(file: file, line: 1, column: 1)
        guard bytes.count <= maximumBytes else {
            return failure("the file is \(bytes.count) bytes, more than \(maximumBytes); a Core Data model is far smaller", at: start)
        }
        let source = SourceText(bytes: bytes)
        let parsed = SafeXMLParser.parse(bytes, maximumDepth: 32)
        guard let document = parsed.document else {
            let diagnostics = LibXMLDiagnostics.parseFailure(parsed.sink, source: source, path: file, maximumDepth: 32)
            return Result(model: nil, diagnostics: diagnostics.sorted())
        }
        var tree = LibXMLTreeReader(source: source, file: file)
        guard let root = tree.read(document), root.name == "model" else {
            return failure("the root element is not <model>: this is not a Core Data model's contents file", at: start)
        }
        let name = identifier(modelName)
        let entities = root.children.filter { $0.name == "entity" }.map(entity)
        return Result(model: CoreDataModel(name: name, entities: entities, location: root.location), diagnostics: [])
    }

    private static func failure(_ message: String, at location: SourceLocation) -> Result {
        Result(model: nil, diagnostics: [Diagnostic(.error, message, at: location, code: DiagnosticCode.coreDataUnreadable)])
    }

    /// `Model 2` -> `Model_2`: a schema name is an identifier.
    static func identifier(_ name: String) -> String {
        let cleaned = String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        guard let first = cleaned.first, first.isLetter else { return "Model" + cleaned }
        return cleaned
    }

    private static func yes(_ value: String?) -> Bool { value == "YES" }

    private static func entity(_ node: XMLElementNode) -> CoreDataModel.Entity {
        var entity = CoreDataModel.Entity(
            name: node.attribute("name") ?? "", parent: node.attribute("parentEntity"),
            isAbstract: yes(node.attribute("isAbstract")), location: node.location)
        for child in node.children {
            switch child.name {
            case "attribute":
                entity.attributes.append(CoreDataModel.Attribute(
                    name: child.attribute("name") ?? "", type: child.attribute("attributeType") ?? "",
                    isOptional: yes(child.attribute("optional")), isTransient: yes(child.attribute("transient")),
                    allowsCloudEncryption: yes(child.attribute("allowsCloudEncryption")), location: child.location))
            case "relationship":
                // Core Data writes toMany="YES" for to-many; maxCount="1" or no toMany means to-one.
                entity.relationships.append(CoreDataModel.Relationship(
                    name: child.attribute("name") ?? "", destination: child.attribute("destinationEntity"),
                    isToMany: yes(child.attribute("toMany")), inverse: child.attribute("inverseName"), location: child.location))
            case "fetchedProperty":
                entity.fetchedProperties.append(CoreDataModel.FetchedProperty(name: child.attribute("name") ?? "", location: child.location))
            case "uniquenessConstraints":
                if !child.children.isEmpty { entity.uniquenessConstraintLocation = child.location }
            default:
                break
            }
        }
        return entity
    }
}
