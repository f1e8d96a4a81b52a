/// Text from a spec placed in generated Swift: inside a string literal, or on one comment line.
enum SwiftText {
    /// A Swift string literal of `text`.
    static func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// `text` fit for the rest of a `//` or `///` line: line breaks and other control characters
    /// (and the Unicode line and paragraph separators, and bidirectional controls) become spaces, so
    /// a payload's `doc:` or a spec's name cannot end the comment and start code.
    static func commentLine(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            let isControl = scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            let breaksOrReorders = [0x2028, 0x2029, 0x200E, 0x200F].contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
                || (0x2066...0x2069).contains(scalar.value)
            out.unicodeScalars.append(isControl || breaksOrReorders ? " " : scalar)
        }
        return out
    }
}
