import AlmanacModel
/// A YAML node with its exact source range, scalar style and tag. Scalars keep the text the user
/// wrote: no YAML 1.1 resolution, so `12:30` stays a time and `no` stays a word.
///
/// A node is a position in its document's `YAMLTree`, which holds every node of the document in
/// flat arrays: composing a 10,000-trigger spec allocates a handful of arrays rather than 300,000
/// objects, and releasing it frees them without walking a tree. Copying a node costs one retain.
public struct YAMLNode: Sendable {
    public enum Content: Sendable {
        case scalar(String)
        case mapping(YAMLPairs)
        case sequence(YAMLItems)
    }

    public enum ScalarStyle: UInt8, Sendable {
        case plain, singleQuoted, doubleQuoted, literal, folded
    }

    let tree: YAMLTree
    let index: Int32

    init(_ tree: YAMLTree, _ index: Int32) {
        self.tree = tree
        self.index = index
    }

    private var record: YAMLTree.Record { tree.records[Int(index)] }

    public var content: Content {
        let r = record
        switch r.kind {
        case .scalar: return .scalar(tree.strings[Int(r.first)])
        case .mapping: return .mapping(YAMLPairs(tree: tree, base: Int(r.first), count: Int(r.count) / 2))
        case .sequence: return .sequence(YAMLItems(tree: tree, base: Int(r.first), count: Int(r.count)))
        }
    }

    /// The scalar style; nil for collections.
    public var style: ScalarStyle? {
        let r = record
        guard r.kind == .scalar else { return nil }
        switch r.style {
        case ScalarStyle.plain.rawValue: return .plain
        case ScalarStyle.singleQuoted.rawValue: return .singleQuoted
        case ScalarStyle.doubleQuoted.rawValue: return .doubleQuoted
        case ScalarStyle.literal.rawValue: return .literal
        default: return .folded
        }
    }

    /// The explicit tag (`!!str`, `tag:yaml.org,2002:str`), if the user wrote one.
    public var tag: String? {
        let t = record.tag
        return t < 0 ? nil : tree.strings[Int(t)]
    }

    /// Start and end (exclusive) of the node in the source.
    public var range: SourceRange { record.range }

    /// True for a flow collection (`{…}`, `[…]`).
    public var isFlow: Bool { record.isFlow }

    public var scalar: String? {
        let r = record
        return r.kind == .scalar ? tree.strings[Int(r.first)] : nil
    }

    public var mapping: YAMLPairs? {
        let r = record
        return r.kind == .mapping ? YAMLPairs(tree: tree, base: Int(r.first), count: Int(r.count) / 2) : nil
    }

    public var sequence: YAMLItems? {
        let r = record
        return r.kind == .sequence ? YAMLItems(tree: tree, base: Int(r.first), count: Int(r.count)) : nil
    }

    /// A sequence's items, or the node itself as the only item: for fields that take one value
    /// or a list of them.
    public var listItems: YAMLItems {
        sequence ?? YAMLItems(tree: tree, single: index)
    }

    /// A plain scalar that YAML would read as null (`~`, `null`, or nothing at all).
    public var isNull: Bool { record.isNull }

    /// What kind of node this is, for messages ("expected a list, found a mapping").
    public var kindName: String {
        switch record.kind {
        case .scalar: return isNull ? "nothing" : "a scalar"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        }
    }

    /// The source range of characters `offset ..< offset+length` inside this scalar's value.
    /// Exact for single-line plain and quoted scalars without escapes; otherwise the whole node.
    public func range(ofValueCharacters offset: Int, length: Int) -> SourceRange {
        let range = self.range
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

/// A mapping's pairs in source order, read from the tree without copying.
public struct YAMLPairs: RandomAccessCollection, Sendable {
    let tree: YAMLTree
    /// Where the mapping's children (key, value, key, value…) start in `tree.children`.
    let base: Int
    public let count: Int

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> YAMLPair {
        precondition(position >= 0 && position < count, "pair index out of range")
        let i = base + 2 * position
        return YAMLPair(key: YAMLNode(tree, tree.children[i]), value: YAMLNode(tree, tree.children[i + 1]))
    }
}

/// A sequence's items in source order (or one node standing alone), read from the tree without copying.
public struct YAMLItems: RandomAccessCollection, Sendable {
    let tree: YAMLTree
    let base: Int
    public let count: Int
    /// The lone node of `YAMLNode.listItems` for a node that is not a sequence; -1 otherwise.
    let single: Int32

    init(tree: YAMLTree, base: Int, count: Int) {
        self.tree = tree
        self.base = base
        self.count = count
        single = -1
    }

    init(tree: YAMLTree, single: Int32) {
        self.tree = tree
        base = 0
        count = 1
        self.single = single
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> YAMLNode {
        precondition(position >= 0 && position < count, "item index out of range")
        return YAMLNode(tree, single >= 0 ? single : tree.children[base + position])
    }
}

/// Every node of one document: records, the children of each collection laid end to end, and the
/// text of scalars and tags. Built by `YAMLComposer`, never changed after.
final class YAMLTree: Sendable {
    enum Kind: UInt8, Sendable {
        case scalar, mapping, sequence
    }

    struct Record: Sendable {
        var range: SourceRange
        /// A scalar's text in `strings`; a collection's first child in `children`.
        var first: Int32
        /// A collection's children (twice its pairs for a mapping); 0 for a scalar.
        var count: Int32
        /// The tag's text in `strings`, or -1.
        var tag: Int32
        var kind: Kind
        /// `YAMLNode.ScalarStyle` raw value (scalars only).
        var style: UInt8
        var isFlow: Bool
        /// A plain scalar spelt as YAML's null (`~`, `null`, `Null`, `NULL` or nothing), found
        /// once by the composer: the validator asks this of nearly every value.
        var isNull: Bool
    }

    let records: [Record]
    let children: [Int32]
    let strings: [String]

    init(records: [Record], children: [Int32], strings: [String]) {
        self.records = records
        self.children = children
        self.strings = strings
    }
}
