// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "RecordKit",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "RecordKit", targets: ["RecordKit"]),
        // Record <-> CKRecord, tokens and conflicts; empty where CloudKit does not exist.
        .library(name: "RecordKitCloudKit", targets: ["RecordKitCloudKit"]),
        // The CloudDatabase protocol and the sync engine.
        .library(name: "RecordKitSync", targets: ["RecordKitSync"]),
        // The CloudKit simulator and the multi-device harness, for apps' sync tests.
        .library(name: "RecordKitTesting", targets: ["RecordKitTesting"]),
        // The offline store on SQLite through GRDB: records, server copies, tokens and pending changes.
        .library(name: "RecordKitStore", targets: ["RecordKitStore"]),
        // Apple's LZFSE and LZVN block streams (bvx2, bvx1, bvxn, bvx-), decoded in Swift: Foundation only.
        .library(name: "RecordKitCompression", targets: ["RecordKitCompression"]),
        // Reads an NSPersistentCloudKitContainer store (records, tokens, pending flags, entity rows); no GRDB.
        .library(name: "RecordKitCoreDataMirror", targets: ["RecordKitCoreDataMirror"]),
        // Moves an NSPersistentCloudKitContainer store into a RecordStore, once, re-uploading nothing.
        .library(name: "RecordKitCoreDataMove", targets: ["RecordKitCoreDataMove"]),
        // A CloudDatabase over CloudKit Web Services, for servers: signing, tokens, HTTP (AsyncHTTPClient).
        .library(name: "RecordKitWebServices", targets: ["RecordKitWebServices"]),
        // The local CloudKit: the simulator served over HTTP in CloudKit Web Services' layout (Hummingbird).
        .library(name: "RecordKitLocalCloudKit", targets: ["RecordKitLocalCloudKit"]),
        .executable(name: "cloudkit-emulator", targets: ["cloudkit-emulator"]),
        // Tools/Examples/ServerExample: mirrors a public-database record type into a RecordStore; CI runs it
        // against cloudkit-emulator.
        .executable(name: "server-example", targets: ["ServerExample"]),
        .executable(name: "recordgen", targets: ["recordgen"]),
        // The schema model and the generator, for this repository's own benchmarks and fuzz targets (Tools/): no API
        // promise, hence the underscore (the modules keep their names: `import RecordSchema`). The plugins run the
        // `recordgen` executable instead.
        .library(name: "_RecordSchema", targets: ["RecordSchema"]),
        .library(name: "_RecordKitGenerator", targets: ["RecordKitGenerator"]),
        // Generates models from a target's *.records.xml files on every build.
        .plugin(name: "RecordGenPlugin", targets: ["RecordGenPlugin"]),
        // `swift package generate-records`: writes generated models into the package, for teams that commit them.
        .plugin(name: "RecordGenCommand", targets: ["RecordGenCommand"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // `swift package generate-documentation --target X`: the DocC catalogs, built by the toolchain's docc.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // RecordKitWebServices and the local CloudKit only: an app that uses neither builds none of these.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        // The runtime linked by apps and servers: Foundation only.
        .target(name: "RecordKit"),
        // Sync: the CloudDatabase protocol (CloudKit, its Web Services, the simulator) and the SyncEngine over the store.
        // On Apple platforms also the CKSyncEngine and CKDatabase adapters, over the CloudKit bridge.
        .target(name: "RecordKitSync", dependencies: ["RecordKit", "RecordKitStore", "RecordKitCloudKit"]),
        // The in-memory CloudKit simulator (CloudKit's rules, seeded, fault injection) and the multi-device harness.
        .target(
            name: "RecordKitTesting",
            dependencies: ["RecordKitSync", "RecordKitStore", "RecordKit"]
        ),

        // CloudKit Web Services as a CloudDatabase: request signing (swift-crypto) and HTTP (AsyncHTTPClient).
        .target(
            name: "RecordKitWebServices",
            dependencies: [
                "RecordKitSync", "RecordKit",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // The local CloudKit: CloudKitSimulator served over HTTP on loopback, verifying CloudKit's authentication
        // (with RecordKitWebServices' signing and error mapping, so both sides share one definition).
        .target(
            name: "RecordKitLocalCloudKit",
            dependencies: [
                "RecordKitTesting", "RecordKitWebServices", "RecordKitSync", "RecordKit",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // `swift run cloudkit-emulator --port 8080 ...`: the local CloudKit as a program; thin.
        .executableTarget(
            name: "cloudkit-emulator",
            dependencies: [
                "RecordKitLocalCloudKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // The server example (Tools/Examples/ServerExample): a target of this package, so CI builds it with the rest.
        .executableTarget(
            name: "ServerExample",
            dependencies: [
                "RecordKitWebServices", "RecordKitStore", "RecordKitSync", "RecordKit",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Tools/Examples/ServerExample",
            exclude: ["run-against-emulator.sh"]
        ),

        // The CloudKit bridge: every file is wrapped in `#if canImport(CloudKit)`, so on Linux the module is
        // empty. Tools/CloudKitStandIn compiles the same files on Linux against a CloudKit stand-in.
        .target(name: "RecordKitCloudKit", dependencies: ["RecordKit"]),
        // The offline store: RecordKit's records in SQLite through GRDB (system SQLite; apt libsqlite3-dev).
        .target(name: "RecordKitStore", dependencies: ["RecordKit", .product(name: "GRDB", package: "GRDB.swift")]),
        // A child process for the store's kill -9, asset-kill and asset-memory tests (Tests/RecordKitStoreCrashWorker,
        // beside the tests that run it): saves records and acknowledges each commit on stdout.
        .executableTarget(
            name: "RecordKitStoreCrashWorker",
            dependencies: ["RecordKitStore", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Tests/RecordKitStoreCrashWorker"
        ),

        // LZFSE and LZVN decoders for Core Data's stored CloudKit records; nothing else depends on them but the move.
        .target(name: "RecordKitCompression"),
        // The system SQLite, for the mirror reader: recordgen (built in debug for every adopter's build plugin)
        // reads Core Data stores through it without linking GRDB. No pkg-config, as GRDB's GRDBSQLite: the SDK
        // has sqlite3.h on Apple platforms.
        .systemLibrary(name: "CSQLite3", providers: [.apt(["libsqlite3-dev"])]),
        // The reader of NSPersistentCloudKitContainer's mirror store, read-only.
        .target(name: "RecordKitCoreDataMirror", dependencies: ["RecordKit", "RecordKitCompression", "CSQLite3"]),
        // The move from NSPersistentCloudKitContainer into the store.
        .target(name: "RecordKitCoreDataMove", dependencies: ["RecordKitCoreDataMirror", "RecordKitStore", "RecordKit"]),

        // libxml2, found with pkg-config.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),

        // The schema model, its readers, validation and compatibility checks.
        .target(name: "RecordSchema", dependencies: ["CLibXML2"]),

        // The generator pipeline (load -> validate -> render -> write) and the Swift renderer.
        .target(name: "RecordKitGenerator", dependencies: ["RecordSchema"]),

        // `recordgen inspect`'s reading and reporting of stored blobs, on RecordKit's codecs.
        .target(name: "RecordKitInspection", dependencies: ["RecordKit", "RecordSchema", "RecordKitCoreDataMirror"]),

        // The command-line tool: thin, everything lives in the libraries.
        .executableTarget(
            name: "recordgen",
            dependencies: [
                "RecordKit",
                "RecordSchema",
                "RecordKitGenerator",
                "RecordKitInspection",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // The plugins: thin, they plan file names and run recordgen. Shared code lives in Plugins/PluginsShared,
        // symlinked into each plugin folder (SwiftPM gives plugins no shared library target).
        .plugin(
            name: "RecordGenPlugin",
            capability: .buildTool(),
            dependencies: ["recordgen"],
            path: "Plugins/RecordGenPlugin"
        ),
        .plugin(
            name: "RecordGenCommand",
            capability: .command(
                intent: .custom(
                    verb: "generate-records",
                    description: "Generate Swift models from the *.records.xml schemas into each target's Generated/ folder."
                ),
                permissions: [
                    .writeToPackageDirectory(reason: "Writes the generated models into each target's Generated/ folder.")
                ]
            ),
            dependencies: ["recordgen"],
            path: "Plugins/RecordGenCommand"
        ),

        .testTarget(name: "RecordKitTests", dependencies: ["RecordKit"]),
        .testTarget(
            name: "RecordKitCoreDataMirrorTests",
            dependencies: ["RecordKitCoreDataMirror", "RecordKitCompression", "RecordKitInspection", "RecordKit", "RecordSchema", "CSQLite3"]
        ),
        .testTarget(
            name: "RecordKitCoreDataMoveTests",
            dependencies: [
                "RecordKitCoreDataMove", "RecordKitCoreDataMirror", "RecordKitInspection", "RecordSchema", "RecordKitTesting",
                "RecordKitSync", "RecordKitStore", "RecordKit", "CSQLite3", .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(name: "RecordKitCompressionTests", dependencies: ["RecordKitCompression", "RecordKit"], exclude: ["Vectors"]),
        // The simulator's own tests: CloudKit's rules, faults, change feeds, subscriptions.
        .testTarget(name: "RecordKitTestingTests", dependencies: ["RecordKitTesting", "RecordKitSync", "RecordKit"]),
        // The sync engine against the simulator and the harness: sending, fetching, retries, merges, mixed app versions
        // (CardsV1, CardsV2), the losses of issue 23 and the seeded property test.
        .testTarget(
            name: "RecordKitSyncTests",
            dependencies: [
                "RecordKitSync", "RecordKitTesting", "RecordKitStore", "RecordKit", "CardsV1", "CardsV2",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // One schema (Tests/RecordKitGeneratorTests/Fixtures/Cards.v*.records.xml) at versions 1 and 2: the goldens,
        // symlinked as Generated/, compiled as two modules so that one test runs an old and a new app side by side.
        .target(name: "CardsV1", dependencies: ["RecordKit"], path: "Tests/CardsV1"),
        .target(name: "CardsV2", dependencies: ["RecordKit"], path: "Tests/CardsV2"),
        // The store's tests; the kill -9 test runs RecordKitStoreCrashWorker, found beside the test bundle.
        .testTarget(name: "RecordKitStoreTests", dependencies: ["RecordKitStore", "RecordKitStoreCrashWorker", "RecordKitTesting"]),
        .testTarget(name: "RecordKitWebServicesTests", dependencies: ["RecordKitWebServices", "RecordKitSync", "RecordKit"]),
        // Over real HTTP on 127.0.0.1: the emulator, the Web Services client against it, two devices' sync engines.
        .testTarget(
            name: "RecordKitLocalCloudKitTests",
            dependencies: [
                "RecordKitLocalCloudKit", "RecordKitWebServices", "RecordKitTesting", "RecordKitSync", "RecordKitStore", "RecordKit",
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // No two tracked paths, and no two names in a manifest, differ only in letter case; a snippet shown in two
        // documents matches its one source (DocSnippetTests).
        .testTarget(name: "PackageLayoutTests"),
        .testTarget(name: "RecordSchemaTests", dependencies: ["RecordSchema"], exclude: ["Fixtures"]),
        .testTarget(name: "RecordKitGeneratorTests", dependencies: ["RecordKitGenerator", "RecordSchema"], exclude: ["Fixtures"]),
        // Runs the built recordgen binary (found beside the test bundle) and checks its output and exit codes.
        .testTarget(name: "RecordgenCLITests", dependencies: ["recordgen", "RecordKit"]),
        // Compiles and runs the golden files (the top-level Reference/, through symlinks in Generated/)
        // through RecordKit's public API.
        .testTarget(name: "GeneratedCodeConsumerTests", dependencies: ["RecordKit"]),
        // The internal golden files (Reference/Internal, symlinked as Generated), compiled in a module whose default
        // isolation is the main actor.
        .testTarget(
            name: "GeneratedCodeMainActorTests",
            dependencies: ["RecordKit"],
            swiftSettings: [.defaultIsolation(MainActor.self)]
        ),
    ],
    swiftLanguageModes: [.v6]
)
