// Fails, naming each one, for every top-level public symbol of a library product that no topic group of its
// module's DocC catalog links, and for every topic link that names no symbol.
//
// "Top-level" is what DocC gives a page directly under the module: types, protocols, free functions, globals,
// type aliases (symbols of `<Module>.symbols.json` with one path component). Members are curated by their type's
// page automatically; members that a module adds to other modules' types (`String.fieldValue`) are listed by
// DocC under "Extended Modules" and are not checked here.
//
// Usage (Tools/Docs/check-docs.sh runs it):
//   swift CurationCheck.swift --package DESCRIBE.json --symbol-graphs DIR [--graph MODULE=FILE]...
//   swift CurationCheck.swift --package DESCRIBE.json --list-modules     (the library products' modules)
// DESCRIBE.json is `swift package describe --type json`; DIR is where `swift package dump-symbol-graph` wrote;
// `--graph` takes a module's symbol graph from elsewhere (RecordKitCloudKit, empty on Linux, from the stand-in).
import Foundation

struct Failure: Error { let message: String }

/// A top-level public symbol of a module, from its symbol graph.
struct PublicSymbol {
    let name: String
    let kind: String
    let file: String?
    let line: Int?
}

/// A symbol link inside a `## Topics` section of a catalog page.
struct TopicLink {
    let target: String
    let page: String
    let line: Int
    let group: String
}

func readJSON(_ path: String) throws -> Any {
    guard let data = FileManager.default.contents(atPath: path) else {
        throw Failure(message: "cannot read \(path)")
    }
    return try JSONSerialization.jsonObject(with: data)
}

/// Modules of the library products, with their source folders.
func libraryModules(describe path: String) throws -> [(name: String, path: String)] {
    guard let root = try readJSON(path) as? [String: Any],
          let products = root["products"] as? [[String: Any]],
          let targets = root["targets"] as? [[String: Any]]
    else { throw Failure(message: "\(path): not the output of `swift package describe --type json`") }
    var paths: [String: String] = [:]
    for target in targets {
        if let name = target["name"] as? String, let path = target["path"] as? String { paths[name] = path }
    }
    var modules: [(name: String, path: String)] = []
    for product in products {
        guard let type = product["type"] as? [String: Any], type["library"] != nil,
              let names = product["targets"] as? [String] else { continue }
        for name in names where !modules.contains(where: { $0.name == name }) {
            guard let path = paths[name] else { throw Failure(message: "\(path): no path for target \(name)") }
            modules.append((name, path))
        }
    }
    guard !modules.isEmpty else { throw Failure(message: "\(path): no library product found") }
    return modules.sorted { $0.name < $1.name }
}

/// The top-level public symbols of one symbol graph file.
func topLevelSymbols(graph path: String, root: String) throws -> [PublicSymbol] {
    guard let graph = try readJSON(path) as? [String: Any], let symbols = graph["symbols"] as? [[String: Any]] else {
        throw Failure(message: "\(path): not a symbol graph")
    }
    var found: [PublicSymbol] = []
    for symbol in symbols {
        guard let components = symbol["pathComponents"] as? [String], components.count == 1,
              let access = symbol["accessLevel"] as? String, access == "public" || access == "open"
        else { continue }
        let kind = (symbol["kind"] as? [String: Any])?["displayName"] as? String ?? "symbol"
        let location = symbol["location"] as? [String: Any]
        var file = (location?["uri"] as? String).flatMap { URL(string: $0)?.path }
        if let absolute = file, absolute.hasPrefix(root + "/") { file = String(absolute.dropFirst(root.count + 1)) }
        let line = ((location?["position"] as? [String: Any])?["line"] as? Int).map { $0 + 1 }
        found.append(PublicSymbol(name: components[0], kind: kind.lowercased(), file: file, line: line))
    }
    return found.sorted { $0.name < $1.name }
}

