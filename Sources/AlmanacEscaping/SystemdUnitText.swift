/// Values in systemd unit files (systemd.syntax(7), checked against systemd 252's own parser):
/// a line ends at LF, CR or NUL, a line ending in an odd run of backslashes continues on the next,
/// `%` starts a specifier everywhere, and command lines and `Environment=` are split into words
/// with quotes and C escapes (`$` expands a variable in command lines only).
public enum SystemdUnitText {
    /// A setting systemd takes as written apart from specifiers (`Description=`): one line, each
    /// control character and line break a space, bidirectional controls shown as `\u{202E}`, `%`
    /// doubled, and a final odd backslash doubled (else the next line would join the value).
    public static func plainValue(_ text: String) -> String {
        var out = ScalarMap.apply(text) { scalar in
            switch ControlCharacter(scalar) {
            case .bidirectional?: return ControlCharacter.visible(scalar)
            case _?: return " "
            case nil: return scalar == "%" ? "%%" : nil
            }
        }
        if out.reversed().prefix(while: { $0 == "\\" }).count % 2 == 1 { out += "\\" }
        return out
    }

    /// An `ExecStart=` value running `words` as the argument vector. A word of letters, digits and
    /// `/._+=:,@-` only is written as it is; any other is double-quoted: `"` and `\` escaped, `$` as
    /// `$$` (no variable is expanded), `%` as `%%` (no specifier), every control character, line
    /// break and bidirectional control as a C escape, so the line stays one line and a lone `;`
    /// stays a word. Refused: NUL (`ProcessArgument`), and a first word that is not an absolute
    /// path — systemd reads the prefixes `-@:+!` off the first word even when it is quoted.
    public static func commandLine(_ words: [String]) throws(UnwritableText) -> String {
        guard let program = words.first, program.hasPrefix("/") else {
            throw UnwritableText(
                what: "the program '\(TerminalText.visible(words.first ?? ""))'",
                why: "an ExecStart= line must start with an absolute path, since systemd reads `-@:+!` at its start as flags")
        }
        var out: [String] = []
        for word in words { out.append(isBare(word) ? word : try quotedWord(word, dollar: "$$")) }
        return out.joined(separator: " ")
    }

    /// An `Environment=` value setting `name` to `value`: one double-quoted assignment, escaped as
    /// in a command line except that `$` stays (systemd expands no variable there). The name must
    /// be letters, digits and `_`, not starting with a digit: systemd ignores any other assignment.
    public static func environment(name: String, value: String) throws(UnwritableText) -> String {
        guard EnvironmentName.isPortable(name) else {
            throw UnwritableText(
                what: "the environment name '\(TerminalText.visible(name))'",
                why: "systemd takes only letters, digits and '_', not starting with a digit")
        }
        return try quotedWord(name + "=" + value, dollar: "$")
    }

    /// A word systemd splits, unescapes and expands to itself: no blank, quote, backslash, `$`,
    /// `%`, `;` or control character.
    private static func isBare(_ word: String) -> Bool {
        !word.isEmpty
            && word.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "/._+=:,@-".utf8.contains(byte)
            }
    }

    private static func quotedWord(_ word: String, dollar: String) throws(UnwritableText) -> String {
        try ProcessArgument.check(word)
        var out = "\""
        for scalar in word.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "$": out += dollar
            case "%": out += "%%"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                guard ControlCharacter(scalar) != nil else {
                    out.unicodeScalars.append(scalar)
                    continue
                }
                // `\xNN` is one byte, so only ASCII controls use it; the rest are code points.
                let hex = String(scalar.value, radix: 16)
                out += scalar.value < 0x80 ? "\\x" + pad(hex, 2) : "\\u" + pad(hex, 4)
            }
        }
        return out + "\""
    }

    private static func pad(_ hex: String, _ width: Int) -> String {
        String(repeating: "0", count: max(0, width - hex.count)) + hex
    }
}
