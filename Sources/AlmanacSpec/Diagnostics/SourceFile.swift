/// The text of one spec and its display path, split into lines for excerpts.
public struct SourceFile: Sendable {
    /// The path as the user gave it; never made absolute, so output is the same on every machine.
    public var path: String
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// Line `n` (1-based) without its line break, decoded leniently; nil past the end.
    public func line(_ n: Int) -> String? {
        guard n >= 1 else { return nil }
        var current = 1
        var start = 0
        var i = 0
        while i < bytes.count {
            if current == n { break }
            if bytes[i] == 0x0A {
                current += 1
                start = i + 1
            }
            i += 1
        }
        guard current == n, start <= bytes.count else { return nil }
        var end = start
        while end < bytes.count, bytes[end] != 0x0A { end += 1 }
        var slice = bytes[start..<end]
        if slice.last == 0x0D { slice = slice.dropLast() }
        return String(decoding: slice, as: UTF8.self)
    }
}
