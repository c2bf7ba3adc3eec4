// swift-tools-version: 6.0
// Benchmarks, in their own package so the main build stays light.
// Run one with: swift run -c release --package-path Tools/Benchmarks <Name>
import PackageDescription

let package = Package(
    name: "RecordKitBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "RecordKit", path: "../.."),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // ProtobufBenchmark only; its generated message is committed (Sources/ProtobufBenchmark/Generated).
        .package(url: "https://github.com/apple/swift-protobuf.git", exact: "1.39.0"),
    ],
    targets: [
        // Native archive against NSKeyedArchiver, PropertyListEncoder and JSONEncoder.
        .executableTarget(name: "ArchiveBenchmark", dependencies: [.product(name: "RecordKit", package: "RecordKit")]),
        // The native archive, a generated model's archive and a hand-written codec against swift-protobuf.
        .executableTarget(
            name: "ProtobufBenchmark",
            dependencies: [
                .product(name: "RecordKit", package: "RecordKit"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                "BenchmarkSupport",
            ],
            exclude: ["Generated/benchmark_note.proto"]
        ),
        // Keyed-archive tokens and system fields against Foundation's NSKeyedUnarchiver.
        .executableTarget(name: "KeyedArchiveBenchmark", dependencies: [.product(name: "RecordKit", package: "RecordKit")]),
        // Web Services JSON records against JSONDecoder with a Codable type of the same shape.
        .executableTarget(name: "WebServicesBenchmark", dependencies: [.product(name: "RecordKit", package: "RecordKit")]),
        // LZFSE/LZVN decoding against the reference decoder (PyPI lzfse); run through compression-benchmark.sh.
        .executableTarget(
            name: "CompressionBenchmark", dependencies: [.product(name: "RecordKitCompression", package: "RecordKit")]
        ),
        // Validating a folder of 1,000 record types.
        .executableTarget(name: "SchemaBenchmark", dependencies: [.product(name: "_RecordSchema", package: "RecordKit")]),
        // Generating 1,000 record types; generated models against the raw Record archive.
        .executableTarget(
            name: "GeneratorBenchmark",
            dependencies: [
                .product(name: "RecordKit", package: "RecordKit"),
                .product(name: "_RecordSchema", package: "RecordKit"),
                .product(name: "_RecordKitGenerator", package: "RecordKit"),
                "BenchmarkSupport",
            ]
        ),
        // What several benchmarks share: CPU time, children, the load, paired comparisons.
        .target(name: "BenchmarkSupport"),
        // RecordKitStore against GRDB Codable records, JSON blobs and raw SQLite statements. NoteRecords.swift and
        // BenchmarkNote.swift are symlinks to GeneratorBenchmark's, so both measure the same notes.
        .executableTarget(
            name: "StoreBenchmark",
            dependencies: [
                .product(name: "RecordKit", package: "RecordKit"),
                .product(name: "RecordKitStore", package: "RecordKit"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                "BenchmarkSupport",
            ]
        ),
        // records/modify and records/query of 100,000 notes over loopback HTTP against the local CloudKit (in a child
        // process): RecordKit's codec against JSONEncoder/JSONDecoder on the same bodies, and the client's memory.
        .executableTarget(
            name: "EmulatorBenchmark",
            dependencies: [
                .product(name: "RecordKit", package: "RecordKit"),
                .product(name: "RecordKitSync", package: "RecordKit"),
                .product(name: "RecordKitWebServices", package: "RecordKit"),
                .product(name: "RecordKitLocalCloudKit", package: "RecordKit"),
            ]
        ),
        // The store's typed queries over its projection (issue 25) against a hand-written GRDB table and fetchAll +
        // filter, on 100,000 books. Generated/ links Bookshop's golden models.
        .executableTarget(
            name: "StoreQueryBenchmark",
            dependencies: [
                .product(name: "RecordKit", package: "RecordKit"),
                .product(name: "RecordKitStore", package: "RecordKit"),
                .product(name: "GRDB", package: "GRDB.swift"),
                "BenchmarkSupport",
            ]
        ),
        // Initial sync of 100,000 notes from the CloudKit simulator into an empty store: records/s and memory.
        .executableTarget(
            name: "SyncBenchmark",
            dependencies: [
                .product(name: "RecordKit", package: "RecordKit"),
                .product(name: "RecordKitStore", package: "RecordKit"),
                .product(name: "RecordKitSync", package: "RecordKit"),
                .product(name: "RecordKitTesting", package: "RecordKit"),
                "BenchmarkSupport",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
