import Foundation
import RecordKit

/// Property list values of every type, for the binary plist seeds.
enum SeedPropertyLists {
    static func all() -> [(String, PropertyListValue)] {
        [
            ("scalars", .array([.null, .bool(true), .bool(false), .integer(0), .integer(-1), .integer(Int64.max),
                                .unsignedInteger(UInt64.max), .real(1.5), .date(700_000_000), .uid(7)])),
            ("strings", .array([.string(""), .string("ascii"), .string("ünïcødé 😀"), .data(Data([1, 2, 3]))])),
            ("nested", .dictionary(["a": .array([.dictionary(["b": .set([.integer(1), .integer(2)])])]),
                                    "$archiver": .string("NSKeyedArchiver"), "$version": .integer(100_000)])),
            ("wide", .array((0..<300).map { .integer(Int64($0)) })),
        ]
    }
}
