import Foundation

/// IANA zone names, checked against the machine's time zone database.
package enum ZoneNames {
    /// True for a name the database knows under exactly that spelling (aliases like `US/Eastern`
    /// included); `UTC` always. Abbreviations are not names, even those Foundation resolves.
    package static func isKnown(_ name: String) -> Bool {
        if name == "UTC" || name == "Etc/UTC" { return true }
        // Only the characters of IANA names: Foundation loads a zone by its name up to the first NUL
        // and hands the name back whole, so "Europe/Paris\0…" was taken for Europe/Paris, and an
        // importer wrote it into a spec as it stood (a fuzzed crontab's CRON_TZ=).
        guard name.utf8.allSatisfy({ Self.nameBytes.contains($0) }) else { return false }
        if abbreviationTarget(name) != nil && !legacyZones.contains(name) { return false }
        return TimeZone(identifier: name)?.identifier == name
    }

    /// The bytes of zone names: ASCII letters and digits, `/`, `_`, `-` and `+`.
    private static let nameBytes = Set(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/_-+".utf8))

    /// Zones of the IANA database whose names look like abbreviations. They are real zones: the
    /// first eight follow daylight saving (`CET` as central Europe does); `EST`, `MST` and `HST` are
    /// fixed offsets. Foundation's abbreviation table also lists some of them, which must not make
    /// them errors.
    package static let legacyZones: Set<String> = [
        "CET", "EET", "WET", "MET", "EST5EDT", "CST6CDT", "MST7MDT", "PST8PDT",
        "EST", "MST", "HST",
    ]

    /// The fixed-offset legacy zones: their offset, and the region zone people usually mean.
    package static let fixedOffsetZones: [String: (offset: String, meant: String, note: String)] = [
        "EST": ("UTC−05:00", "America/New_York", "Eastern Time, with daylight saving"),
        "MST": ("UTC−07:00", "America/Denver", "Mountain Time, with daylight saving; 'America/Phoenix' keeps −07:00 all year"),
        "HST": ("UTC−10:00", "Pacific/Honolulu", "Hawaii, which has no daylight saving either but is a place"),
    ]

    /// The IANA zone an abbreviation such as `PST` or `CET` usually stands for. Foundation accepts
    /// `PST` as an identifier, but an abbreviation names one offset of a zone (or several zones),
    /// so a spec using it would silently follow whichever zone Foundation picks.
    package static func abbreviationTarget(_ name: String) -> String? {
        guard name != "UTC", name != "GMT" else { return nil }
        return TimeZone.abbreviationDictionary[name.uppercased()]
    }

    package static var all: [String] { TimeZone.knownTimeZoneIdentifiers + ["UTC"] }

    /// What is wrong with a zone name, if anything: unknown (E0213, with a did-you-mean), an
    /// abbreviation (E0213), or a legacy fixed-offset zone (W0224). `hints` caches the costly
    /// did-you-mean search per name.
    package static func problem(_ name: String, at range: SourceRange?, hints: inout [String: String]) -> Diagnostic? {
        if isKnown(name) {
            guard let fixed = fixedOffsetZones[name] else { return nil }
            return Diagnostic(.zoneFixedOffset(name, offset: fixed.offset, meaning: fixed.note, write: fixed.meant), at: range)
        }
        if let target = abbreviationTarget(name) {
            return Diagnostic(.zoneAbbreviation(name, zone: target), at: range)
        }
        let hint =
            hints[name] ?? Suggestion.closest(to: name, among: all).map { "; did you mean '\($0)'?" }
            ?? "; use an IANA name such as 'America/New_York', 'Europe/London' or 'UTC'"
        hints[name] = hint
        return Diagnostic(.zoneUnknown(name, hint: hint), at: range)
    }
}
