/// iCalendar content (RFC 5545): TEXT values escaped (§3.3.11) and content lines folded (§3.1).
/// TEXT may hold no control character but tab; readers split lines at CRLF, and some (Python's
/// `splitlines`) at CR, LF, NEL, LS and PS as well.
public enum ICalendarText {
    /// A TEXT value: `\`, `;` and `,` escaped; each line break of any kind (CRLF, CR, LF, NEL, LS,
    /// PS) as `\n`; a tab kept; every other control and bidirectional character written visibly
    /// (`\\u{1B}`, which a calendar shows as `\u{1B}`), never raw.
    public static func text(_ value: String) -> String {
        var out = ""
        out.reserveCapacity(value.utf8.count)
        var previousCR = false
        for scalar in value.unicodeScalars {
            defer { previousCR = scalar == "\r" }
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\t": out += "\t"
            case "\n" where previousCR: break
            default:
                switch ControlCharacter(scalar) {
                case nil: out.unicodeScalars.append(scalar)
                case let kind? where kind.endsALine: out += "\\n"
                case _?: out += "\\" + ControlCharacter.visible(scalar)
                }
            }
        }
        return out
    }

    /// `line` folded at 75 octets, never inside a UTF-8 sequence; each continuation starts with a
    /// space, which counts toward its 75.
    public static func fold(_ line: String) -> String {
        let bytes = Array(line.utf8)
        guard bytes.count > 75 else { return line }
        var pieces: [String] = []
        var start = 0
        var limit = 75
        while start < bytes.count {
            var end = min(start + limit, bytes.count)
            // Back off continuation bytes (10xxxxxx) so a character is never split.
            while end < bytes.count && end > start && bytes[end] & 0xC0 == 0x80 { end -= 1 }
            pieces.append(String(decoding: bytes[start..<end], as: UTF8.self))
            start = end
            limit = 74
        }
        return pieces.joined(separator: "\r\n ")
    }
}
