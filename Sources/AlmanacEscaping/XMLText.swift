/// Text in XML 1.0 and HTML (render's SVG and HTML, `almanac test`'s JUnit report, the console):
/// `& < >` as entities everywhere, and `" '` too in attribute values, so a value is safe in either
/// kind of attribute quote. XML 1.0 cannot hold most C0 controls, U+FFFE or U+FFFF at all: rather than
/// refuse a report or a picture, every unprintable character (`ControlCharacter.isUnprintable`) but
/// tab and LF is written visibly, `\u{1B}` (the bidirectional controls too, so a name cannot
/// reorder what is shown).
public enum XMLText {
    /// Element content (`<title>…</title>`, `<failure>…</failure>`): quotes, tab and LF kept.
    public static func content(_ text: String) -> String { escape(text, inAttribute: false) }

    /// An attribute value: also tab and LF as character references (`&#9;`, `&#10;`), which
    /// attribute-value normalisation would otherwise turn into spaces.
    public static func attribute(_ text: String) -> String { escape(text, inAttribute: true) }

    private static func escape(_ text: String, inAttribute: Bool) -> String {
        ScalarMap.apply(text) { scalar in
            switch scalar {
            case "&": return "&amp;"
            case "<": return "&lt;"
            case ">": return "&gt;"
            case "\"": return inAttribute ? "&quot;" : nil
            case "'": return inAttribute ? "&#39;" : nil
            case "\t": return inAttribute ? "&#9;" : nil
            case "\n": return inAttribute ? "&#10;" : nil
            default:
                return ControlCharacter.isUnprintable(scalar) ? ControlCharacter.visible(scalar) : nil
            }
        }
    }
}
