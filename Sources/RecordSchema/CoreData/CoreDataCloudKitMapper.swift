/// Maps a Core Data model to the record types NSPersistentCloudKitContainer mirrors it to:
/// one `CD_<root entity>` type per entity hierarchy (sub-entities fold into their root, told apart by
/// `CD_entityName`; every type also has the container's `CD_moveReceipt`), attributes as `CD_<name>` fields, to-one relationships as a STRING holding the related
/// record's name, all in the zone `com.apple.coredata.cloudkit.zone` of the private database.
///
/// Every field is optional: the container may leave any field out (a large string or binary value moves to
/// its `_ckAsset` companion, and records from older model versions lack newer attributes).
/// What the mapping leaves out is a warning at its location.
public enum CoreDataCloudKitMapper {
    /// The zone NSPersistentCloudKitContainer stores its records in.
    public static let zoneName = "com.apple.coredata.cloudkit.zone"

    /// The schema and the warnings the mapping produced.
    public struct Result: Sendable {
        public var schema: Schema
        public var diagnostics: [Diagnostic]
    }

    /// Maps `model`.
    public static func makeSchema(from model: CoreDataModel) -> Result {
        var mapping = Mapping(model: model)
        var records: [RecordType] = []
        for entity in model.entities where entity.parent == nil || model.entity(named: entity.parent ?? "") == nil {
            guard CKDBNames.isSchemaIdentifier("CD_" + entity.name) else {
                mapping.warn("entity name '\(entity.name)' does not make a valid CloudKit record type name; the entity and its sub-entities are not imported", entity.location)
                mapping.markMapped(entity)
                continue
            }
            if let parent = entity.parent {
                mapping.warn("entity '\(entity.name)' inherits from '\(parent)', which the model does not declare; mapped as a root entity", entity.location)
            }
            records.append(mapping.recordType(root: entity))
        }
        for entity in model.entities where !mapping.mapped.contains(entity.name) {
            mapping.warn("entity '\(entity.name)' is in an inheritance cycle (parentEntity leads back to it); it is not imported", entity.location)
        }
        let zone = Zone(name: zoneName, database: .private, location: model.location)
        let schema = Schema(name: model.name, zones: [zone], records: records, location: model.location)
        return Result(schema: schema, diagnostics: mapping.diagnostics.sorted())
    }
}

/// One mapping run, collecting warnings.
private struct Mapping {
    let model: CoreDataModel
    var diagnostics: [Diagnostic] = []
    /// Entities already folded into a record type.
    private(set) var mapped: Set<String> = []

    init(model: CoreDataModel) { self.model = model }

    /// Marks a hierarchy as handled without mapping it (after a warning).
    mutating func markMapped(_ root: CoreDataModel.Entity) {
        for entity in hierarchy(of: root) { mapped.insert(entity.name) }
    }

    mutating func warn(_ message: String, _ location: SourceLocation) {
        diagnostics.append(Diagnostic(.warning, message, at: location, code: DiagnosticCode.coreDataMapping))
    }

    /// The root and every entity below it, parents before children, in file order.
    private func hierarchy(of root: CoreDataModel.Entity) -> [CoreDataModel.Entity] {
        var result = [root]
        var index = 0
        while index < result.count {
            let name = result[index].name
            result += model.entities.filter { $0.parent == name && !result.contains($0) }
            index += 1
        }
        return result
    }

    mutating func recordType(root: CoreDataModel.Entity) -> RecordType {
        var record = RecordType(name: "CD_" + root.name, zone: CoreDataCloudKitMapper.zoneName, location: root.location)
        // Which entity a record holds: the root's type is shared by the whole hierarchy.
        add(Field(name: "CD_entityName", type: .scalar(.string), isOptional: true, location: root.location), from: root.name, to: &record)
        // The container writes a move receipt on every record type when a record moves between stores;
        // real exports have it (and its asset companion), so a compatibility check against one needs it.
        add(Field(name: "CD_moveReceipt", type: .scalar(.bytes), isOptional: true, location: root.location), from: root.name, to: &record)
        add(Field(name: "CD_moveReceipt_ckAsset", type: .scalar(.asset), isOptional: true, location: root.location), from: root.name, to: &record)
        for entity in hierarchy(of: root) {
            mapped.insert(entity.name)
            if let location = entity.uniquenessConstraintLocation {
                warn("entity '\(entity.name)' has uniqueness constraints, which NSPersistentCloudKitContainer does not support; they are not expressed", location)
            }
            for attribute in entity.attributes { map(attribute, of: entity, to: &record) }
            for relationship in entity.relationships { map(relationship, of: entity, to: &record) }
            for fetched in entity.fetchedProperties {
                warn("fetched property '\(fetched.name)' of '\(entity.name)' is computed by a fetch and not mirrored to CloudKit", fetched.location)
            }
        }
        return record
    }

