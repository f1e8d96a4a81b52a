/// A position in a source text. `line` and `column` are 1-based; columns count Unicode scalars,
/// as editors do.
public struct SourcePosition: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (a: SourcePosition, b: SourcePosition) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }

    public var description: String { "\(line):\(column)" }
}

/// A half-open range `[start, end)` of a source text.
public struct SourceRange: Hashable, Sendable, CustomStringConvertible {
    public var start: SourcePosition
    public var end: SourcePosition

    public init(start: SourcePosition, end: SourcePosition) {
        self.start = start
        self.end = end
    }

    /// A range of `length` columns on one line.
    public init(line: Int, column: Int, length: Int) {
        self.init(
            start: SourcePosition(line: line, column: column),
            end: SourcePosition(line: line, column: column + max(length, 1)))
    }

    public var description: String { "\(start)-\(end)" }
}
