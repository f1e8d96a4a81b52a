import AlmanacEscaping
import AlmanacTestSupport
import Testing

/// systemd unit values: one line whatever the text, specifiers and variables inert, and command
/// lines that split back into the words given. `scripts/hostile/judges.py` checks the same with
/// systemd 252's own parser (`systemd --test` dumps what it loaded).
@Suite struct SystemdUnitTextTests {
    @Test func plainValuesAreOneLineWithSpecifiersDoubled() {
        #expect(SystemdUnitText.plainValue("Backup\r[Service]\rExecStartPre=/x") == "Backup [Service] ExecStartPre=/x")
        #expect(SystemdUnitText.plainValue("a\u{0}b\nc\u{2028}d\u{85}e\tf") == "a b c d e f")
        #expect(SystemdUnitText.plainValue("100% %n") == "100%% %%n")
        #expect(SystemdUnitText.plainValue("x\u{202E}y") == #"x\u{202E}y"#)
        // An odd run of backslashes at the end would join the next line to the value.
        #expect(SystemdUnitText.plainValue(#"C:\"#) == #"C:\\"#)
        #expect(SystemdUnitText.plainValue(#"C:\\"#) == #"C:\\"#)
        #expect(SystemdUnitText.plainValue(#"C:\\\"#) == #"C:\\\\"#)
        #expect(SystemdUnitText.plainValue(#"a\b"#) == #"a\b"#)
    }

    @Test(arguments: HostileText.samples.map(\.text) + HostileText.controlScalars.map { "a\(Character($0))b" })
    func everyClassStaysOnOneLine(_ text: String) throws {
        let plain = SystemdUnitText.plainValue(text)
        #expect(ControlCharacter.first(in: plain) == nil)
        #expect(!plain.replacing("%%", with: "").contains("%"))
        #expect(plain.reversed().prefix { $0 == "\\" }.count % 2 == 0)
        guard !text.unicodeScalars.contains("\u{0}") else { return }
        let line = try SystemdUnitText.commandLine(["/bin/sh", "-c", text])
        #expect(ControlCharacter.first(in: line) == nil)
        #expect(Self.unquote(line) == ["/bin/sh", "-c", text], "\(line)")
    }

    @Test func commandWordsAreQuotedWithCEscapes() throws {
        #expect(
            try SystemdUnitText.commandLine(["/bin/sh", "-c", "echo $HOME 100% \"q\" \\ ; x"])
                == #"/bin/sh -c "echo $$HOME 100%% \"q\" \\ ; x""#)
        #expect(try SystemdUnitText.commandLine(["/x", "a\nb\tc\rd\u{1B}e\u{7F}"]) == #"/x "a\nb\tc\rd\x1be\x7f""#)
        #expect(try SystemdUnitText.commandLine(["/x", "\u{85}\u{2028}\u{202E}"]) == #"/x "\u0085\u2028\u202e""#)
        #expect(try SystemdUnitText.commandLine(["/x", "", ";", "a=b,c:d@e+f"]) == #"/x "" ";" a=b,c:d@e+f"#)
        #expect(throws: UnwritableText.self) { try SystemdUnitText.commandLine(["/bin/sh", "-c", "a\u{0}b"]) }
        // systemd reads `-@:+!` off the first word, quoted or not: only an absolute path starts a line.
        for program in ["-/bin/sh", "@/bin/sh", "sh", "", "\"/bin/sh\""] {
            #expect(throws: UnwritableText.self) { try SystemdUnitText.commandLine([program, "-c", "x"]) }
        }
        #expect(throws: UnwritableText.self) { try SystemdUnitText.commandLine([]) }
    }

    @Test func environmentAssignmentsKeepDollarsAndRefuseOtherNames() throws {
        #expect(try SystemdUnitText.environment(name: "PATH", value: "$HOME/bin:%h \"x\"\n") == #""PATH=$HOME/bin:%%h \"x\"\n""#)
        for bad in ["", "1X", "A-B", "A=B", "A B", "Ä"] {
            #expect(throws: UnwritableText.self) { try SystemdUnitText.environment(name: bad, value: "v") }
        }
        #expect(throws: UnwritableText.self) { try SystemdUnitText.environment(name: "A", value: "\u{0}") }
    }

    /// systemd.syntax(7)'s reading of a command line: words split at blanks outside quotes, C
    /// escapes decoded inside quotes, then `$$` as `$` and `%%` as `%` (no variable or specifier is
    /// left, since the writer doubles every `$` and `%`). A bare word holds none of `"\$%` here.
    static func unquote(_ line: String) -> [String]? {
        var words: [String] = []
        var scalars = Array(line.unicodeScalars)[...]
        while let first = scalars.first {
            if first == " " {
                scalars.removeFirst()
                continue
            }
            guard first == "\"" else {
                let bare = scalars.prefix { $0 != " " }
                guard !bare.contains(where: { "\"\\$%".unicodeScalars.contains($0) }) else { return nil }
                words.append(String(String.UnicodeScalarView(bare)))
                scalars.removeFirst(bare.count)
                continue
            }
            scalars.removeFirst()
            var word = ""
            while true {
                guard let c = scalars.popFirst() else { return nil }
                if c == "\"" { break }
                if c == "$" || c == "%" {
                    guard scalars.popFirst() == c else { return nil }
                    word.unicodeScalars.append(c)
                    continue
                }
                guard c == "\\" else {
                    word.unicodeScalars.append(c)
                    continue
                }
                guard let e = scalars.popFirst() else { return nil }
                switch e {
                case "n": word += "\n"
                case "t": word += "\t"
                case "r": word += "\r"
                case "\\", "\"": word.unicodeScalars.append(e)
                case "x", "u":
                    let count = e == "x" ? 2 : 4
                    let hex = String(String.UnicodeScalarView(scalars.prefix(count)))
                    scalars.removeFirst(count)
                    guard let v = UInt32(hex, radix: 16), let s = Unicode.Scalar(v) else { return nil }
                    word.unicodeScalars.append(s)
                default: return nil
                }
            }
            words.append(word)
        }
        return words
    }
}
