/// A JSON value. Numbers keep the literal text they were written with, so nothing is lost to
/// floating point and output stays byte-stable.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// A number, as its JSON literal text (`3`, `-1.5`, `2e10`).
    case number(String)
    case string(String)
    case array([JSONValue])
    /// Objects are unordered; the writer sorts keys so that output is byte-stable.
    case object([String: JSONValue])

    public subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var objectValue: [String: JSONValue]? {
        if case .object(let o) = self { return o }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// The number as an integer, when it is one.
    public var intValue: Int? {
        if case .number(let n) = self { return Int(n) }
        return nil
    }

    /// The number as a double, when it is one.
    public var doubleValue: Double? {
        if case .number(let n) = self { return Double(n) }
        return nil
    }

    /// True when `text` is a JSON number literal (RFC 8259 §6).
    public static func isNumberLiteral(_ text: String) -> Bool {
        var it = text.utf8[...]
        func digit(_ c: UInt8?) -> Bool { c.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
        if it.first == UInt8(ascii: "-") { it = it.dropFirst() }
        guard let first = it.first, digit(first) else { return false }
        if first == UInt8(ascii: "0") {
            it = it.dropFirst()
        } else {
            while digit(it.first) { it = it.dropFirst() }
        }
        if it.first == UInt8(ascii: ".") {
            it = it.dropFirst()
            guard digit(it.first) else { return false }
            while digit(it.first) { it = it.dropFirst() }
        }
        if it.first == UInt8(ascii: "e") || it.first == UInt8(ascii: "E") {
            it = it.dropFirst()
            if it.first == UInt8(ascii: "+") || it.first == UInt8(ascii: "-") { it = it.dropFirst() }
            guard digit(it.first) else { return false }
            while digit(it.first) { it = it.dropFirst() }
        }
        return it.isEmpty
    }
}
