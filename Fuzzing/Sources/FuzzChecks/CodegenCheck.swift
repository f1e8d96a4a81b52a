import AlmanacCodegen
import AlmanacEscaping
import AlmanacJSON
import AlmanacModel
import AlmanacTime

/// `almanac generate swift` over a schedule built from the input without validation — the first
/// line is the name, each further line a payload key, the trigger ids fixed — so every character
/// reaches the generator (the CLI validates first; the generator must be safe for schedules built
/// in code too). Checks that the Swift lexes with only the declared names: split at LF and CR (the
/// Swift lexer's line ends), each line is a comment, blank, or code whose string literals are
/// well-formed, hold no raw control character and decode to the ids and keys, and whose code
/// outside literals is the template's or a `case`/accessor declaring a name from the schedule.
public enum CodegenCheck {
    public static func run(_ bytes: [UInt8]) {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var schedule = Schedule(name: lines.first ?? "")
        var trigger = Trigger(id: "job", kind: .once(OnceRule(.instant(Instant(secondsSinceEpoch: 0)))))
        for (i, key) in lines.dropFirst().prefix(16).enumerated() { trigger.payload[key] = i % 2 == 0 ? .string("v") : .number("1") }
        schedule.triggers = [trigger, Trigger(id: "2fa.default_x-y", kind: trigger.kind)]
        let (source, diagnostics) = SwiftGenerator(typeName: "F", sourceName: lines.first ?? "").generate(schedule)
        guard let source else {
            invariant(!diagnostics.isEmpty, "no source and no diagnostic")
            return
        }
        let template = Set(templateLines())
        var literals: [String] = []
        for raw in source.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            let line = raw.drop { $0 == " " }
            if line.isEmpty || line.hasPrefix("//") { continue }
            guard let (code, found) = SwiftLiteralScanner.strip(String(line)) else {
                invariant(false, "a malformed string literal in: \(line)")
                return
            }
            literals += found
            invariant(template.contains(code) || declaresAName(code), "code outside the template: \(code)")
        }
        let expected = Set(["job", "2fa.default_x-y"] + trigger.payload.keys).union(templateLiterals())
        invariant(Set(literals).isSubset(of: expected), "literals \(Set(literals).subtracting(expected)) are no id or key")
    }

    /// `case NAME = ""` or `public var NAME: TYPE? { … }` with NAME an identifier (backticks allowed).
    static func declaresAName(_ code: String) -> Bool {
        let rest: Substring
        if code.hasPrefix("case ") {
            rest = code.dropFirst(5)
        } else if code.hasPrefix("public var ") {
            rest = code.dropFirst(11)
        } else {
            return false
        }
        let name = rest.prefix { $0 != " " && $0 != ":" }
        let bare = name.hasPrefix("`") && name.hasSuffix("`") && name.count > 2 ? name.dropFirst().dropLast() : name
        guard SwiftText.identifier(String(bare)) != nil else { return false }
        let tail = rest.dropFirst(name.count)
        return code.hasPrefix("case ") ? tail == " = \"\"" : tail.hasPrefix(": ") && tail.hasSuffix(" }") && !tail.contains(";")
    }

    /// The generator's lines for a schedule with nothing to escape, literals blanked: the template.
    static func templateLines() -> [String] {
        templateSource().compactMap { SwiftLiteralScanner.strip($0)?.code }
    }

    /// The template's own string literals (date formats, separators), its id and key left out.
    static func templateLiterals() -> Set<String> {
        Set(templateSource().flatMap { SwiftLiteralScanner.strip($0)?.literals ?? [] }).subtracting(["a", "k", "t"])
    }

    /// The code lines generated for a schedule with nothing to escape: one trigger `a`, key `k`.
    static func templateSource() -> [String] {
        var trigger = Trigger(id: "a", kind: .once(OnceRule(.instant(Instant(secondsSinceEpoch: 0)))))
        trigger.payload = ["k": .string("v")]
        var schedule = Schedule(name: "t")
        schedule.triggers = [trigger]
        let source = SwiftGenerator(typeName: "F", sourceName: "t").generate(schedule).source ?? ""
        return source.split(separator: "\n").map { String($0.drop { $0 == " " }) }.filter { !$0.hasPrefix("//") }
    }
}

/// Swift single-line string literals in a line of code: each checked (escapes `\\ \" \n \r \t \0
/// \u{…}`, no raw control character, closed on the line), decoded, and blanked to `""`.
enum SwiftLiteralScanner {
    static func strip(_ line: String) -> (code: String, literals: [String])? {
        var code = "", literals: [String] = []
        var scalars = line.unicodeScalars[...]
        while let c = scalars.popFirst() {
            if c == "/" && scalars.first == "/" { break }
            guard c == "\"" else {
                code.unicodeScalars.append(c)
                continue
            }
            var text = ""
            while true {
                guard let d = scalars.popFirst(), ControlCharacter(d) == nil else { return nil }
                if d == "\"" { break }
                guard d == "\\" else {
                    text.unicodeScalars.append(d)
                    continue
                }
                switch scalars.popFirst() {
                case "\\"?: text += "\\"
                case "\""?: text += "\""
                case "n"?: text += "\n"
                case "r"?: text += "\r"
                case "t"?: text += "\t"
                case "0"?: text += "\u{0}"
                case "u"?:
                    guard scalars.popFirst() == "{", let end = scalars.firstIndex(of: "}"),
                        let value = UInt32(String(String.UnicodeScalarView(scalars[..<end])), radix: 16), let s = Unicode.Scalar(value)
                    else { return nil }
                    text.unicodeScalars.append(s)
                    scalars = scalars[scalars.index(after: end)...]
                default: return nil
                }
            }
            literals.append(text)
            code += "\"\""
        }
        return (code, literals)
    }
}
