// swift-tools-version: 6.0
// Fuzz targets, one per decoder, in their own package so the main build stays light.
// Build and run them with Tools/Fuzz/run.sh (see README.md): they need `--sanitize=fuzzer`.
import PackageDescription

/// The decoders fuzzed, one executable each. The names are also the folders under Corpus/ and Regressions/.
let fuzzTargets = [
    "FuzzNativeRecord", "FuzzNativeRecordList", "FuzzNativeToken", "FuzzNativeSyncState",
    "FuzzBinaryPropertyList", "FuzzKeyedArchive", "FuzzWebServicesJSON",
    "FuzzRecordsXML", "FuzzCKDB", "FuzzCoreData",
]

let package = Package(
    name: "RecordKitFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "RecordKit", path: "../.."),
    ],
    targets: [
        // The invariants every target checks. RecordKitChecks.swift, SchemaChecks.swift and FuzzOutcome.swift
        // are also linked (symlinks) into the main package's FuzzRegressions tests, so `swift test` runs the
        // committed corpus through exactly the same checks.
        .target(
            name: "FuzzChecks",
            dependencies: [
                .product(name: "RecordKit", package: "RecordKit"),
                .product(name: "RecordSchema", package: "RecordKit"),
            ]
        ),
        // Writes the seed corpus with RecordKit's own encoders; built without the fuzzer.
        .executableTarget(
            name: "MakeCorpus",
            dependencies: [
                .product(name: "RecordKit", package: "RecordKit"),
                .product(name: "RecordSchema", package: "RecordKit"),
            ]
        ),
    ] + fuzzTargets.map { .executableTarget(name: $0, dependencies: ["FuzzChecks"]) },
    swiftLanguageModes: [.v6]
)
