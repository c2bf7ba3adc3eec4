/// Diagnostic codes for .ckdb and Core Data import and export (RK2xx).
public enum InteropCode {
    /// The .ckdb text does not follow the grammar.
    public static let ckdbSyntax = "RK201"
    /// A name that is not a valid schema identifier, or a duplicate name.
    public static let invalidName = "RK202"
    /// `NUMBER` has no exact kind: mapped to the preferred or closest one.
    public static let numberType = "RK203"
    /// An index the schema language cannot keep on this field (encrypted, asset, searchable non-string).
    public static let droppedIndex = "RK204"
    /// A system field (`___…`) RecordKit does not know.
    public static let unknownSystemField = "RK205"
    /// A grant naming a role that is neither declared nor built in.
    public static let undeclaredRole = "RK206"
    /// Encryption on a type CloudKit cannot encrypt.
    public static let droppedEncryption = "RK207"
    /// The deployed schema given to check-compat cannot be read.
    public static let baselineUnreadable = "RK208"
    /// A Core Data model that cannot be read (missing file, bad XML, no entities).
    public static let coreDataUnreadable = "RK210"
    /// A Core Data construct mapped away or not expressible (to-many relationships, fetched properties,
    /// unknown attribute types, transient attributes).
    public static let coreDataMapping = "RK211"
}
