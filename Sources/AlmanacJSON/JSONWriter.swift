/// Writes JSON values in Almanac's canonical inline form: keys sorted by their UTF-8 bytes,
/// `", "` and `": "` separators, non-ASCII kept as UTF-8, control characters escaped.
public enum JSONWriter {
    /// The canonical inline text of `value`.
    public static func inline(_ value: JSONValue) -> String {
        var out = ""
        write(value, to: &out)
        return out
    }

    public static func write(_ value: JSONValue, to out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += n
        case .string(let s): writeString(s, to: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += ", " }
                write(item, to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, key) in sortedKeys(members).enumerated() {
                if i > 0 { out += ", " }
                writeString(key, to: &out)
                out += ": "
                write(members[key]!, to: &out)
            }
            out += "}"
        }
    }

    /// Keys in UTF-8 byte order, so the order never depends on locale or Unicode normalisation.
    public static func sortedKeys<V>(_ members: [String: V]) -> [String] {
        members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// A JSON string literal for `s`.
    public static func quoted(_ s: String) -> String {
        var out = ""
        writeString(s, to: &out)
        return out
    }

    public static func writeString(_ s: String, to out: inout String) {
        out += "\""
        var needsEscape = false
        for b in s.utf8 where b < 0x20 || b == 0x22 || b == 0x5C {
            needsEscape = true
            break
        }
        if !needsEscape {
            out += s
        } else {
            for scalar in s.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                case "\u{08}": out += "\\b"
                case "\u{0C}": out += "\\f"
                default:
                    if scalar.value < 0x20 {
                        let hex = String(scalar.value, radix: 16)
                        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    } else {
                        out.unicodeScalars.append(scalar)
                    }
                }
            }
        }
        out += "\""
    }
}
