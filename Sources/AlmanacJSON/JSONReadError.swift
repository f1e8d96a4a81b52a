/// Why a JSON text was rejected, located by byte offset and by 1-based line and column.
public struct JSONReadError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    /// Byte offset of the problem from the start of the text.
    public var offset: Int
    /// 1-based line.
    public var line: Int
    /// 1-based column, counted in Unicode scalars.
    public var column: Int

    public init(message: String, offset: Int, line: Int, column: Int) {
        self.message = message
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// An error at `offset` inside `bytes`, its line and column computed from the bytes before it.
    public init(_ message: String, at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        var line = 1
        var lineStart = 0
        let end = min(offset, bytes.count)
        var i = 0
        while i < end {
            if bytes[i] == 0x0A {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
        // Continuation bytes (10xxxxxx) do not start a scalar, so they do not advance the column.
        var column = 1
        i = lineStart
        while i < end {
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        self.init(message: message, offset: offset, line: line, column: column)
    }

    /// `line:column: message`.
    public var description: String { "\(line):\(column): \(message)" }
}
