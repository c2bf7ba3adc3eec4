/// Builds the value tree of a binary plist, refusing cycles, deep nesting and graphs that expand far beyond
/// the size of the data. Used by ``BinaryPropertyList/decode(_:)``.
struct BinaryPropertyListReader {
    private let document: BinaryPropertyListDocument
    /// Objects on the path being read, to refuse cycles.
    private var inProgress: [Bool]
    /// How many more values may be produced; bounds the work of graphs that share containers.
    private var budget: Int
    private let budgetLimit: Int

    init(document: BinaryPropertyListDocument) {
        self.document = document
        inProgress = [Bool](repeating: false, count: document.objectCount)
        budgetLimit = 2 * document.length + 1024
        budget = budgetLimit
    }

    mutating func readTop() throws(PropertyListError) -> PropertyListValue {
        try read(document.topObject, depth: 0)
    }

    private mutating func read(_ index: Int, depth: Int) throws(PropertyListError) -> PropertyListValue {
        budget -= 1
        guard budget >= 0 else { throw .tooManyValues(offset: try document.offset(of: index), limit: budgetLimit) }
        switch try document.object(index) {
        case let .scalar(value):
            return value
        case let .array(references):
            return .array(try readAll(references, of: index, depth: depth))
        case let .set(references):
            return .set(try readAll(references, of: index, depth: depth))
        case let .dictionary(keys, values):
            let keyValues = try readAll(keys, of: index, depth: depth)
            let valueValues = try readAll(values, of: index, depth: depth)
            var dictionary = [String: PropertyListValue](minimumCapacity: keys.count)
            for (key, value) in zip(keyValues, valueValues) {
                guard case let .string(name) = key else {
                    throw .nonStringKey(offset: try document.offset(of: index), type: key.typeName)
                }
                dictionary[name] = value
            }
            return .dictionary(dictionary)
        }
    }

    private mutating func readAll(
        _ references: BinaryPropertyListDocument.References, of container: Int, depth: Int
    ) throws(PropertyListError) -> [PropertyListValue] {
        guard depth < BinaryPropertyList.maximumDepth else {
            throw .tooDeep(offset: try document.offset(of: container), limit: BinaryPropertyList.maximumDepth)
        }
        guard !inProgress[container] else { throw .cycle(offset: try document.offset(of: container)) }
        inProgress[container] = true
        defer { inProgress[container] = false }
        var values = [PropertyListValue]()
        values.reserveCapacity(references.count)
        for position in 0..<references.count {
            values.append(try read(document.reference(references, position), depth: depth + 1))
        }
        return values
    }
}
