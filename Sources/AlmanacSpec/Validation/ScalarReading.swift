import AlmanacModel
import AlmanacJSON

/// Reading scalars as the text the user wrote, with the few typed forms the language has.
extension SpecValidator {
    /// The scalar's text, or nil with a diagnostic for a collection or nothing at all.
    mutating func text(_ node: YAMLNode, _ what: @autoclosure () -> String) -> String? {
        guard checkTag(node) else { return nil }
        guard let s = node.scalar, !node.isNull else {
            diagnostics.emit(Diagnostic(.notASingleValue(what(), found: node.kindName), at: node.range))
            return nil
        }
        return s
    }

    /// Explicit tags would ask YAML to convert a value; Almanac reads text as written, so only
    /// the tags that change nothing are accepted.
    mutating func checkTag(_ node: YAMLNode) -> Bool {
        guard let tag = node.tag, tag != "!" else { return true }
        let allowed: String
        switch node.content {
        case .scalar: allowed = "tag:yaml.org,2002:str"
        case .mapping: allowed = "tag:yaml.org,2002:map"
        case .sequence: allowed = "tag:yaml.org,2002:seq"
        }
        if tag == allowed { return true }
        let shown = tag.hasPrefix("tag:yaml.org,2002:") ? "!!" + tag.dropFirst("tag:yaml.org,2002:".count) : tag
        diagnostics.emit(
            Diagnostic(.tagOnValue(shown), at: node.range))
        return false
    }

    /// A decimal integer within `range`.
    mutating func integer(_ node: YAMLNode, _ what: @autoclosure () -> String, in range: ClosedRange<Int>) -> Int? {
        guard let s = text(node, what()) else { return nil }
        guard node.style == .plain || node.style == .singleQuoted || node.style == .doubleQuoted,
            let value = Int(s), s.first != "+"
        else {
            diagnostics.emit(Diagnostic(.notAWholeNumber(what(), s), at: node.range))
            return nil
        }
        guard range.contains(value) else {
            let bounds = range.upperBound == Int.max ? "at least \(range.lowerBound)" : "\(range.lowerBound)…\(range.upperBound)"
            diagnostics.emit(Diagnostic(.valueOutOfRange(what(), value, bounds: "\(bounds)"), at: node.range))
            return nil
        }
        return value
    }

    /// A decimal number (latitude, radius), with its literal text.
    mutating func number(_ node: YAMLNode, _ what: @autoclosure () -> String) -> (Double, String)? {
        guard let s = text(node, what()) else { return nil }
        guard JSONValue.isNumberLiteral(s), let value = Double(s) else {
            diagnostics.emit(Diagnostic(.notADecimalNumber(what(), s), at: node.range))
            return nil
        }
        return (value, s)
    }

    /// Only `true` or `false`: YAML 1.1's `yes`/`no`/`on`/`off` are refused, not guessed.
    mutating func boolean(_ node: YAMLNode, _ what: @autoclosure () -> String) -> Bool? {
        guard let s = text(node, what()) else { return nil }
        switch s {
        case "true": return true
        case "false": return false
        default:
            let hint =
                ["yes", "on", "y", "True", "TRUE"].contains(s)
                ? "; write `true`"
                : ["no", "off", "n", "False", "FALSE"].contains(s) ? "; write `false`" : ""
            diagnostics.emit(Diagnostic(.notABoolean(what(), s, hint: hint), at: node.range))
            return nil
        }
    }

    /// One of `choices`, with did-you-mean.
    mutating func choice<T: RawRepresentable & CaseIterable>(_ node: YAMLNode, _ what: @autoclosure () -> String, _ type: T.Type) -> T?
    where T.RawValue == String {
        guard let s = text(node, what()) else { return nil }
        if let value = T(rawValue: s) { return value }
        let names = T.allCases.map(\.rawValue)
        let hint =
            Suggestion.closest(to: s, among: names).map { "did you mean '\($0)'?" }
            ?? "expected one of " + names.map { "'\($0)'" }.joined(separator: ", ")
        diagnostics.emit(Diagnostic(.invalidChoice(what(), s, hint: hint), at: node.range))
        return nil
    }

    /// The weekdays of a weekday or list of weekdays written the common way (names and ranges,
    /// untagged, each day once) as a bit set (bit n = ISO weekday n), read without the general
    /// machinery; nil for anything else, which `list` then reads and explains.
    func plainWeekdayMask(_ node: YAMLNode) -> UInt8? {
        var seen: UInt8 = 0
        for item in node.listItems {
            guard item.tag == nil, let s = item.scalar, !item.isNull, ValueSyntax.plainWeekdays(s, seen: &seen) else { return nil }
        }
        return seen == 0 ? nil : seen
    }

