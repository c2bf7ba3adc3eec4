/// A Core Data model as its `contents` file declares it: just what the CloudKit mapping needs.
public struct CoreDataModel: Sendable, Hashable {
    /// The model's name (the `.xcdatamodel` folder's name without extension).
    public var name: String
    /// Entities, in file order.
    public var entities: [Entity]
    /// Where the `<model>` element stands.
    public var location: SourceLocation

    /// Creates a model.
    public init(name: String, entities: [Entity] = [], location: SourceLocation) {
        self.name = name
        self.entities = entities
        self.location = location
    }

    /// The entity with this name.
    public func entity(named name: String) -> Entity? { entities.first { $0.name == name } }

    /// `<entity>`.
    public struct Entity: Sendable, Hashable {
        public var name: String
        /// `parentEntity=`: the entity this one inherits from.
        public var parent: String?
        public var isAbstract: Bool
        public var attributes: [Attribute]
        public var relationships: [Relationship]
        /// `<fetchedProperty>` names with their locations: computed by fetches, never stored.
        public var fetchedProperties: [FetchedProperty]
        /// Whether the entity declares uniqueness constraints (which CloudKit mirroring cannot honour).
        public var uniquenessConstraintLocation: SourceLocation?
        public var location: SourceLocation

        /// Creates an entity.
        public init(
            name: String, parent: String? = nil, isAbstract: Bool = false,
            attributes: [Attribute] = [], relationships: [Relationship] = [],
            fetchedProperties: [FetchedProperty] = [],
            uniquenessConstraintLocation: SourceLocation? = nil, location: SourceLocation
        ) {
            self.name = name
            self.parent = parent
            self.isAbstract = isAbstract
            self.attributes = attributes
            self.relationships = relationships
            self.fetchedProperties = fetchedProperties
            self.uniquenessConstraintLocation = uniquenessConstraintLocation
            self.location = location
        }
    }

    /// `<fetchedProperty>`.
    public struct FetchedProperty: Sendable, Hashable {
        public var name: String
        public var location: SourceLocation

        /// Creates a fetched property.
        public init(name: String, location: SourceLocation) {
            self.name = name
            self.location = location
        }
    }

    /// `<attribute>`.
    public struct Attribute: Sendable, Hashable {
        public var name: String
        /// `attributeType=` as written: `String`, `Integer 64`, `Binary`, `Transformable`…
        public var type: String
        public var isOptional: Bool
        public var isTransient: Bool
        /// `allowsCloudEncryption="YES"`.
        public var allowsCloudEncryption: Bool
        public var location: SourceLocation

        /// Creates an attribute.
        public init(name: String, type: String, isOptional: Bool = true, isTransient: Bool = false, allowsCloudEncryption: Bool = false, location: SourceLocation) {
            self.name = name
            self.type = type
            self.isOptional = isOptional
            self.isTransient = isTransient
            self.allowsCloudEncryption = allowsCloudEncryption
            self.location = location
        }
    }

    /// `<relationship>`.
    public struct Relationship: Sendable, Hashable {
        public var name: String
        public var destination: String?
        public var isToMany: Bool
        /// `inverseName=`: the relationship on the destination that points back.
        public var inverse: String?
        public var location: SourceLocation

        /// Creates a relationship.
        public init(name: String, destination: String?, isToMany: Bool, inverse: String? = nil, location: SourceLocation) {
            self.name = name
            self.destination = destination
            self.isToMany = isToMany
            self.inverse = inverse
            self.location = location
        }
    }
}
