// swift-tools-version: 6.0
// Fuzz targets, one per decoder, in their own package so the main build stays light.
// Build and run them with Tools/Fuzz/run.sh (see README.md): they need `--sanitize=fuzzer`.
// The CloudKit bridge's target is in CloudKitBridge/, a package of its own: a module named CloudKit (the stand-in)
// in this graph would turn on RecordKitSync's `#if canImport(CloudKit)` sources, which need RecordKitCloudKit.
import PackageDescription

/// The decoders fuzzed, one executable each. The names are also the folders under Corpus/ and Regressions/.
let fuzzTargets = [
    "FuzzNativeRecord", "FuzzNativeRecordList", "FuzzNativeToken", "FuzzNativeSyncState",
    "FuzzBinaryPropertyList", "FuzzKeyedArchive", "FuzzWebServicesJSON", "FuzzCloudNotification",
    "FuzzRecordsXML", "FuzzCKDB", "FuzzCoreData",
]

/// Fuzz targets of the store, whose checks need RecordKitStore (and so GRDB and SQLite).
let storeFuzzTargets = ["FuzzStoreRow"]

/// Fuzz targets of the LZFSE/LZVN decoders (RecordKitCompression only).
let compressionFuzzTargets = ["FuzzBlockStream"]

/// Fuzz targets of generated models (the Showcase goldens, through a symlink).
let modelFuzzTargets = ["FuzzModelArchive"]

/// Fuzz targets of the local CloudKit's request path (RecordKitLocalCloudKit, and so Hummingbird and GRDB).
let emulatorFuzzTargets = ["FuzzEmulatorRequest"]

let package = Package(
    name: "RecordKitFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "RecordKit", path: "../.."),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // The invariants every target checks. RecordKitChecks.swift, SchemaChecks.swift and FuzzOutcome.swift
        // are also linked (symlinks) into the main package's FuzzRegressions tests, so `swift test` runs the
        // committed corpus through exactly the same checks.
        .target(
            name: "FuzzChecks",
            dependencies: [
                .product(name: "RecordKit", package: "RecordKit"),
                .product(name: "_RecordSchema", package: "RecordKit"),
            ]
        ),
        // The store's checks, with the generated Note model of the store's tests (a symlink to the Internal golden).
        // StoreRowChecks.swift and StoreRowInput.swift are also linked into the main package's RecordKitStoreTests.
        .target(
            name: "FuzzStoreChecks",
            dependencies: [
                .product(name: "RecordKit", package: "RecordKit"),
                .product(name: "RecordKitStore", package: "RecordKit"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // The generated models' checks (init(archived:) against init(archivedViaRecord:)). ModelArchiveChecks.swift
        // is also linked into the main package's GeneratedCodeConsumerTests.
        .target(name: "FuzzModelChecks", dependencies: [.product(name: "RecordKit", package: "RecordKit")]),
        // The block-stream decoders' checks; FuzzOutcome.swift and FuzzEntry.swift are FuzzChecks' (symlinks).
        .target(
            name: "FuzzCompressionChecks",
            dependencies: [.product(name: "RecordKitCompression", package: "RecordKit")]
        ),
        // The local CloudKit's checks: every request gets a CloudKit-shaped answer.
        .target(
            name: "FuzzEmulatorChecks",
            dependencies: [
                .product(name: "RecordKitLocalCloudKit", package: "RecordKit"),
                .product(name: "RecordKitSync", package: "RecordKit"),
                .product(name: "RecordKit", package: "RecordKit"),
            ]
        ),
        // Writes the seed corpus with RecordKit's own encoders; built without the fuzzer.
        .executableTarget(
            name: "MakeCorpus",
            dependencies: [
                "FuzzStoreChecks",
                .product(name: "RecordKit", package: "RecordKit"),
                .product(name: "_RecordSchema", package: "RecordKit"),
            ]
        ),
    ] + fuzzTargets.map { .executableTarget(name: $0, dependencies: ["FuzzChecks"]) }
      + storeFuzzTargets.map { .executableTarget(name: $0, dependencies: ["FuzzStoreChecks"]) }
      + compressionFuzzTargets.map { .executableTarget(name: $0, dependencies: ["FuzzCompressionChecks"]) }
      + modelFuzzTargets.map { .executableTarget(name: $0, dependencies: ["FuzzModelChecks"]) }
      + emulatorFuzzTargets.map { .executableTarget(name: $0, dependencies: ["FuzzEmulatorChecks"]) },
    swiftLanguageModes: [.v6]
)