/// The part of a link that names a top-level symbol, or nil when the link goes deeper (``Type/member``).
func topLevelName(of link: String, module: String) -> String? {
    var parts = link.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    if parts.first == "documentation" { parts.removeFirst() }
    if parts.count > 1, parts.first == module { parts.removeFirst() }
    guard parts.count == 1, var name = parts.first else { return nil }
    // Drop a disambiguation suffix: `Name-swift.struct`, `Name-1abc`, `f(_:)-2xyz`.
    if let close = name.lastIndex(of: ")") {
        name = String(name[...close])
    } else if let dash = name.firstIndex(of: "-"), dash != name.startIndex {
        name = String(name[..<dash])
    }
    return name
}

/// Every symbol link listed in a `## Topics` section of a page of the catalog.
func topicLinks(catalog: String) throws -> [TopicLink] {
    let manager = FileManager.default
    guard let enumerator = manager.enumerator(atPath: catalog) else { throw Failure(message: "cannot list \(catalog)") }
    var links: [TopicLink] = []
    let linkPattern = try NSRegularExpression(pattern: "^\\s*[-*+]\\s+``([^`]+)``\\s*$")
    for case let relative as String in enumerator where relative.hasSuffix(".md") {
        let page = catalog + "/" + relative
        guard let text = manager.contents(atPath: page).flatMap({ String(data: $0, encoding: .utf8) }) else {
            throw Failure(message: "cannot read \(page)")
        }
        // HTML comments hide what they hold from DocC, so they hide it from this check too (their line breaks
        // stay, so that line numbers stay right).
        var visible = text
        while let comment = visible.range(of: "<!--[\\s\\S]*?-->", options: .regularExpression) {
            visible.replaceSubrange(comment, with: String(repeating: "\n", count: visible[comment].filter { $0 == "\n" }.count))
        }
        var inTopics = false, inCode = false, group = ""
        for (index, line) in visible.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") { inCode.toggle(); continue }
            if inCode { continue }
            if trimmed.hasPrefix("## ") || trimmed.hasPrefix("# ") {
                inTopics = trimmed == "## Topics"
                group = ""
                continue
            }
            guard inTopics else { continue }
            if trimmed.hasPrefix("### ") { group = String(trimmed.dropFirst(4)); continue }
            let range = NSRange(line.startIndex..., in: line)
            // A link listed before any `###` group is not in a topic group: DocC ignores it.
            if !group.isEmpty, let match = linkPattern.firstMatch(in: line, range: range),
               let target = Range(match.range(at: 1), in: line) {
                links.append(TopicLink(target: String(line[target]), page: page, line: index + 1, group: group))
            }
        }
    }
    return links
}

/// The catalog of a module: the one `*.docc` folder directly in its source folder.
func catalog(of module: String, in folder: String) throws -> String {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    let catalogs = entries.filter { $0.hasSuffix(".docc") }.sorted()
    guard catalogs.count == 1 else {
        throw Failure(message: """
            \(folder): \(catalogs.isEmpty ? "no DocC catalog" : "\(catalogs.count) DocC catalogs"): create \
            \(folder)/\(module).docc/\(module).md with a `# ``\(module)``` title and a `## Topics` section
            """)
    }
    return folder + "/" + catalogs[0]
}

