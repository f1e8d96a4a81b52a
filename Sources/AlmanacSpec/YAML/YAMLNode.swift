/// A YAML node with its exact source range, scalar style and tag. Scalars keep the text the user
/// wrote: no YAML 1.1 resolution, so `12:30` stays a time and `no` stays a word.
/// A class: nodes are shared, never mutated, and copying one costs a single retain.
public final class YAMLNode: Sendable {
    public enum Content: Sendable {
        case scalar(String)
        case mapping([YAMLPair])
        case sequence([YAMLNode])
    }

    public enum ScalarStyle: Sendable {
        case plain, singleQuoted, doubleQuoted, literal, folded
    }

    public let content: Content
    /// The scalar style; nil for collections.
    public let style: ScalarStyle?
    /// The explicit tag (`!!str`, `tag:yaml.org,2002:str`), if the user wrote one.
    public let tag: String?
    /// Start and end (exclusive) of the node in the source.
    public let range: SourceRange
    /// True for a flow collection (`{…}`, `[…]`).
    public let isFlow: Bool

    public init(_ content: Content, range: SourceRange, style: ScalarStyle? = nil, tag: String? = nil, isFlow: Bool = false) {
        self.content = content
        self.range = range
        self.style = style
        self.tag = tag
        self.isFlow = isFlow
    }

    /// The same node seen from another place (an alias).
    public func relocated(to range: SourceRange) -> YAMLNode {
        YAMLNode(content, range: range, style: style, tag: tag, isFlow: isFlow)
    }

    public var scalar: String? {
        if case .scalar(let s) = content { return s }
        return nil
    }

    public var mapping: [YAMLPair]? {
        if case .mapping(let m) = content { return m }
        return nil
    }

    public var sequence: [YAMLNode]? {
        if case .sequence(let s) = content { return s }
        return nil
    }

    /// A plain scalar that YAML would read as null (`~`, `null`, or nothing at all).
    public var isNull: Bool {
        guard style == .plain, let s = scalar else { return false }
        return s.isEmpty || s == "~" || s == "null" || s == "Null" || s == "NULL"
    }

    /// What kind of node this is, for messages ("expected a list, found a mapping").
    public var kindName: String {
        switch content {
        case .scalar: return isNull ? "nothing" : "a scalar"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        }
    }

    /// The source range of characters `offset ..< offset+length` inside this scalar's value.
    /// Exact for single-line plain and quoted scalars without escapes; otherwise the whole node.
    public func range(ofValueCharacters offset: Int, length: Int) -> SourceRange {
        guard let s = scalar, range.start.line == range.end.line else { return range }
        let quote = (style == .singleQuoted || style == .doubleQuoted) ? 1 : 0
        let written = range.end.column - range.start.column - 2 * quote
        guard written == s.unicodeScalars.count else { return range }
        let col = range.start.column + quote + offset
        return SourceRange(line: range.start.line, column: col, length: max(1, length))
    }
}

/// A key and its value in a YAML mapping.
public struct YAMLPair: Sendable {
    public var key: YAMLNode
    public var value: YAMLNode

    public init(key: YAMLNode, value: YAMLNode) {
        self.key = key
        self.value = value
    }
}
