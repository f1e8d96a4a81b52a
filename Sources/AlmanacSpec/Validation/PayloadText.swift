import AlmanacJSON
import AlmanacModel

extension SpecValidator {
    /// The characters of a written `payload:` mapping (`MeaningRules.payloadEntry`), each problem
    /// at its character when the text allows, else at its key or value. Only the pairs written
    /// here: what a trigger inherits from `defaults:` was checked there, once.
    mutating func checkPayloadText(_ pairs: YAMLPairs) {
        for pair in pairs {
            guard let key = pair.key.scalar else { continue }
            // Only the keys with a rule for their value need it as JSON; the rest, their key alone.
            let value: JSONValue = key == "environment" || TextField.payloadValue(key) != nil ? json(pair.value) : .null
            let problems = MeaningRules.payloadEntry(key, value) { place, offset in
                guard let node = Self.node(pair, at: place) else { return pair.value.range }
                // An environment name is refused whole (E0232): underline all of it.
                if case .memberKey = place { return node.range }
                return node.range(ofValueCharacters: offset, length: 1)
            }
            for problem in problems { diagnostics.emit(problem) }
        }
    }

    /// The node of `place` inside a payload entry.
    static func node(_ pair: YAMLPair, at place: PayloadPlace) -> YAMLNode? {
        switch place {
        case .key: return pair.key
        case .value: return pair.value
        case .item(let i): return pair.value.sequence.flatMap { i < $0.count ? $0[i] : nil }
        case .memberKey(let name): return pair.value.mapping?.first { $0.key.scalar == name }?.key
        case .memberValue(let name): return pair.value.mapping?.first { $0.key.scalar == name }?.value
        }
    }
}
