/// A cursor over the bytes of one JSON text (RFC 8259, strictly), for readers that walk a known
/// document shape without building a `JSONValue` for every part of it.
///
/// Obtain one with `JSONScanner.scan(_:maxDepth:_:)`; the bytes it points at live only for that call.
public struct JSONScanner {
    /// The whole text.
    public let bytes: UnsafeBufferPointer<UInt8>
    /// The next byte to read.
    public var position: Int
    /// How deeply arrays and objects may nest before the text is rejected.
    public let maxDepth: Int
    /// Where the key of the object member being read starts, for messages about the member.
    public internal(set) var memberKeyOffset = 0

    init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.position = 0
        self.maxDepth = maxDepth
    }

    /// Runs `body` with a scanner over `input`, rejecting a byte order mark up front.
    public static func scan<R>(_ input: [UInt8], maxDepth: Int = 512, _ body: (inout JSONScanner) throws -> R) throws -> R {
        try input.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(bytes: buffer, maxDepth: maxDepth)
            if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF {
                throw scanner.error("a byte order mark is not allowed at the start of JSON text")
            }
            return try body(&scanner)
        }
    }

    /// Runs `body` with a scanner over `buffer` (a part of a larger text, such as one line of it).
    public static func scan<R>(buffer: UnsafeBufferPointer<UInt8>, maxDepth: Int = 512, _ body: (inout JSONScanner) throws -> R) rethrows
        -> R
    {
        var scanner = JSONScanner(bytes: buffer, maxDepth: maxDepth)
        return try body(&scanner)
    }

    /// An error at the current position.
    public func error(_ message: String) -> JSONReadError {
        JSONReadError(message, at: position, in: bytes)
    }

    /// An error at `offset`.
    public func error(_ message: String, at offset: Int) -> JSONReadError {
        JSONReadError(message, at: offset, in: bytes)
    }

    /// Skips spaces, tabs, line feeds and carriage returns: the only whitespace JSON allows.
    @inlinable
    public mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    /// The next non-whitespace byte, not consumed; nil at the end of the text.
    @inlinable
    public mutating func peek() -> UInt8? {
        skipWhitespace()
        return position < bytes.count ? bytes[position] : nil
    }

    /// Consumes `byte` if it is the next non-whitespace byte.
    @inlinable
    public mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        if position < bytes.count && bytes[position] == byte {
            position += 1
            return true
        }
        return false
    }

    /// Consumes `byte` or fails, naming what was expected.
    public mutating func expect(_ byte: UInt8, _ expected: String) throws {
        if !consume(byte) { throw unexpected(expected) }
    }

    /// An error describing the byte found where `expected` should be.
    public func unexpected(_ expected: String) -> JSONReadError {
        guard position < bytes.count else { return error("unexpected end of input; expected \(expected)") }
        let b = bytes[position]
        let found = b >= 0x21 && b < 0x7F ? "'\(Character(Unicode.Scalar(b)))'" : String(format: b)
        return error("unexpected \(found); expected \(expected)")
    }

    /// Consumes the separator after a member or element: true when another one follows, false at `close`.
    public mutating func nextItem(close: UInt8, expected: String) throws -> Bool {
        if consume(0x2C) { return true }
        if consume(close) { return false }
        throw unexpected(expected)
    }

    /// Requires that only whitespace remains.
    public mutating func expectEnd() throws {
        skipWhitespace()
        if position < bytes.count { throw error("unexpected text after the JSON value") }
    }

    /// Reads a number literal and returns its text exactly as written.
    public mutating func readNumber() throws -> String {
        skipWhitespace()
        let start = position
        try scanNumber()
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    }

    /// Moves past a number literal, checking RFC 8259 §6 grammar.
    mutating func scanNumber() throws {
        if position < bytes.count && bytes[position] == 0x2D { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else { throw error("a number needs a digit here") }
        if bytes[position] == 0x30 {
            position += 1
            if position < bytes.count && isDigit(bytes[position]) { throw error("leading zeros are not allowed in numbers") }
        } else {
            while position < bytes.count && isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count && bytes[position] == 0x2E {
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else { throw error("a digit must follow the decimal point") }
            while position < bytes.count && isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count && (bytes[position] == 0x65 || bytes[position] == 0x45) {
            position += 1
            if position < bytes.count && (bytes[position] == 0x2B || bytes[position] == 0x2D) { position += 1 }
            guard position < bytes.count, isDigit(bytes[position]) else { throw error("a digit must follow the exponent") }
            while position < bytes.count && isDigit(bytes[position]) { position += 1 }
        }
    }

    /// Consumes the literal `word` (`true`, `false`, `null`) whose first byte is next.
    mutating func scanLiteral(_ word: StaticString) throws {
        let start = position
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { throw error("unexpected end of input in a literal") }
        for i in 0..<count where bytes[start + i] != word.utf8Start[i] {
            throw error("invalid literal; expected '\(word)'", at: start)
        }
        position += count
    }

    @inlinable
    func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
}

extension String {
    /// `0xNN`, for naming a byte in an error.
    init(format byte: UInt8) {
        let hex = String(byte, radix: 16, uppercase: true)
        self = "byte 0x" + (hex.count == 1 ? "0" + hex : hex)
    }
}
