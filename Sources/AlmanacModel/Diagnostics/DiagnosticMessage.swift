/// A diagnostic's code and its words. Only the catalogue makes them — one file per family of codes
/// in `Diagnostics/Catalogue/`, each code's wordings together under its mark, as swift-syntax keeps
/// its parser's messages — so a call site chooses a message (`.cronStepZero`) and never words one,
/// and one situation has one wording wherever it is found.
public struct DiagnosticMessage: Hashable, Sendable {
    public let code: DiagnosticCode
    public let text: String

    /// For the catalogue's factories only.
    init(_ code: DiagnosticCode, _ text: String) {
        self.code = code
        self.text = text
    }
}

extension Diagnostic {
    /// `message` at `range`.
    public init(_ message: DiagnosticMessage, at range: SourceRange?, severity: Severity? = nil, notes: [Note] = []) {
        self.init(message.code, message.text, at: range, severity: severity, notes: notes)
    }
}

extension Diagnostic {
    /// A value's syntax error, located at `range` in the file.
    public init(_ error: SyntaxError, at range: SourceRange?) {
        self.init(error.code, error.message, at: range, severity: error.severity)
    }
}

extension SyntaxError {
    /// `message` at `offset` (Unicode scalars) of a value's text.
    public init(_ message: DiagnosticMessage, offset: Int = 0, length: Int = 0, severity: Severity? = nil) {
        self.init(message.code, message.text, offset: offset, length: length, severity: severity)
    }

    /// `message` covering `range` of a value's text.
    init(_ message: DiagnosticMessage, at range: Range<Int>) {
        self.init(message.code, message.text, offset: range.lowerBound, length: max(1, range.count))
    }
}
