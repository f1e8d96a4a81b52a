/// Crontab lines as cronie reads them (`src/entry.c`, `src/env.c`, `src/do_command.c`): a line ends
/// at LF only and is cut at NUL; in a command, an unescaped `%` ends the command (the rest is
/// standard input), `\%` is a `%`, any other backslash pair is kept as written; commands longer
/// than `maxCommandBytes` are cut. Comments are whole lines starting with `#`.
public enum CrontabText {
    /// cronie's `MAX_COMMAND` less its terminating NUL.
    public static let maxCommandBytes = 131_071

    /// The command field of a job line: `%` written `\%`. Refused: a line break or NUL (cronie
    /// ends or cuts the line), any other control or bidirectional character (`crontab -l` would
    /// send it to a terminal or hide part of the command from a reviewer), a `%` after an odd run
    /// of backslashes (cronie's escape rule cannot keep that backslash), and an over-long command.
    public static func command(_ text: String) throws(UnwritableText) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + 4)
        var backslashes = 0
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            if let kind = ControlCharacter(scalar), kind != .tab {
                throw UnwritableText(scalar, at: offset, why: why(kind))
            }
            if scalar == "%" {
                guard backslashes % 2 == 0 else {
                    throw UnwritableText(
                        what: "a backslash right before the '%' at character \(offset + 1)",
                        why: "cronie reads `\\%` as an escaped '%', so a backslash cannot be kept in front of one")
                }
                out += "\\%"
            } else {
                out.unicodeScalars.append(scalar)
            }
            backslashes = scalar == "\\" ? backslashes + 1 : 0
        }
        guard out.utf8.count <= maxCommandBytes else {
            throw UnwritableText(
                what: "a command of \(out.utf8.count) bytes", why: "cronie cuts commands after \(maxCommandBytes) bytes")
        }
        return out
    }

    /// A comment line, `# text`: characters that would end the line (LF; CR fakes one in a
    /// terminal) or act on a terminal written visibly, `\u{D}`.
    public static func comment(_ text: String) -> String {
        text.isEmpty ? "#" : "# " + TerminalText.visible(text)
    }

    /// An environment line, `NAME="value"` (or `'value'` when the value holds a double quote).
    /// Refused: a name that is not a portable one (cronie splits at `=` and blanks), a value with
    /// both quote characters (cronie's value ends at the first closing quote), or a control,
    /// line-break or bidirectional character (as in a command).
    public static func environment(name: String, value: String) throws(UnwritableText) -> String {
        guard EnvironmentName.isPortable(name) else {
            throw UnwritableText(
                what: "the environment name '\(TerminalText.visible(name))'",
                why: "a crontab environment line needs letters, digits and '_', not starting with a digit")
        }
        for (offset, scalar) in value.unicodeScalars.enumerated() {
            if let kind = ControlCharacter(scalar), kind != .tab { throw UnwritableText(scalar, at: offset, why: why(kind)) }
        }
        if !value.contains("\"") { return "\(name)=\"\(value)\"" }
        if !value.contains("'") { return "\(name)='\(value)'" }
        throw UnwritableText(what: "a value with both ' and \"", why: "cronie's quoted value ends at its first closing quote")
    }

    private static func why(_ kind: ControlCharacter) -> String {
        switch kind {
        case .lineFeed: return "cronie ends the line there"
        case .nul: return "cronie cuts the line there"
        case .carriageReturn: return "`crontab -l` in a terminal shows it as a new line, and the shell takes it as part of a word"
        case .bidirectional: return "it reorders what a reviewer of the crontab sees"
        default: return "`crontab -l` would send it to the terminal"
        }
    }
}
