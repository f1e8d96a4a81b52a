import AlmanacModel
/// The front end in one call: bytes → located nodes → validated `Schedule`, with every diagnostic.
public enum SpecLoader {
    /// The outcome of loading one spec.
    public struct Result: Sendable {
        /// Nil when the spec has errors.
        public var schedule: Schedule?
        /// In source order.
        public var diagnostics: [Diagnostic]
        /// The spec's `blackouts:` by name, as their date ranges (the schedule keeps only each
        /// trigger's expanded `except`); `almanac test` names them in expectations.
        public var blackouts: [String: [DateRange]] = [:]

        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    /// Parses and validates `file`. `name:` defaults to the file's base name without extension.
    public static func load(_ file: SourceFile, limits: YAMLLimits = .standard) -> Result {
        var bag = DiagnosticBag()
        guard let root = YAMLComposer.compose(file.bytes, limits: limits, diagnostics: &bag) else {
            return Result(schedule: nil, diagnostics: bag.sorted)
        }
        var validator = SpecValidator(defaultName: baseName(file.path))
        validator.diagnostics = bag
        var schedule = validator.validate(root)
        let hasErrors = validator.diagnostics.hasErrors
        // Reading applied every rule `Schedule.validate()` has (MeaningRules), with the text's places.
        schedule?.markValid()
        return Result(
            schedule: hasErrors ? nil : schedule, diagnostics: validator.diagnostics.sorted, blackouts: validator.blackouts)
    }

    /// `specs/team.yaml` → `team`.
    static func baseName(_ path: String) -> String {
        let last = path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
        if let dot = last.lastIndex(of: "."), dot != last.startIndex { return String(last[..<dot]) }
        return last
    }
}
