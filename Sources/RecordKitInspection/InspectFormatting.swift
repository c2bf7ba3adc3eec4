import Foundation
@_spi(RecordKitTools) import RecordKit

/// Small, deterministic text helpers shared by the text and JSON output of `recordgen inspect`.
enum InspectFormatting {

    /// The first bytes of a file, spaced and followed by `…` when there are more: `3f 2a 00 …`.
    static func leadingBytes(_ data: Data, count: Int = 8) -> String {
        guard !data.isEmpty else { return "none, the file is empty" }
        let shown = data.prefix(count).map { Hex.byte($0) }.joined(separator: " ")
        return data.count > count ? shown + " …" : shown
    }

    /// A count with thousands separators, independent of the locale: `1,024`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return value < 0 ? "-" + out : out
    }

    /// `1 byte`, `1,024 bytes`, `2 entries`.
    static func counted(_ value: Int, _ noun: String) -> String {
        "\(grouped(value)) \(value == 1 ? noun : plural(noun))"
    }

    private static func plural(_ noun: String) -> String {
        noun.hasSuffix("y") && !noun.hasSuffix("ey") ? noun.dropLast() + "ies" : noun + "s"
    }

    // MARK: Dates

    /// The largest magnitude of milliseconds since 1970 that is printed as a calendar date (about year 275,000).
    private static let maximumMilliseconds: Double = 8.64e15

    /// Whole milliseconds since 1970, rounded to the nearest; nil when the date is not finite or absurdly far.
    static func milliseconds(_ date: Date) -> Int64? {
        let value = (date.timeIntervalSince1970 * 1000).rounded()
        guard value.isFinite, abs(value) <= maximumMilliseconds else { return nil }
        return Int64(value)
    }

    /// ISO 8601 in UTC with milliseconds, `2018-06-04T10:20:30.123Z`, computed from whole milliseconds so it
    /// never depends on a formatter's rounding or the machine's time zone.
    static func iso8601(_ date: Date) -> String {
        guard let total = milliseconds(date) else {
            return "out of range (\(date.timeIntervalSince1970) s since 1970)"
        }
        let millisecondsPerDay: Int64 = 86_400_000
        let days = floorDivide(total, millisecondsPerDay)
        let inDay = total - days * millisecondsPerDay
        let (year, month, day) = civilDate(daysSince1970: days)
        let hour = inDay / 3_600_000
        let minute = inDay / 60_000 % 60
        let second = inDay / 1000 % 60
        let millisecond = inDay % 1000
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))T"
            + "\(padded(hour, 2)):\(padded(minute, 2)):\(padded(second, 2)).\(padded(millisecond, 3))Z"
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }

    /// Year, month and day of the proleptic Gregorian calendar for a day count from 1970-01-01
    /// (the well-known era-based conversion: 400-year eras of 146,097 days).
    private static func civilDate(daysSince1970 days: Int64) -> (Int64, Int64, Int64) {
        let shifted = days + 719_468
        let era = floorDivide(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    private static func padded(_ value: Int64, _ width: Int) -> String {
        let digits = String(value.magnitude)
        let sign = value < 0 ? "-" : ""
        return sign + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    // MARK: Shortened values

    /// How many characters of a string the text output shows.
    static let shownCharacters = 60
    /// How many bytes of a byte value the text output shows in hex.
    static let shownBytes = 32

    /// A string quoted and escaped onto one line; a long one is cut with `… (N bytes)`.
    static func quoted(_ text: String, limit: Int = shownCharacters) -> String {
        if text.count <= limit { return "\"\(escaped(text))\"" }
        return "\"\(escaped(String(text.prefix(limit))))…\" (\(counted(text.utf8.count, "byte")))"
    }

    /// Bytes in hex with their count; long values cut: `0a0b… (1,024 bytes)`.
    static func shortHex(_ data: Data, limit: Int = shownBytes) -> String {
        if data.isEmpty { return "(0 bytes)" }
        if data.count <= limit { return "\(Hex.string(data)) (\(counted(data.count, "byte")))" }
        return "\(Hex.string(data.prefix(limit)))… (\(counted(data.count, "byte")))"
    }

    /// Escapes quotes, backslashes and control characters so a value stays on one line.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || (0x7f..<0xa0).contains(scalar.value):
                out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
