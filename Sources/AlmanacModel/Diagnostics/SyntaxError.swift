/// A problem inside one scalar's text (a cron field, an RRULE part, a malformed time), located by
/// character offset within the value so the validator can point a caret at it.
public struct SyntaxError: Error, Hashable, Sendable {
    public var code: DiagnosticCode
    public var message: String
    /// Offset in Unicode scalars from the start of the value.
    public var offset: Int
    /// Length in Unicode scalars (at least 1 when rendered).
    public var length: Int
    public var severity: Severity

    /// The words come from the catalogue (`init(_: DiagnosticMessage, …)`); this is its back end.
    init(_ code: DiagnosticCode, _ message: String, offset: Int = 0, length: Int = 0, severity: Severity? = nil) {
        self.code = code
        self.message = message
        self.offset = offset
        self.length = length
        self.severity = severity ?? code.defaultSeverity
    }
}
