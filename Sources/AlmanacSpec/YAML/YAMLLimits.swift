import AlmanacModel
/// Bounds that keep hostile input cheap. Every limit stops with a located error.
public struct YAMLLimits: Sendable {
    /// Largest accepted file, in bytes.
    public var maxBytes: Int
    /// Deepest nesting of collections.
    public var maxDepth: Int
    /// Most nodes, counting every alias as the size of what it refers to.
    public var maxNodes: Int
    /// Most alias uses.
    public var maxAliases: Int

    public init(maxBytes: Int = 16 << 20, maxDepth: Int = 64, maxNodes: Int = 2_000_000, maxAliases: Int = 10_000) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxNodes = maxNodes
        self.maxAliases = maxAliases
    }

    public static let standard = YAMLLimits()
}
