import AlmanacModel
/// A mapping node read against its known keys: unknown keys are reported (with did-you-mean) once,
/// and values are looked up by name.
struct MappingReader {
    /// The node's pairs as written. Lookups scan them: mappings are small, so a scan beats hashing,
    /// and reusing the node's own array costs no allocation per mapping.
    let pairs: YAMLPairs
    /// Keys reported as unknown, in source order.
    private(set) var unknownKeys: [String] = []

    /// Nil (with a diagnostic) when `node` is not a mapping. `what` names the node in messages
    /// ("trigger 'standup'", "`during`"); it is built only when a message needs it.
    init?(_ node: YAMLNode, _ what: @autoclosure () -> String, known: KeyList, diagnostics: inout DiagnosticBag) {
        guard let pairs = node.mapping else {
            diagnostics.emit(Diagnostic(.notAMapping(what(), found: node.kindName), at: node.range))
            return nil
        }
        self.pairs = pairs
        if let tag = node.tag, tag != "!", tag != "tag:yaml.org,2002:map" {
            diagnostics.emit(Diagnostic(.tagOnMapping(tag, on: what()), at: node.range))
        }
        for pair in pairs {
            guard let key = pair.key.scalar, !known.contains(key) else { continue }
            diagnostics.emit(
                Diagnostic(.unknownKey(key, in: what(), hint: Suggestion.hint(for: key, among: known.names)), at: pair.key.range))
            unknownKeys.append(key)
        }
    }

    /// The first pair whose key is `key`. Callers ask only for known keys, so an unknown key
    /// (already reported) is never returned.
    private func pair(_ key: String) -> YAMLPair? {
        for pair in pairs {
            if case .scalar(let k) = pair.key.content, KeyMatching.same(k, key) { return pair }
        }
        return nil
    }

    subscript(_ key: String) -> YAMLNode? { pair(key)?.value }

    /// The key node itself, for diagnostics about the key.
    func keyNode(_ key: String) -> YAMLNode? { pair(key)?.key }

    /// Which of `keys` are present, each once, in source order: the first apart from the others,
    /// so that the usual single one costs no array.
    func present(among keys: KeyList) -> (first: String?, others: [String]) {
        var first: String?
        var others: [String] = []
        for pair in pairs {
            guard case .scalar(let k) = pair.key.content, keys.contains(k) else { continue }
            if let f = first {
                if !KeyMatching.same(k, f), KeyMatching.index(of: k, in: others) == nil { others.append(k) }
            } else {
                first = k
            }
        }
        return (first, others)
    }

    func has(_ key: String) -> Bool { pair(key) != nil }
}
