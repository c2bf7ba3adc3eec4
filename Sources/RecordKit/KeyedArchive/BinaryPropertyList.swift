import Foundation

/// Apple's binary property list format (`bplist00`): a reader that refuses hostile input with a typed error,
/// and a deterministic writer.
public enum BinaryPropertyList {
    /// Containers nested deeper than this are refused.
    public static let maximumDepth = 512

    /// Decodes the top object of a binary property list.
    ///
    /// Checks the header, the trailer, every offset and every reference; refuses cycles, nesting deeper than
    /// ``maximumDepth`` and object graphs that expand far beyond the size of the data.
    public static func decode(_ data: Data) throws(PropertyListError) -> PropertyListValue {
        try BinaryPropertyListDocument.read(data, { document throws(PropertyListError) in
            var reader = BinaryPropertyListReader(document: document)
            return try reader.readTop()
        }, wrap: { $0 })
    }

    /// Encodes a value as a binary property list. The same value always gives the same bytes:
    /// dictionary keys are written in byte order, equal scalars are written once, and integer, reference
    /// and offset sizes are the smallest that fit.
    public static func encode(_ value: PropertyListValue) -> Data {
        var writer = BinaryPropertyListWriter()
        return writer.write(value)
    }
}
