/// The options of `swift package generate-records`: `--target NAME` (repeatable) and `--access LEVEL`, each
/// also accepted as `--option=value`. Anything else is refused, so a typo is not silently ignored.
struct CommandOptions: Sendable, Hashable {
    /// The targets to generate; empty means every target that holds a schema.
    var targets: [String] = []
    /// The access level for the generated declarations, passed through to `recordgen --access` (it wins over the
    /// target's `recordgen-config.json`).
    var access: String?

    /// Parses the arguments SwiftPM hands the command plugin.
    init(parsing arguments: [String]) throws(PluginError) {
        var unknown: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            let (name, inlineValue) = Self.split(argument)
            guard name == "--target" || name == "--access" else {
                unknown.append(argument)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.endIndex {
                value = arguments[index]
                index += 1
            } else {
                throw .missingValue(name)
            }
            if name == "--target" {
                targets.append(value)
            } else if access == nil {
                access = value
            } else {
                throw .repeatedOption(name)
            }
        }
        guard unknown.isEmpty else { throw .unknownArguments(unknown) }
    }

    /// `--name=value` as (`--name`, `value`); anything else as (argument, nil).
    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
