/// Numbers: the JSON grammar, exact integers, correctly rounded doubles.
extension JSONScanner {
    /// A scanned number: where it lies, and its decimal digits as an integer mantissa and a power of ten.
    struct NumberToken {
        let start: Int
        let end: Int
        /// No fraction and no exponent.
        let isInteger: Bool
        let isNegative: Bool
        /// The first 19 significant digits.
        let mantissa: UInt64
        /// Whether digits were dropped from `mantissa`.
        let truncated: Bool
        /// The value is mantissa × 10^exponent (before any dropped digits).
        let exponent: Int
    }

    /// Consumes a number that follows the JSON grammar `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`.
    mutating func scanNumber() throws(WebServicesError) -> NumberToken {
        skipWhitespace()
        let start = index
        var position = index
        var isNegative = false
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") {
            isNegative = true
            position += 1
        }
        var mantissa: UInt64 = 0
        var truncated = false
        var exponent = 0
        var integerDigits = 0
        while position < bytes.count, let digit = decimalDigit(bytes[position]) {
            if integerDigits == 1 && mantissa == 0 && !truncated {
                throw error(.invalidNumber("a leading zero must stand alone"), at: start)
            }
            if mantissa < 1_000_000_000_000_000_000 {
                mantissa = mantissa &* 10 &+ UInt64(digit)
            } else {
                truncated = true
                exponent += 1
            }
            integerDigits += 1
            position += 1
        }
        guard integerDigits > 0 else {
            index = position
            throw error(.syntax(expected: "a digit", found: describeCurrent()))
        }
        var isInteger = true
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            var fractionDigits = 0
            while position < bytes.count, let digit = decimalDigit(bytes[position]) {
                if mantissa < 1_000_000_000_000_000_000 {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    exponent -= 1
                } else {
                    truncated = true
                }
                fractionDigits += 1
                position += 1
            }
            guard fractionDigits > 0 else {
                index = position
                throw error(.syntax(expected: "a digit after '.'", found: describeCurrent()))
            }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            var negativeExponent = false
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                negativeExponent = bytes[position] == UInt8(ascii: "-")
                position += 1
            }
            var exponentValue = 0
            var exponentDigits = 0
            while position < bytes.count, let digit = decimalDigit(bytes[position]) {
                if exponentValue < 100_000 { exponentValue = exponentValue * 10 + digit }
                exponentDigits += 1
                position += 1
            }
            guard exponentDigits > 0 else {
                index = position
                throw error(.syntax(expected: "a digit in the exponent", found: describeCurrent()))
            }
            exponent += negativeExponent ? -exponentValue : exponentValue
        }
        index = position
        return NumberToken(start: start, end: position, isInteger: isInteger, isNegative: isNegative,
                           mantissa: mantissa, truncated: truncated, exponent: exponent)
    }

    /// Reads an integer that fits Int64 exactly; a fraction or an exponent is refused.
    mutating func readInt64() throws(WebServicesError) -> Int64 {
        guard try peekKind() == .number else { throw mismatch(expected: "an integer") }
        let token = try scanNumber()
        return try int64(from: token)
    }

    /// The exact Int64 of an integer token.
    func int64(from token: NumberToken) throws(WebServicesError) -> Int64 {
        guard token.isInteger else { throw error(.invalidNumber("expected an integer, found a fraction or exponent"), at: token.start) }
        let limit: UInt64 = token.isNegative ? UInt64(Int64.max) + 1 : UInt64(Int64.max)
        guard !token.truncated, token.mantissa <= limit else {
            throw error(.invalidNumber("integer out of the 64-bit range"), at: token.start)
        }
        if token.isNegative {
            return token.mantissa == UInt64(Int64.max) + 1 ? Int64.min : -Int64(token.mantissa)
        }
        return Int64(token.mantissa)
    }

    /// Reads a finite double, correctly rounded.
    mutating func readDouble() throws(WebServicesError) -> Double {
        guard try peekKind() == .number else { throw mismatch(expected: "a number") }
        let token = try scanNumber()
        return try double(from: token)
    }

    /// The double nearest to a token: exact arithmetic when mantissa and power of ten are both exact doubles
    /// (Clinger's fast path), else the standard library's correctly rounded parser.
    func double(from token: NumberToken) throws(WebServicesError) -> Double {
        if !token.truncated, token.mantissa <= 1 << 53, token.exponent >= -22, token.exponent <= 22 {
            var value = Double(token.mantissa)
            if token.exponent < 0 {
                value /= exactPowersOfTen[-token.exponent]
            } else {
                value *= exactPowersOfTen[token.exponent]
            }
            return token.isNegative ? -value : value
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[token.start..<token.end]), as: UTF8.self)
        guard let value = Double(text) else { throw error(.invalidNumber("\(text) is not a number"), at: token.start) }
        guard value.isFinite else { throw error(.invalidNumber("\(text) is out of the range of a double"), at: token.start) }
        return value
    }

    /// Reads a number: an exact Int64 when it is an integer, else a double.
    mutating func readNumber() throws(WebServicesError) -> NumberToken {
        guard try peekKind() == .number else { throw mismatch(expected: "a number") }
        return try scanNumber()
    }
}

private func decimalDigit(_ byte: UInt8) -> Int? {
    byte &- UInt8(ascii: "0") < 10 ? Int(byte &- UInt8(ascii: "0")) : nil
}

/// 10^0 through 10^22: every one is exactly representable as a double.
private let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]
