import AlmanacModel

extension SpecValidator {
    /// A zone name, or nil with a did-you-mean diagnostic (the rule is `ZoneNames.problem`).
    mutating func zone(_ node: YAMLNode) -> String? {
        guard let name = text(node, "`timezone`") else { return nil }
        let problem = ZoneNames.problem(name, at: node.range, hints: &zoneHints)
        if let problem { diagnostics.emit(problem) }
        return problem?.severity == .error ? nil : name
    }
}
