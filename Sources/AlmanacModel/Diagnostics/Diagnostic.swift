import AlmanacJSON

/// How serious a diagnostic is; errors make a spec unusable, warnings fail only under `--strict`.
public enum Severity: String, Sendable, Comparable {
    case error, warning, note

    private var rank: Int { self == .error ? 0 : self == .warning ? 1 : 2 }
    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// One problem found in a spec: what is wrong, where, and what to write instead.
public struct Diagnostic: Hashable, Sendable {
    /// A secondary location with its own message ("first defined here").
    public struct Note: Hashable, Sendable {
        public var message: String
        public var range: SourceRange?

        public init(_ message: String, at range: SourceRange? = nil) {
            self.message = message
            self.range = range
        }
    }

    public var code: DiagnosticCode
    public var severity: Severity
    public var message: String
    /// Where in the spec; nil only for problems of the file as a whole.
    public var range: SourceRange?
    public var notes: [Note]
    /// What the diagnostic is about, structured for tools (`check --format json` writes it as
    /// `"details"`): W0605 lists every trigger that loses coverage with its fires and priority.
    public var details: [String: JSONValue] = [:]

    /// The words come from the catalogue (`init(_: DiagnosticMessage, …)`); this is its back end.
    init(
        _ code: DiagnosticCode, _ message: String, at range: SourceRange?,
        severity: Severity? = nil, notes: [Note] = []
    ) {
        self.code = code
        self.severity = severity ?? code.defaultSeverity
        self.message = message
        self.range = range
        self.notes = notes
    }
}

/// Collects diagnostics for one file; the stages emit into it, never throw for user mistakes.
public struct DiagnosticBag: Sendable {
    public private(set) var diagnostics: [Diagnostic] = []
    /// How many of `diagnostics` are errors, kept as they are emitted so that checking whether a
    /// step added one costs nothing.
    package private(set) var errorCount = 0

    public init() {}

    public mutating func emit(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
        if diagnostic.severity == .error { errorCount += 1 }
    }

    public mutating func emit(contentsOf other: [Diagnostic]) {
        diagnostics.append(contentsOf: other)
        errorCount += other.count { $0.severity == .error }
    }

    public var hasErrors: Bool { errorCount > 0 }

    /// In source order, errors before warnings at the same place, so output is stable.
    public var sorted: [Diagnostic] {
        diagnostics.enumerated().sorted { l, r in
            let a = l.element.range?.start ?? SourcePosition(line: 0, column: 0)
            let b = r.element.range?.start ?? SourcePosition(line: 0, column: 0)
            if a != b { return a < b }
            if l.element.severity != r.element.severity { return l.element.severity < r.element.severity }
            return l.offset < r.offset
        }.map(\.element)
    }
}
