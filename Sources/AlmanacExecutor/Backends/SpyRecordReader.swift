import AlmanacJSON

/// Reads a compact spy record (docs/executor.md, "The spy record") back into full lines: each
/// `schedule`, `add` and `fire` line with its fields and its `"payload"`, as a record that repeated
/// everything would have it. It reads line by line, keeping each trigger's last payload and the
/// fields of the fires registered and not yet delivered, removed or cancelled (at most the budget).
public struct SpyRecordReader {
    /// Each trigger's payload text, as the record last gave it.
    private var payloads: [String: Substring] = [:]
    /// The fires registered and still held, by id: their line after the call (fields and payload).
    private var registered: [String: Substring] = [:]

    public init() {}

    /// The full text of `line`; a line that is not such a call comes back as it is.
    public mutating func expand(_ line: String) -> String {
        guard let call = try? JSONReader.parse(Array(line.utf8), maxDepth: 64).objectValue,
            case .string(let name)? = call["call"]
        else { return line }
        switch name {
        case "cancelAll":
            registered.removeAll()
            return line
        case "remove":
            if case .array(let ids)? = call["ids"] { for case .string(let id) in ids { registered.removeValue(forKey: id) } }
            return line
        case "schedule", "add", "fire":
            let start = "{\"call\": \"\(name)\", "
            guard case .string(let id)? = call["id"], line.hasPrefix(start) else { return line }
            let full: String
            if case .string(let trigger)? = call["trigger"] {
                if call["payload"] != nil {
                    full = line
                    // The first `, "payload": ` is the key: the fields before it are quoted strings.
                    if let key = line.range(of: ", \"payload\": ") { payloads[trigger] = line[key.upperBound...].dropLast() }
                } else if let payload = payloads[trigger] {
                    full = line.dropLast() + ", \"payload\": " + payload + "}"
                } else {
                    return line
                }
            } else if name == "fire", let held = registered[id] {
                // A delivery by id: the fire as it was registered.
                full = start + held
            } else {
                return line
            }
            if name == "fire" {
                registered.removeValue(forKey: id)
            } else {
                registered[id] = Substring(full).dropFirst(start.count)
            }
            return full
        default:
            return line
        }
    }

    /// Every line of a record, expanded.
    public static func expand<Lines: Sequence>(_ lines: Lines) -> [String] where Lines.Element: StringProtocol {
        var reader = SpyRecordReader()
        return lines.map { reader.expand(String($0)) }
    }
}
