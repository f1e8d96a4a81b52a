import AlmanacEscaping

/// How a spec's names become Swift names: `morning-pill` → `morningPill`, `2fa` → `_2fa`,
/// `default` → `` `default` ``. Trigger ids are `[a-z0-9][a-z0-9._-]*`; payload keys may be anything,
/// and those with no Swift spelling get none.
enum SwiftName {
    /// The lowerCamelCase name, escaped where it is a keyword; nil when nothing of `text` can be
    /// spelled in ASCII letters and digits.
    static func member(_ text: String) -> String? {
        let words = text.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.map(String.init)
        guard let first = words.first else { return nil }
        var name = lowerFirst(first) + words.dropFirst().map(upperFirst).joined()
        if let c = name.first, c.isNumber { name = "_" + name }
        return SwiftText.identifier(name)
    }

    /// UpperCamelCase, for type names: `team-reminders` → `TeamReminders`.
    static func type(_ text: String) -> String? {
        let words = text.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.map(String.init)
        guard !words.isEmpty else { return nil }
        let name = words.map(upperFirst).joined()
        return name.first!.isNumber ? "_" + name : name
    }

    /// The name without backticks, for comparing two names.
    static func bare(_ name: String) -> String { name.replacingBackticks() }

    private static func lowerFirst(_ word: String) -> String {
        // A word that is all capitals (`URL`) is lowered whole; otherwise only its first letter.
        word == word.uppercased() ? word.lowercased() : word.prefix(1).lowercased() + word.dropFirst()
    }

    private static func upperFirst(_ word: String) -> String { word.prefix(1).uppercased() + word.dropFirst() }

    /// Members every generated trigger enum has; a case with one of these names would clash.
    static let enumMembers: Set<String> = ["allCases", "rawValue", "init", "hashValue", "hash", "description"]
}

extension String {
    fileprivate func replacingBackticks() -> String { filter { $0 != "`" } }
}
