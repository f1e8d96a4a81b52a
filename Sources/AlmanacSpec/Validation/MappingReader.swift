/// A mapping node read against its known keys: unknown keys are reported (with did-you-mean) once,
/// and values are looked up by name.
struct MappingReader {
    let node: YAMLNode
    /// Known keys in source order, first occurrence only. Mappings are small, so a scan beats hashing.
    private(set) var entries: [(key: String, keyNode: YAMLNode, value: YAMLNode)] = []
    /// Keys reported as unknown, in source order.
    private(set) var unknownKeys: [String] = []

    /// Nil (with a diagnostic) when `node` is not a mapping. `what` names the node in messages
    /// ("trigger 'standup'", "`during`").
    init?(_ node: YAMLNode, _ what: String, known: [String], diagnostics: inout DiagnosticBag) {
        guard let pairs = node.mapping else {
            diagnostics.emit(Diagnostic(.wrongType, "\(what) must be a mapping of keys to values, not \(node.kindName)", at: node.range))
            return nil
        }
        self.node = node
        if let tag = node.tag, tag != "!", tag != "tag:yaml.org,2002:map" {
            diagnostics.emit(Diagnostic(.unsupportedTag, "tag '\(tag)' is not supported on \(what); remove it", at: node.range))
        }
        for pair in pairs {
            guard let key = pair.key.scalar else { continue }
            if !known.contains(key) {
                diagnostics.emit(Diagnostic(.unknownKey, "unknown key '\(key)' in \(what)\(Suggestion.hint(for: key, among: known))",
                                            at: pair.key.range))
                unknownKeys.append(key)
                continue
            }
            if !entries.contains(where: { $0.key == key }) {
                entries.append((key, pair.key, pair.value))
            }
        }
    }

    subscript(_ key: String) -> YAMLNode? { entries.first { $0.key == key }?.value }

    /// The key node itself, for diagnostics about the key.
    func keyNode(_ key: String) -> YAMLNode? { entries.first { $0.key == key }?.keyNode }

    /// Keys in source order.
    var order: [String] { entries.map(\.key) }

    func has(_ key: String) -> Bool { entries.contains { $0.key == key } }
}
