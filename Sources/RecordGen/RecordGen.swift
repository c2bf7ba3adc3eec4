import RecordSchema

/// The Swift renderer: turns a validated ``Schema`` into Swift source files.
public enum RecordGen {}
