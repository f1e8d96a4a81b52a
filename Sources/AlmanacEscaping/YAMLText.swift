/// Text in the YAML Almanac writes (imported specs, Kubernetes CronJobs), for YAML 1.1 and 1.2
/// readers alike (libyaml, PyYAML, ruamel, go-yaml, kubectl): a double-quoted scalar holds any
/// string through escapes; a comment holds only printable characters up to the end of its line,
/// and CR, NEL, LS and PS end a line for YAML 1.1 readers.
public enum YAMLText {
    /// A double-quoted scalar of `text`, using only the escapes JSON also has (`\"`, `\\`, `\n`,
    /// `\r`, `\t`, `\b`, `\f`, `\uXXXX`), so it reads the same in JSON and in every YAML version.
    /// Escaped: every `ControlCharacter` (a YAML 1.1 reader folds a raw NEL, LS or PS into a space;
    /// C0, DEL and C1 are not allowed raw), the byte order mark and U+FFFE/U+FFFF (not printable).
    public static func doubleQuoted(_ text: String) -> String {
        let body = ScalarMap.apply(text) { scalar in
            switch scalar {
            case "\"": return "\\\""
            case "\\": return "\\\\"
            case "\n": return "\\n"
            case "\r": return "\\r"
            case "\t": return "\\t"
            case "\u{08}": return "\\b"
            case "\u{0C}": return "\\f"
            default:
                guard ControlCharacter.isUnprintable(scalar) else { return nil }
                let hex = String(scalar.value, radix: 16)
                return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        return "\"" + body + "\""
    }

    /// A comment line, `# text`: everything a comment cannot hold as itself (line breaks of any
    /// YAML version, other controls, bidirectional controls, the byte order mark, U+FFFE/U+FFFF)
    /// written visibly, `\u{2028}`, so the comment ends where the line does.
    public static func comment(_ text: String) -> String {
        guard !text.isEmpty else { return "#" }
        // A tab is printable in a YAML comment, and shown as itself.
        return "# " + ScalarMap.apply(text) { $0 != "\t" && ControlCharacter.isUnprintable($0) ? ControlCharacter.visible($0) : nil }
    }
}
