import AlmanacVocabulary

/// Trigger ids, blackout and region names: `^[a-z0-9][a-z0-9._-]{0,63}$`, and what to write instead.
package enum IdentifierSyntax {
    package static let maxIdentifierLength = TriggerIDSyntax.maxLength

    /// `^[a-z0-9][a-z0-9._-]{0,63}$`: the rule specs and plans share.
    package static func isTriggerID(_ s: String) -> Bool { TriggerIDSyntax.isValid(s) }

    package static func isIdentifier(_ s: String) -> Bool {
        guard let first = s.utf8.first, isLowerAlnum(first) else { return false }
        return s.utf8.allSatisfy { isLowerAlnum($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
    }

    package static func isLowerAlnum(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
    }

    /// The message for a name that is not an identifier: what is wrong, and a spelling that works.
    package static func identifierProblem(_ what: String, _ name: String) -> String {
        if isIdentifier(name) {
            return "\(what) '\(name)' is \(name.utf8.count) characters long; the limit is \(maxIdentifierLength)"
        }
        let rule = "\(what) '\(name)' must use only a-z, 0-9, '.', '_' and '-', starting with a letter or digit"
        return suggestedIdentifier(name).map { "\(rule); write '\($0)'" } ?? rule
    }

    /// `DailyReport` → `daily-report`, `weekly review` → `weekly-review`; nil when nothing usable
    /// remains (a name in another script, say).
    package static func suggestedIdentifier(_ name: String) -> String? {
        var out = ""
        var previous: Character?
        for c in name {
            if c.isASCII, c.isUppercase {
                // A word boundary inside camelCase becomes a dash.
                if let p = previous, p.isASCII, p.isLowercase || p.isNumber { out.append("-") }
                out.append(Character(c.lowercased()))
            } else if c.isASCII, c.isLowercase || c.isNumber || c == "." || c == "_" || c == "-" {
                out.append(c)
            } else if !out.isEmpty, out.last != "-" {
                out.append("-")
            }
            previous = c
        }
        while let first = out.utf8.first, !isLowerAlnum(first) { out.removeFirst() }
        while out.last == "-" { out.removeLast() }
        return isIdentifier(out) && out.utf8.count <= maxIdentifierLength ? out : nil
    }
}
