// swift-tools-version: 6.0
// An app package as a RecordKit user writes it: one dependency line, one plugin line, a schema file (and a
// recordgen-config.json beside it that keeps the generated models internal to the app).
// Build and run it with: swift run --package-path Tools/Examples/NoteApp NoteApp
import PackageDescription

let package = Package(
    name: "NoteApp",
    platforms: [.macOS(.v13)],
    dependencies: [
        // A real app names the repository URL instead: .package(url: "https://…/RecordKit.git", from: "0.1.0")
        .package(name: "RecordKit", path: "../../.."),
    ],
    targets: [
        .executableTarget(
            name: "NoteApp",
            dependencies: [.product(name: "RecordKit", package: "RecordKit")],
            plugins: [.plugin(name: "RecordGenPlugin", package: "RecordKit")]
        ),
        // Not part of the example: unit tests of the plugins' planning code (output names, collisions, options,
        // the Generated/ sync), compiled from the plugin sources through symlinks, since a plugin cannot be
        // imported. They live here because this package is the one that exercises the plugins.
        .testTarget(name: "PluginSupportTests"),
    ],
    swiftLanguageModes: [.v6]
)
