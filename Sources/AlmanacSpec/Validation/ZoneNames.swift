import Foundation

/// IANA zone names, checked against the machine's time zone database.
enum ZoneNames {
    /// True for a name the database knows under exactly that spelling (aliases like `US/Eastern`
    /// included); `UTC` always. Abbreviations are not names, even those Foundation resolves.
    static func isKnown(_ name: String) -> Bool {
        if name == "UTC" || name == "Etc/UTC" { return true }
        if abbreviationTarget(name) != nil { return false }
        return TimeZone(identifier: name)?.identifier == name
    }

    /// The IANA zone an abbreviation such as `PST` or `CET` usually stands for. Foundation accepts
    /// `PST` as an identifier, but an abbreviation names one offset of a zone (or several zones),
    /// so a spec using it would silently follow whichever zone Foundation picks.
    static func abbreviationTarget(_ name: String) -> String? {
        guard name != "UTC", name != "GMT" else { return nil }
        return TimeZone.abbreviationDictionary[name.uppercased()]
    }

    static var all: [String] { TimeZone.knownTimeZoneIdentifiers + ["UTC"] }
}

extension SpecValidator {
    /// A zone name, or nil with a did-you-mean diagnostic.
    mutating func zone(_ node: YAMLNode) -> String? {
        guard let name = text(node, "`timezone`") else { return nil }
        if ZoneNames.isKnown(name) { return name }
        if let target = ZoneNames.abbreviationTarget(name) {
            diagnostics.emit(Diagnostic(.unknownTimeZone,
                "'\(name)' is an abbreviation, not an IANA time zone name; write the zone it belongs to, such as '\(target)', so daylight saving is followed",
                at: node.range))
            return nil
        }
        let hint = zoneHints[name] ?? Suggestion.closest(to: name, among: ZoneNames.all).map { "; did you mean '\($0)'?" }
            ?? "; use an IANA name such as 'America/New_York', 'Europe/London' or 'UTC'"
        zoneHints[name] = hint
        diagnostics.emit(Diagnostic(.unknownTimeZone, "unknown time zone '\(name)'\(hint)", at: node.range))
        return nil
    }
}
