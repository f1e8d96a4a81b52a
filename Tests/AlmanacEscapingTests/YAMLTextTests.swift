import AlmanacEscaping
import AlmanacTestSupport
import Testing

/// YAML scalars and comments: every class written with JSON's escapes (so YAML 1.1, 1.2 and JSON
/// readers agree) and comments that end where their line does. Our own composer reads them back in
/// `AlmanacSpecTests.YAMLTextRoundTripTests`; PyYAML and ruamel in `scripts/hostile/judges.py`.
@Suite struct YAMLTextTests {
    @Test func doubleQuotedScalarsEscapeWhatYAMLCannotHoldRaw() {
        #expect(YAMLText.doubleQuoted("plain: text # x") == #""plain: text # x""#)
        #expect(YAMLText.doubleQuoted("q\"b\\") == #""q\"b\\""#)
        #expect(YAMLText.doubleQuoted("a\nb\rc\td\u{8}e\u{C}f") == #""a\nb\rc\td\be\ff""#)
        #expect(YAMLText.doubleQuoted("\u{0}\u{1B}\u{7F}") == #""\u0000\u001b\u007f""#)
        // NEL, LS and PS are line breaks to a YAML 1.1 reader, which folds them into a space.
        #expect(YAMLText.doubleQuoted("a\u{85}b\u{2028}c\u{2029}d") == #""a\u0085b\u2028c\u2029d""#)
        #expect(YAMLText.doubleQuoted("\u{9B}\u{202E}\u{2066}\u{FEFF}\u{FFFE}\u{FFFF}") == #""\u009b\u202e\u2066\ufeff\ufffe\uffff""#)
        #expect(YAMLText.doubleQuoted("🙂 日本 e\u{301}") == "\"🙂 日本 e\u{301}\"")
    }

    @Test func commentsKeepTabsAndShowEverythingElseVisibly() {
        #expect(YAMLText.comment("") == "#")
        #expect(YAMLText.comment("a\tb") == "# a\tb")
        #expect(YAMLText.comment("x\rpwned: {cron: \"* * * * *\"}") == #"# x\u{D}pwned: {cron: "* * * * *"}"#)
        #expect(YAMLText.comment("a\u{85}b\u{2028}c\u{FEFF}d\u{202E}") == #"# a\u{85}b\u{2028}c\u{FEFF}d\u{202E}"#)
    }

    @Test(arguments: HostileText.samples.map(\.text) + HostileText.controlScalars.map { "a\(Character($0))b" })
    func outputHoldsOnlyWhatEveryYAMLReaderPrints(_ text: String) {
        for written in [YAMLText.doubleQuoted(text), YAMLText.comment(text)] {
            let bad = written.unicodeScalars.first { s in
                (ControlCharacter(s) != nil && s != "\t") || [0xFEFF, 0xFFFE, 0xFFFF].contains(s.value)
            }
            #expect(bad == nil, "\(written)")
        }
    }
}
