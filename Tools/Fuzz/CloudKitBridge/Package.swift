// swift-tools-version: 6.0
// The CloudKit bridge's fuzz target, FuzzCKRecordValues, on the CloudKit stand-in (Tools/CloudKitStandIn).
// A package of its own, apart from Tools/Fuzz: the stand-in's module named CloudKit must not be in a graph that
// also builds RecordKitSync, whose `#if canImport(CloudKit)` sources would then compile without RecordKitCloudKit.
// Build and run it with Tools/Fuzz/run.sh FuzzCKRecordValues; its inputs are Tools/Fuzz/Corpus/FuzzCKRecordValues
// and Tools/Fuzz/Regressions/FuzzCKRecordValues.
import PackageDescription

let package = Package(
    name: "RecordKitFuzzCloudKitBridge",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "RecordKit", path: "../../.."),
        .package(name: "CloudKitStandIn", path: "../../CloudKitStandIn"),
    ],
    targets: [
        // The bridge's checks, with the Showcase models (a symlink to the Showcase goldens). CKRecordChecks.swift and
        // CKRecordInput.swift are also linked into the stand-in package's tests; FuzzEntry.swift and FuzzOutcome.swift
        // are Tools/Fuzz's FuzzChecks' (symlinks).
        .target(
            name: "FuzzCloudKitChecks",
            dependencies: [
                .product(name: "RecordKit", package: "RecordKit"),
                .product(name: "CloudKitStandIn", package: "CloudKitStandIn"),
            ]
        ),
        .executableTarget(name: "FuzzCKRecordValues", dependencies: ["FuzzCloudKitChecks"]),
        // Writes Corpus/FuzzCKRecordValues; built without the fuzzer.
        .executableTarget(
            name: "MakeCKRecordCorpus",
            dependencies: ["FuzzCloudKitChecks", .product(name: "RecordKit", package: "RecordKit")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