func run(_ arguments: [String]) throws -> Int32 {
    var describe: String?, graphs: String?, overrides: [String: String] = [:], listOnly = false
    var rest = arguments[...]
    while let flag = rest.popFirst() {
        if flag == "--list-modules" { listOnly = true; continue }
        guard let value = rest.popFirst() else { throw Failure(message: "\(flag) needs a value") }
        switch flag {
        case "--package": describe = value
        case "--symbol-graphs": graphs = value
        case "--graph":
            let pair = value.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2 else { throw Failure(message: "--graph takes MODULE=FILE, not \(value)") }
            overrides[pair[0]] = pair[1]
        default: throw Failure(message: "unknown option \(flag)")
        }
    }
    let usage = "usage: CurationCheck.swift --package DESCRIBE.json (--list-modules | --symbol-graphs DIR [--graph MODULE=FILE]...)"
    guard let describe else { throw Failure(message: usage) }
    let modules = try libraryModules(describe: describe)
    if listOnly {
        for module in modules { print(module.name) }
        return 0
    }
    guard let graphs else { throw Failure(message: usage) }
    let root = FileManager.default.currentDirectoryPath
    var errors: [String] = [], symbolCount = 0
    for module in modules {
        let graph = overrides[module.name] ?? "\(graphs)/\(module.name).symbols.json"
        guard FileManager.default.fileExists(atPath: graph) else {
            errors.append("error: \(module.name): no symbol graph at \(graph); run `swift package dump-symbol-graph`")
            continue
        }
        let symbols = try topLevelSymbols(graph: graph, root: root)
        let page: String
        do { page = try catalog(of: module.name, in: module.path) } catch let failure as Failure {
            errors.append("error: \(module.name): \(failure.message)")
            continue
        }
        let links = try topicLinks(catalog: page)
        let rootPage = "\(page)/\(module.name).md"
        let title = FileManager.default.contents(atPath: rootPage).flatMap { String(data: $0, encoding: .utf8) }?
            .split(separator: "\n", maxSplits: 1).first.map(String.init)
        if title != "# ``\(module.name)``" {
            errors.append("\(rootPage):1: error: the root page of \(module.name) must exist and start with `# ``\(module.name)```")
        }
        if symbols.isEmpty {
            errors.append("error: \(module.name): no top-level public symbol in \(graph): a library product with no API, or a graph that was not extracted")
        }
        var curated: [String: TopicLink] = [:]
        for link in links {
            guard let name = topLevelName(of: link.target, module: module.name) else { continue }
            if curated[name] == nil { curated[name] = link }
        }
        let names = Set(symbols.map(\.name))
        for link in links {
            guard let name = topLevelName(of: link.target, module: module.name), !names.contains(name) else { continue }
            errors.append("\(link.page):\(link.line): error: ``\(link.target)`` names no public symbol of \(module.name); remove it or fix the name")
        }
        for symbol in symbols where curated[symbol.name] == nil {
            // Suggest the group that curates most of the symbols declared in the same folder.
            let folder = symbol.file.map { ($0 as NSString).deletingLastPathComponent }
            var votes: [String: (count: Int, link: TopicLink)] = [:]
            for other in symbols where other.file.map({ ($0 as NSString).deletingLastPathComponent }) == folder {
                if let link = curated[other.name] {
                    let key = link.page + "\u{0}" + link.group
                    votes[key] = ((votes[key]?.count ?? 0) + 1, link)
                }
            }
            let best = votes.values.max { ($0.count, $1.link.group) < ($1.count, $0.link.group) }?.link
            let target = best.map { "under `### \($0.group)` in \($0.page)" } ?? "under a `### ` group of `## Topics` in \(rootPage)"
            let place = symbol.file.map { "\($0):\(symbol.line ?? 1): " } ?? ""
            errors.append("\(place)error: public \(symbol.kind) `\(symbol.name)` of \(module.name) is in no DocC topic group: add `- ``\(symbol.name)``` \(target)")
        }
        symbolCount += symbols.count
        print("\(module.name): \(symbols.count) top-level public symbols, \(links.count) topic links")
    }
    for error in errors { FileHandle.standardError.write(Data((error + "\n").utf8)) }
    if errors.isEmpty {
        print("DocC curation: every top-level public symbol of \(modules.count) library modules (\(symbolCount) in all) is in a topic group")
        return 0
    }
    FileHandle.standardError.write(Data("DocC curation: \(errors.count) problem(s), listed above\n".utf8))
    return 1
}

do {
    exit(try run(Array(CommandLine.arguments.dropFirst())))
} catch let failure as Failure {
    FileHandle.standardError.write(Data("error: \(failure.message)\n".utf8))
    exit(1)
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
