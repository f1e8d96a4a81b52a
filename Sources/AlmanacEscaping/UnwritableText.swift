/// A value a format has no way to hold exactly (NUL in a command line, a line break in a crontab
/// command, a backslash right before `%` in cron): the writer refuses it rather than change it.
public struct UnwritableText: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is in the way, as a message says it: "a line break (U+000A) at character 7".
    public var what: String
    /// Why the format cannot hold it: "cronie ends the line there".
    public var why: String

    public init(what: String, why: String) {
        self.what = what
        self.why = why
    }

    /// The character at `offset` (in Unicode scalars, counted from 0) is the problem.
    public init(_ scalar: Unicode.Scalar, at offset: Int, why: String) {
        let kind = ControlCharacter(scalar)?.name ?? "'\(scalar)'"
        self.init(what: "\(kind) (\(ControlCharacter.codePoint(scalar))) at character \(offset + 1)", why: why)
    }

    public var description: String { "\(what): \(why)" }
}
