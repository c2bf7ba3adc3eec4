import Foundation
import RecordKitCoreDataMirror
import RecordKitInspection
import RecordSchema

/// The real NSPersistentCloudKitContainer store and its model in `<repo root>/../shared/conformance`.
enum MirrorStoreFiles {
    static let conformance = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/conformance").standardizedFileURL
    static let store = conformance.appendingPathComponent("coredata-mirror/passepartoutvpn__passepartout__Profiles.sqlite").path
    static let model = conformance.appendingPathComponent("xcdatamodel/passepartoutvpn__passepartout__Profiles.xcdatamodel.contents.xml").path
    static let zoneToken = conformance.appendingPathComponent("keyed-archive/passepartoutvpn__passepartout__zone_changetoken.bplist").path

    static var available: Bool {
        [store, model, zoneToken].allSatisfy { FileManager.default.fileExists(atPath: $0) }
    }

    /// The app's entities from the schema `recordgen import` makes of its .xcdatamodel.
    static func entities() throws -> [MirrorEntity] {
        let result = CoreDataImporter.importModel(contentsOf: model)
        guard let schema = result.schema else { throw ImportFailed(diagnostics: result.diagnostics.map(\.message)) }
        return schema.records.map(MirrorEntity.init(recordType:))
    }

    struct ImportFailed: Error {
        let diagnostics: [String]
    }

    /// What Python's plistlib reads in each record's archive (record name, change tag, CD_name, CD_uuid,
    /// CD_lastUpdate as seconds since 2001): an independent decoding of the same 18 blobs.
    static let archived: [(name: String, tag: String, profileName: String, uuid: String, lastUpdate: Double)] = [
        ("3DA888CE-C448-472C-90C4-842661ADB1F9", "7i", "vps.gen 19, 2024, 19:22:26", "1322338D-789B-44F9-866D-7865161EF76D", 728650046.156199),
        ("EDE25F4F-C910-40E0-A567-7D57ACAC4646", "7m", "TorGuard", "5D108793-7F62-4B4C-B194-0A7204C02E99", 729378626.822),
        ("EB4E5EC0-B856-4C8D-9849-4EDD27F89427", "7g", "ProtonVPN Mac", "EEECC8E5-D521-4EF8-BB55-AFAB298BF715", 726162889.312375),
        ("1864CCB9-0930-4ED1-9F55-9C05E46B7B46", "7c", "IVPN", "2EE920D0-BE1F-48B1-BB2B-F344DB7EA16C", 725981145.92619),
        ("385FB011-D8E5-4757-A04A-9A36C0B1668E", "7f", "VyprVPN", "C985AE65-114B-4D0C-99CB-F67CBEE9FA2F", 725144356.130373),
        ("239CB129-DA48-4F5D-8926-2F4CB4101D36", "7b", "SurfShark", "1973A832-B8BB-4B18-8755-1D4183296759", 725355302.750964),
        ("C5B8A918-D1EF-4B33-B325-417E33C49668", "7a", "Mullvad", "881D0687-5D0A-461E-975A-BF4D101FFA8F", 724752933.886971),
        ("E0B09E28-5AA4-4BD8-94C7-3BA572D311CD", "7k", "Windscribe", "38208B87-0545-4B11-A762-D04ED7CB904F", 728650054.583693),
        ("90E267F1-4D81-4DA7-87F0-6D12FF840BA8", "7d", "PIA", "B6C62B55-284C-4931-9D7A-718FD1D695A5", 725981158.510581),
        ("A879A81E-A302-4C28-8125-E0A536E94E73", "7l", "Windscribe", "38208B87-0545-4B11-A762-D04ED7CB904F", 724509601.632259),
        ("FA929EDC-5FD9-4CC8-BDC3-000745147F2F", "7e", "NordVPN", "379165E6-DEDB-4C5D-AE94-0CC1FD83B2D3", 725981141.733751),
        ("0CEE05DB-C7D5-4C28-A871-AE5B4AF25A6E", "80", "nuc", "7271418F-389D-4871-9086-3B525C1667C6", 735224526.38456),
        ("D41628BF-AFA0-4B43-B2E8-51D0F3A3E225", "7p", "Hide.me", "8A568345-85C4-44C1-A9C4-612E8B07ADC5", 728650048.758507),
        ("E665B7FC-44B0-411B-9731-6D7A76478B09", "7j", "vps.gen 20, 2024, 00:04:12", "069F76BD-1F6B-425C-AD83-62477A8B6558", 728650053.232833),
        ("3067323C-51BB-42F2-9FDB-3723CF2F77D4", "7r", "vps-ta-cert-cbc256-lzo", "239AD322-7440-4198-990A-D91379916FE2", 733770523.349503),
        ("8E574B79-9C1F-402B-902A-980552991EA5", "7o", "ProtonVPN", "981E7CBD-7733-4CF3-9A51-2777614ED5D4", 732665463.202508),
        ("087B2348-0D14-4CA8-AC5D-E161D8F38D48", "7n", "Hide.me", "8A568345-85C4-44C1-A9C4-612E8B07ADC5", 733597924.359519),
        ("D7D0D1CE-DD71-4132-A132-E429157713F6", "7q", "ProtonVPN", "981E7CBD-7733-4CF3-9A51-2777614ED5D4", 728650047.437012),
    ]
}
