/// A strict RFC 8259 reader: bytes → `JSONValue`, numbers kept as their literal text.
///
/// Rejects what lenient parsers let through: trailing text, duplicate keys, lone surrogates,
/// invalid UTF-8, raw control characters, leading zeros, a byte order mark, nesting past `maxDepth`.
public enum JSONReader {
    /// The value of the JSON text `bytes`.
    public static func parse(_ bytes: [UInt8], maxDepth: Int = 512) throws -> JSONValue {
        try JSONScanner.scan(bytes, maxDepth: maxDepth) { scanner in
            let value = try scanner.readValue()
            try scanner.expectEnd()
            return value
        }
    }

    /// The value of the JSON text `text`.
    public static func parse(_ text: String, maxDepth: Int = 512) throws -> JSONValue {
        try parse(Array(text.utf8), maxDepth: maxDepth)
    }
}

extension JSONScanner {
    /// Reads any value; `depth` counts the arrays and objects that enclose it.
    public mutating func readValue(depth: Int = 0) throws -> JSONValue {
        guard let b = peek() else { throw unexpected("a value") }
        switch b {
        case 0x7B:
            var members: [String: JSONValue] = [:]
            try readObject(depth: depth) { scanner, key in
                members[key] = try scanner.readValue(depth: depth + 1)
            }
            return .object(members)
        case 0x5B:
            var items: [JSONValue] = []
            try readArray(depth: depth) { scanner in
                items.append(try scanner.readValue(depth: depth + 1))
            }
            return .array(items)
        case 0x22: return .string(try readString())
        case 0x74: try scanLiteral("true"); return .bool(true)
        case 0x66: try scanLiteral("false"); return .bool(false)
        case 0x6E: try scanLiteral("null"); return .null
        case 0x2D, 0x30...0x39: return .number(try readNumber())
        default: throw unexpected("a value")
        }
    }

    /// Reads an object, calling `member` with each key while the scanner sits before its value;
    /// `member` must consume the value (`memberKeyOffset` says where its key began). Duplicate keys are rejected.
    public mutating func readObject(depth: Int, _ member: (inout JSONScanner, String) throws -> Void) throws {
        try enter(depth: depth)
        try expect(0x7B, "'{'")
        if consume(0x7D) { return }
        var seen = Set<String>()
        repeat {
            skipWhitespace()
            memberKeyOffset = position
            let key = try readString()
            if !seen.insert(key).inserted {
                throw error("duplicate key \"\(key)\"", at: memberKeyOffset)
            }
            try expect(0x3A, "':' after an object key")
            try member(&self, key)
        } while try nextItem(close: 0x7D, expected: "',' or '}'")
    }

    /// Reads an array, calling `element` while the scanner sits before each element; it must consume it.
    public mutating func readArray(depth: Int, _ element: (inout JSONScanner) throws -> Void) throws {
        try enter(depth: depth)
        try expect(0x5B, "'['")
        if consume(0x5D) { return }
        repeat {
            try element(&self)
        } while try nextItem(close: 0x5D, expected: "',' or ']'")
    }

    /// Moves past any value, checking it as strictly as `readValue` but building nothing.
    public mutating func skipValue(depth: Int = 0) throws {
        guard let b = peek() else { throw unexpected("a value") }
        switch b {
        case 0x7B: try readObject(depth: depth) { scanner, _ in try scanner.skipValue(depth: depth + 1) }
        case 0x5B: try readArray(depth: depth) { scanner in try scanner.skipValue(depth: depth + 1) }
        case 0x22: _ = try readStringToken()
        case 0x74: try scanLiteral("true")
        case 0x66: try scanLiteral("false")
        case 0x6E: try scanLiteral("null")
        case 0x2D, 0x30...0x39: try scanNumber()
        default: throw unexpected("a value")
        }
    }

    /// Fails when one more level of nesting would pass `maxDepth`.
    func enter(depth: Int) throws {
        if depth >= maxDepth { throw error("arrays and objects nest deeper than \(maxDepth) levels") }
    }
}
