// swift-tools-version: 6.2
// Test-only: compiles RecordKitCloudKit's own sources on Linux against a stand-in for Apple's CloudKit and
// CoreLocation, reproducing the documented signatures the bridge uses (each declaration cites its page).
// Never depend on this package: on a Mac, a target named CloudKit would shadow the framework.
// Run: swift test --package-path Tools/CloudKitStandIn
import PackageDescription

let package = Package(
    name: "CloudKitStandIn",
    platforms: [.macOS(.v13)],
    products: [
        // For Tools/Fuzz/CloudKitBridge only (never for apps): the stand-in and the bridge compiled on it.
        .library(name: "CloudKitStandIn", targets: ["CloudKit", "CoreLocation", "CloudKitStandInSupport", "RecordKitCloudKitOnStandIn"]),
    ],
    dependencies: [
        .package(name: "RecordKit", path: "../.."),
    ],
    targets: [
        .target(name: "CoreLocation"),
        .target(name: "CloudKit", dependencies: ["CoreLocation"]),
        // Not Apple API: registers Apple's archived class names with NSKeyedUnarchiver, which Apple's
        // frameworks do for their own classes.
        .target(name: "CloudKitStandInSupport", dependencies: ["CloudKit"]),
        // The bridge's own source files (Sources/RecordKitCloudKit, symlinked), under another module name so it
        // cannot clash with the root package's RecordKitCloudKit target.
        .target(
            name: "RecordKitCloudKitOnStandIn",
            dependencies: ["CloudKit", "CoreLocation", .product(name: "RecordKit", package: "RecordKit")],
            exclude: ["RecordKitCloudKit.docc"]
        ),
        // RecordKitSync's own source files (Sources/RecordKitSync, symlinked), whose CKSyncEngine and CKDatabase
        // adapters compile here against the stand-in. `-module-alias` points their `import RecordKitCloudKit` at
        // the bridge compiled above (unsafe flags are fine in this root-only, test-only package).
        .target(
            name: "RecordKitSyncOnStandIn",
            dependencies: [
                "CloudKit", "RecordKitCloudKitOnStandIn",
                .product(name: "RecordKit", package: "RecordKit"), .product(name: "RecordKitStore", package: "RecordKit"),
            ],
            exclude: ["RecordKitSync.docc"],
            swiftSettings: [.unsafeFlags(["-module-alias", "RecordKitCloudKit=RecordKitCloudKitOnStandIn"])]
        ),
        .testTarget(
            name: "RecordKitCloudKitTests",
            dependencies: [
                "RecordKitCloudKitOnStandIn", "CloudKit", "CoreLocation", "CloudKitStandInSupport",
                .product(name: "RecordKit", package: "RecordKit"),
            ]
        ),
        // The adapters driven by the events CKSyncEngine sends, checked against the store after each.
        .testTarget(
            name: "RecordKitSyncCloudKitTests",
            dependencies: [
                "RecordKitSyncOnStandIn", "RecordKitCloudKitOnStandIn", "CloudKit", "CloudKitStandInSupport",
                .product(name: "RecordKit", package: "RecordKit"), .product(name: "RecordKitStore", package: "RecordKit"),
            ],
            swiftSettings: [.unsafeFlags(["-module-alias", "RecordKitCloudKit=RecordKitCloudKitOnStandIn"])]
        ),
    ],
    swiftLanguageModes: [.v6]
)