    private mutating func map(_ attribute: CoreDataModel.Attribute, of entity: CoreDataModel.Entity, to record: inout RecordType) {
        if attribute.isTransient {
            warn("transient attribute '\(attribute.name)' of '\(entity.name)' is not stored, so not mirrored to CloudKit", attribute.location)
            return
        }
        let name = "CD_" + attribute.name
        guard CKDBNames.isSchemaIdentifier(name) else {
            warn("attribute '\(attribute.name)' of '\(entity.name)' does not make a valid CloudKit field name (letters, digits and '_', at most 255); it is not imported", attribute.location)
            return
        }
        guard let (kind, representation, companion) = kind(of: attribute, in: entity) else { return }
        var field = Field(name: name, type: .scalar(kind), representation: representation, isOptional: true, location: attribute.location)
        if attribute.allowsCloudEncryption {
            field.isEncrypted = true
        }
        add(field, from: entity.name, to: &record)
        if companion {
            // Values too large for a record field are stored as an asset beside it.
            add(Field(name: name + "_ckAsset", type: .scalar(.asset), isOptional: true, location: attribute.location), from: entity.name, to: &record)
        }
    }

    /// The CloudKit kind of an attribute, its Swift representation, and whether it has a `_ckAsset` companion.
    private mutating func kind(of attribute: CoreDataModel.Attribute, in entity: CoreDataModel.Entity) -> (SchemaFieldKind, Field.SwiftRepresentation?, Bool)? {
        switch attribute.type {
        case "Integer 16", "Integer 32": return (.int64, .int, false)
        case "Integer 64": return (.int64, nil, false)
        case "Boolean": return (.int64, .bool, false)
        case "Double", "Float": return (.double, nil, false)
        case "Date": return (.timestamp, nil, false)
        case "UUID": return (.string, .uuid, false)
        case "URI": return (.string, .url, false)
        case "String": return (.string, nil, true)
        case "Binary", "Transformable": return (.bytes, nil, true)
        case "Decimal":
            warn("Decimal attribute '\(attribute.name)' of '\(entity.name)' has no exact CloudKit kind; mapped to string, its decimal text, which keeps every digit", attribute.location)
            return (.string, nil, false)
        case "ObjectID":
            warn("ObjectID attribute '\(attribute.name)' of '\(entity.name)' is local to one store and not mirrored to CloudKit", attribute.location)
            return nil
        default:
            let shown = attribute.type.isEmpty ? "no attributeType" : "attribute type '\(attribute.type)'"
            warn("attribute '\(attribute.name)' of '\(entity.name)' has \(shown), which has no CloudKit mapping; it is not imported", attribute.location)
            return nil
        }
    }

    private mutating func map(_ relationship: CoreDataModel.Relationship, of entity: CoreDataModel.Entity, to record: inout RecordType) {
        if relationship.isToMany {
            warn("to-many relationship '\(relationship.name)' of '\(entity.name)' has no field: \(howMirrored(relationship))", relationship.location)
            return
        }
        // A to-one relationship holds the related record's name.
        let field = Field(name: "CD_" + relationship.name, type: .scalar(.string), isOptional: true, location: relationship.location)
        add(field, from: entity.name, to: &record)
    }

    /// How the container stores a to-many relationship: through its inverse to-one field, or CDMR records.
    private func howMirrored(_ relationship: CoreDataModel.Relationship) -> String {
        guard let destinationName = relationship.destination, let inverseName = relationship.inverse,
              let destination = model.entity(named: destinationName),
              let inverse = destination.relationships.first(where: { $0.name == inverseName })
        else {
            return "CloudKit mirrors it through the inverse to-one field, or CDMR records when the inverse is to-many (a relationship without an inverse is not mirrored)"
        }
        if inverse.isToMany {
            return "it is many-to-many, which CloudKit mirrors as CDMR records (record type CDMR), not as fields"
        }
        return "CloudKit mirrors it through the inverse to-one field CD_\(inverseName) of CD_\(rootName(of: destination))"
    }

    /// The root of an entity's hierarchy: its record type is `CD_` + this name.
    private func rootName(of entity: CoreDataModel.Entity) -> String {
        var current = entity
        var seen: Set<String> = [entity.name]
        while let parentName = current.parent, let parent = model.entity(named: parentName), seen.insert(parentName).inserted {
            current = parent
        }
        return current.name
    }

    /// Adds a field unless the hierarchy already has one of that name (sub-entities share the root's type).
    private mutating func add(_ field: Field, from entity: String, to record: inout RecordType) {
        guard CKDBNames.isSchemaIdentifier(field.name) else {
            warn("'\(field.name)' of entity '\(entity)' is not a valid CloudKit field name (letters, digits and '_', at most 255); it is not imported", field.location)
            return
        }
        if let existing = record.field(named: field.name) {
            if existing.type != field.type || existing.isEncrypted != field.isEncrypted {
                warn("'\(field.name)' of entity '\(entity)' is \(field.type) but another entity of \(record.name) already declares it as \(existing.type); the first declaration is kept", field.location)
            }
            return
        }
        record.fields.append(field)
    }
}
