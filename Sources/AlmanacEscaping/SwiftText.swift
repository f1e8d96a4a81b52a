/// Text in generated Swift source: string literals, line comments and identifiers. The Swift lexer
/// ends a line comment at LF and at CR (so a CR in a `///` comment starts a line of code), refuses
/// raw control characters in a string literal, and shows bidirectional controls without a warning.
public enum SwiftText {
    /// A single-line string literal of `text`: `"` and `\` escaped, `\n`, `\r`, `\t`, `\0`, and
    /// `\u{…}` for every other `ControlCharacter`, the byte order mark and U+FFFE/U+FFFF. No `\(`
    /// can survive, since every backslash is doubled.
    public static func stringLiteral(_ text: String) -> String {
        let body = ScalarMap.apply(text) { scalar in
            switch scalar {
            case "\"": return "\\\""
            case "\\": return "\\\\"
            case "\n": return "\\n"
            case "\r": return "\\r"
            case "\t": return "\\t"
            case "\u{0}": return "\\0"
            default: return ControlCharacter.isUnprintable(scalar) ? ControlCharacter.visible(scalar) : nil
            }
        }
        return "\"" + body + "\""
    }

    /// Text for the rest of a `//` or `///` line: every `ControlCharacter` written visibly
    /// (`\u{D}`), so the comment cannot end early; `*/` and `/*` broken up (`*\/`, `/\*`), so the
    /// text is inert inside a block comment too.
    public static func commentText(_ text: String) -> String {
        TerminalText.visible(text).replacingOccurrences("*/", with: "*\\/").replacingOccurrences("/*", with: "/\\*")
    }

    /// `name` usable as an identifier: nil unless it is `[A-Za-z_][A-Za-z0-9_]*`; a keyword in
    /// backticks (`` `default` ``). Callers that make names from words (camelCase) check the result here.
    public static func identifier(_ name: String) -> String? {
        // The same ASCII alphabet as a portable environment name; `_` alone is not a name.
        guard EnvironmentName.isPortable(name), name != "_" else { return nil }
        return keywords.contains(name) ? "`\(name)`" : name
    }

    /// Case names Optional shadows: a case `none` compiles, but `.none` where an optional of the
    /// enum is expected means Optional's (Swift only warns), so `value == .none` compares with nil.
    /// `generate swift` names such a case with a trailing underscore (`none_`); `.some` needs a
    /// value, so it cannot be mistaken.
    public static let optionalCases: Set<String> = ["none"]

    /// Swift's reserved words, and the contextual ones that cannot name a member or a case without
    /// backticks (`Type`, `Protocol`, `self`, `Self`, `Any`).
    public static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private", "precedencegroup",
        "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case",
        "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat",
        "return", "throw", "switch", "where", "while", "as", "any", "await", "false", "is", "nil", "self", "super",
        "throws", "true", "try", "Any", "Self", "Type", "Protocol", "some", "package",
    ]
}

extension String {
    /// Foundation-free replacement (the escaping rules depend on nothing).
    fileprivate func replacingOccurrences(_ target: String, with replacement: String) -> String {
        guard contains(target) else { return self }
        return split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
