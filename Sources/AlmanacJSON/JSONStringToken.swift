/// Where a string literal's contents lie in a scanned text; decoded only when asked, so keys and
/// fixed-form values can be compared or parsed straight from the bytes.
public struct JSONStringToken: Hashable, Sendable {
    /// The bytes between the quotes.
    public var range: Range<Int>
    /// True when the contents hold a backslash escape and must be decoded before use.
    public var hasEscapes: Bool
}

extension JSONScanner {
    /// Reads a string literal (checked: escapes, surrogate pairs, UTF-8, no raw control characters).
    public mutating func readStringToken() throws -> JSONStringToken {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == 0x22 else { throw unexpected("a string") }
        position += 1
        let start = position
        var hasEscapes = false
        while true {
            guard position < bytes.count else { throw error("unexpected end of input inside a string") }
            let b = bytes[position]
            if b == 0x22 { break }
            if b == 0x5C {
                hasEscapes = true
                try scanEscape()
            } else if b < 0x20 {
                throw error("control character \(String(format: b)) must be escaped inside a string")
            } else if b < 0x80 {
                position += 1
            } else {
                try scanUTF8Sequence()
            }
        }
        let token = JSONStringToken(range: start..<position, hasEscapes: hasEscapes)
        position += 1
        return token
    }

    /// Reads a string literal and decodes it.
    public mutating func readString() throws -> String {
        string(of: try readStringToken())
    }

    /// The decoded contents of a token read from this scanner.
    public func string(of token: JSONStringToken) -> String {
        let raw = UnsafeBufferPointer(rebasing: bytes[token.range])
        guard token.hasEscapes else { return String(decoding: raw, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var i = 0
        while i < raw.count {
            let b = raw[i]
            guard b == 0x5C else {
                out.append(b)
                i += 1
                continue
            }
            let e = raw[i + 1]
            i += 2
            switch e {
            case 0x62: out.append(0x08)
            case 0x66: out.append(0x0C)
            case 0x6E: out.append(0x0A)
            case 0x72: out.append(0x0D)
            case 0x74: out.append(0x09)
            case 0x75:
                // Already validated by scanEscape: a BMP scalar or a high+low surrogate pair.
                var scalar = hexValue(raw, i)
                i += 4
                if scalar >= 0xD800 && scalar <= 0xDBFF {
                    let low = hexValue(raw, i + 2)
                    i += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                out.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
            default: out.append(e)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// True when the token's raw bytes are exactly `literal` (no decoding; keys with escapes never match).
    @inlinable
    public func token(_ token: JSONStringToken, equals literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard !token.hasEscapes, token.range.count == count else { return false }
        let p = literal.utf8Start
        var i = 0
        while i < count {
            if bytes[token.range.lowerBound + i] != p[i] { return false }
            i += 1
        }
        return true
    }

    /// Moves past one backslash escape, pairing surrogates.
    mutating func scanEscape() throws {
        let start = position
        position += 1
        guard position < bytes.count else { throw error("unexpected end of input inside a string") }
        switch bytes[position] {
        case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74:
            position += 1
        case 0x75:
            position += 1
            let unit = try scanHex4()
            if unit >= 0xDC00 && unit <= 0xDFFF {
                throw error("lone low surrogate \\u\(String(unit, radix: 16, uppercase: true)) in a string", at: start)
            }
            if unit >= 0xD800 && unit <= 0xDBFF {
                guard position + 1 < bytes.count, bytes[position] == 0x5C, bytes[position + 1] == 0x75 else {
                    throw error("lone high surrogate \\u\(String(unit, radix: 16, uppercase: true)) in a string", at: start)
                }
                position += 2
                let low = try scanHex4()
                guard low >= 0xDC00 && low <= 0xDFFF else {
                    throw error(
                        "high surrogate \\u\(String(unit, radix: 16, uppercase: true)) is not followed by a low surrogate", at: start)
                }
            }
        default:
            throw error("invalid escape sequence in a string", at: start)
        }
    }

    /// Moves past four hex digits and returns their value.
    mutating func scanHex4() throws -> UInt32 {
        guard position + 4 <= bytes.count else { throw error("unexpected end of input in a \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = hexDigit(bytes[position]) else { throw error("\\u must be followed by four hex digits") }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    /// Moves past one multi-byte UTF-8 sequence, rejecting overlong forms, surrogates and values past U+10FFFF.
    mutating func scanUTF8Sequence() throws {
        let b0 = bytes[position]
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch b0 {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: throw error("invalid UTF-8 byte \(String(format: b0))")
        }
        guard position + length <= bytes.count else { throw error("truncated UTF-8 sequence") }
        let b1 = bytes[position + 1]
        guard b1 >= low && b1 <= high else { throw error("invalid UTF-8 sequence") }
        for k in 2..<max(2, length) where bytes[position + k] & 0xC0 != 0x80 {
            throw error("invalid UTF-8 sequence")
        }
        position += length
    }

    func hexDigit(_ b: UInt8) -> UInt32? {
        switch b {
        case 0x30...0x39: return UInt32(b - 0x30)
        case 0x41...0x46: return UInt32(b - 0x41 + 10)
        case 0x61...0x66: return UInt32(b - 0x61 + 10)
        default: return nil
        }
    }

    func hexValue(_ raw: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 << 4 | hexDigit(raw[i + $1])! }
    }
}
