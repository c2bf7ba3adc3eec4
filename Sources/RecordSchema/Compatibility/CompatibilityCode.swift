/// Diagnostic codes for `check-compat` (RK3xx). Errors break CloudKit's production rules or RecordKit's
/// version rules; warnings deserve a look before shipping.
public enum CompatibilityCode {
    /// A deployed record type is missing.
    public static let recordTypeRemoved = "RK301"
    /// A deployed field is neither a field nor retired.
    public static let fieldRemoved = "RK302"
    /// A field's kind or list element kind changed.
    public static let kindChanged = "RK303"
    /// A field's encryption changed.
    public static let encryptionChanged = "RK304"
    /// A retired name is used again, or retired, with another kind.
    public static let retiredNameReused = "RK305"
    /// A record type's version went down.
    public static let versionLowered = "RK306"
    /// A field was added without raising the version, or with a `since` that is not a new version.
    public static let fieldAddedWithoutVersion = "RK307"
    /// A field's `since` changed.
    public static let sinceChanged = "RK308"
    /// An enum case was removed.
    public static let enumCaseRemoved = "RK309"
    /// An enum case's raw value changed.
    public static let enumValueChanged = "RK310"
    /// The version field was renamed or removed.
    public static let versionFieldChanged = "RK311"
    /// A new required field has no default: records written before it cannot be decoded.
    public static let requiredWithoutDefault = "RK312"
    /// An existing field became required without a default.
    public static let becameRequired = "RK313"
    /// An index was removed (queries and sorts relying on it will fail).
    public static let indexRemoved = "RK320"
    /// A default value changed.
    public static let defaultChanged = "RK321"
    /// A reference's target record type changed.
    public static let referenceTargetChanged = "RK322"
    /// A new record type names a zone the deployed schema does not have.
    public static let newZone = "RK323"
}
