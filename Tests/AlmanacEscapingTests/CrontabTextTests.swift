import AlmanacEscaping
import AlmanacTestSupport
import Testing

/// Crontab lines as cronie reads them: a command is written so that cronie's `%` rule gives it
/// back, or refused; comments and environment lines stay one line. `scripts/hostile/judges.py`
/// reads the exported files with a model of cronie's `load_entry` and `do_command` and cronsim.
@Suite struct CrontabTextTests {
    @Test func percentSignsAreEscapedAndBackslashesBeforeThemCounted() throws {
        #expect(try CrontabText.command("date +%Y-%m-%d") == #"date +\%Y-\%m-\%d"#)
        #expect(try CrontabText.command(#"a\\%b"#) == #"a\\\%b"#)
        #expect(try CrontabText.command(#"printf '\n' \x"#) == #"printf '\n' \x"#)
        #expect(try CrontabText.command("a\tb") == "a\tb")
        #expect(throws: UnwritableText.self) { try CrontabText.command(#"a\%b"#) }
        #expect(throws: UnwritableText.self) { try CrontabText.command(#"a\\\%b"#) }
    }

    @Test(arguments: HostileText.controlScalars.filter { $0 != "\t" })
    func everyControlCharacterInACommandIsRefused(_ scalar: Unicode.Scalar) {
        #expect(throws: UnwritableText.self) { try CrontabText.command("echo a\(Character(scalar))b") }
        #expect(throws: UnwritableText.self) { try CrontabText.environment(name: "A", value: "a\(Character(scalar))b") }
    }

    @Test(arguments: HostileText.samples.map(\.text))
    func writtenCommandsReadBackThroughCroniesPercentRule(_ text: String) throws {
        guard let written = try? CrontabText.command(text) else { return }
        #expect(!written.contains("\n") && !written.contains("\r") && !written.contains("\u{0}"))
        #expect(Self.cronieCommand(written) == (text, ""), "\(written)")
        let comment = CrontabText.comment(text)
        #expect(comment.hasPrefix("#") && ControlCharacter.first(in: comment) == nil)
    }

    @Test func overLongCommandsAreRefused() {
        #expect((try? CrontabText.command(String(repeating: "x", count: CrontabText.maxCommandBytes))) != nil)
        #expect(throws: UnwritableText.self) { try CrontabText.command(String(repeating: "x", count: CrontabText.maxCommandBytes + 1)) }
    }

    @Test func environmentLinesQuoteTheValueWithAQuoteItDoesNotHold() throws {
        #expect(try CrontabText.environment(name: "MAILTO", value: "ops@example.com") == #"MAILTO="ops@example.com""#)
        #expect(try CrontabText.environment(name: "A", value: #"say "hi""#) == #"A='say "hi"'"#)
        #expect(throws: UnwritableText.self) { try CrontabText.environment(name: "A", value: #"'both' "kinds""#) }
        #expect(throws: UnwritableText.self) { try CrontabText.environment(name: "A B", value: "x") }
    }

    /// cronie's `do_command.c`: the command ends at the first unescaped `%`, `\%` is `%`, any other
    /// backslash pair is kept; the rest is standard input.
    static func cronieCommand(_ field: String) -> (command: String, input: String) {
        var out: [Unicode.Scalar] = []
        var escaped = false
        var scalars = field.unicodeScalars[...]
        while let c = scalars.popFirst() {
            if escaped {
                if c == "%" { out.removeLast() }
                out.append(c)
                escaped = false
                continue
            }
            if c == "\\" {
                escaped = true
                out.append(c)
                continue
            }
            if c == "%" { return (String(String.UnicodeScalarView(out)), String(scalars)) }
            out.append(c)
        }
        return (String(String.UnicodeScalarView(out)), "")
    }
}
