import Foundation

/// IANA zone names, checked against the machine's time zone database.
enum ZoneNames {
    /// True for a name the database knows under exactly that spelling (aliases like `US/Eastern`
    /// included); `UTC` always.
    static func isKnown(_ name: String) -> Bool {
        if name == "UTC" || name == "Etc/UTC" { return true }
        return TimeZone(identifier: name)?.identifier == name
    }

    static var all: [String] { TimeZone.knownTimeZoneIdentifiers + ["UTC"] }
}

extension SpecValidator {
    /// A zone name, or nil with a did-you-mean diagnostic.
    mutating func zone(_ node: YAMLNode) -> String? {
        guard let name = text(node, "`timezone`") else { return nil }
        if ZoneNames.isKnown(name) { return name }
        let hint = Suggestion.closest(to: name, among: ZoneNames.all).map { "; did you mean '\($0)'?" }
            ?? "; use an IANA name such as 'America/New_York', 'Europe/London' or 'UTC'"
        diagnostics.emit(Diagnostic(.unknownTimeZone, "unknown time zone '\(name)'\(hint)", at: node.range))
        return nil
    }
}