    /// A single value or a list of values, each read by `read` into the list so far; nil when any
    /// item failed.
    mutating func list<T>(_ node: YAMLNode, _ what: @autoclosure () -> String, _ read: (inout SpecValidator, YAMLNode, inout [T]) -> Bool)
        -> [T]?
    {
        let items = node.listItems
        if node.sequence != nil, items.isEmpty {
            diagnostics.emit(
                Diagnostic(.listEmpty(what()), at: node.range))
            return nil
        }
        var out: [T] = []
        out.reserveCapacity(items.count)
        var ok = true
        for item in items {
            if item.sequence != nil || item.mapping != nil {
                diagnostics.emit(
                    Diagnostic(.itemNotASingleValue(what(), found: item.kindName), at: item.range))
                ok = false
                continue
            }
            if !read(&self, item, &out) { ok = false }
        }
        return ok ? out : nil
    }

    /// Warns about values an earlier item of the same list already gave (`[mon-fri, wed]`); a
    /// repeat inside one scalar is the value syntax's to report.
    mutating func warnRepeated<T: Hashable>(
        _ values: [T], seen: inout SeenValues<T>, at item: YAMLNode, _ what: @autoclosure () -> String, _ name: (T) -> String
    ) {
        var repeated: [T] = []
        for value in values where !seen.insert(value) { repeated.append(value) }
        guard !repeated.isEmpty else { return }
        let names = repeated.map { "'\(name($0))'" }.joined(separator: ", ")
        diagnostics.emit(Diagnostic(.listedTwice(what(), names: names, plural: repeated.count > 1), at: item.range))
    }

    /// `warnRepeated` for an item that gives one value.
    mutating func warnRepeated<T: Hashable>(
        _ value: T, seen: inout SeenValues<T>, at item: YAMLNode, _ what: @autoclosure () -> String, _ name: (T) -> String
    ) {
        guard !seen.insert(value) else { return }
        diagnostics.emit(Diagnostic(.listedTwice(what(), names: "'\(name(value))'", plural: false), at: item.range))
    }

    /// The message for a calendar list item that is not a whole number, with the list to write
    /// when it looks like a range (`1-7`) or several values in one string (`"1,15"`).
    static func wholeNumberProblem(_ key: String, _ item: YAMLNode) -> DiagnosticMessage {
        let text = item.scalar ?? item.kindName
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), a < b, b - a < 31 {
            return .wholeNumbersOnly(
                key, text,
                fix: "; ranges are not supported here, so list each one: [" + (a...b).map(String.init).joined(separator: ", ") + "]")
        }
        let items = text.split(whereSeparator: { $0 == "," || $0 == " " })
        if items.count > 1, items.allSatisfy({ Int($0) != nil }) {
            return .wholeNumbersOnly(key, text, fix: "; write a YAML list: [" + items.joined(separator: ", ") + "]")
        }
        return .wholeNumbersOnly(key, text, fix: "")
    }

    /// Applies a string syntax to a scalar, turning its errors into located diagnostics.
    mutating func parse<T>(_ node: YAMLNode, _ what: @autoclosure () -> String, _ syntax: (String) -> Result<T, SyntaxError>) -> T? {
        guard let s = text(node, what()) else { return nil }
        switch syntax(s) {
        case .success(let value): return value
        case .failure(let error):
            diagnostics.emit(error.diagnostic(in: node))
            return nil
        }
    }

    /// Applies a syntax that may find several problems in one scalar (a list of weekdays).
    mutating func parseMany<T>(_ node: YAMLNode, _ what: @autoclosure () -> String, _ syntax: (String) -> (T?, [SyntaxError])) -> T? {
        guard let s = text(node, what()) else { return nil }
        let (value, errors) = syntax(s)
        for e in errors { diagnostics.emit(e.diagnostic(in: node)) }
        return errors.contains { $0.severity == .error } ? nil : value
    }

    /// A mapping's pairs as a JSON object over `base`: its keys replace the base's.
    func jsonObject(_ pairs: YAMLPairs, over base: [String: JSONValue]) -> [String: JSONValue] {
        // A copy of `base` with room for the pairs keeps its buckets (no key hashed again);
        // `defaults.payload` is built with that room (`readDefaults`).
        var o = base
        if o.capacity < base.count + pairs.count { o.reserveCapacity(base.count + pairs.count) }
        // Last to first, so the first of repeated keys is the one left (one hash per key).
        for pair in pairs.reversed() {
            if let key = pair.key.scalar { o[key] = json(pair.value) }
        }
        return o
    }

    /// A payload node as JSON. Quoted scalars are strings; plain ones become numbers, booleans or
    /// null only when they are exactly JSON's spelling of one.
    func json(_ node: YAMLNode) -> JSONValue {
        switch node.content {
        case .mapping(let pairs):
            return .object(jsonObject(pairs, over: [:]))
        case .sequence(let items):
            return .array(items.map(json))
        case .scalar(let s):
            guard node.style == .plain, node.tag == nil else { return .string(s) }
            if node.isNull { return .null }
            if s == "true" { return .bool(true) }
            if s == "false" { return .bool(false) }
            if JSONValue.isNumberLiteral(s) { return .number(s) }
            return .string(s)
        }
    }
}
