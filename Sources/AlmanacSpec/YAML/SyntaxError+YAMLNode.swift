import AlmanacModel

extension SyntaxError {
    /// The diagnostic for this error inside `node`'s value.
    func diagnostic(in node: YAMLNode) -> Diagnostic {
        let length = self.length > 0 ? self.length : max(1, (node.scalar?.unicodeScalars.count ?? 1) - offset)
        return Diagnostic(self, at: node.range(ofValueCharacters: offset, length: length))
    }
}
