/// The text of one spec and its display path, with an index of line starts for excerpts.
public struct SourceFile: Sendable {
    /// The path as the user gave it; never made absolute, so output is the same on every machine.
    public let path: String
    public let bytes: [UInt8]
    /// Byte offset where each line starts; built once, so an excerpt per diagnostic does not scan
    /// the file again (100 000 diagnostics in a 2 MB spec would otherwise be quadratic).
    private let lineStarts: [Int]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        var starts = [0]
        bytes.withUnsafeBufferPointer { buffer in
            var i = 0
            while i < buffer.count {
                if buffer[i] == 0x0A { starts.append(i + 1) }
                i += 1
            }
        }
        lineStarts = starts
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// Line `n` (1-based) without its line break, decoded leniently; nil past the end.
    public func line(_ n: Int) -> String? {
        guard let bytes = lineBytes(n) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The bytes of line `n` (1-based) without its line break; nil past the end.
    public func lineBytes(_ n: Int) -> ArraySlice<UInt8>? {
        guard n >= 1, n <= lineStarts.count else { return nil }
        let start = lineStarts[n - 1]
        var end = n < lineStarts.count ? lineStarts[n] - 1 : bytes.count
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        return bytes[start..<end]
    }
}
