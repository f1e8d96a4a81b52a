import AlmanacModel
import Foundation

/// IANA zone names, checked against the machine's time zone database.
enum ZoneNames {
    /// True for a name the database knows under exactly that spelling (aliases like `US/Eastern`
    /// included); `UTC` always. Abbreviations are not names, even those Foundation resolves.
    static func isKnown(_ name: String) -> Bool {
        if name == "UTC" || name == "Etc/UTC" { return true }
        if abbreviationTarget(name) != nil && !legacyZones.contains(name) { return false }
        return TimeZone(identifier: name)?.identifier == name
    }

    /// Zones of the IANA database whose names look like abbreviations. They are real zones: the
    /// first eight follow daylight saving (`CET` as central Europe does); `EST`, `MST` and `HST` are
    /// fixed offsets. Foundation's abbreviation table also lists some of them, which must not make
    /// them errors.
    static let legacyZones: Set<String> = ["CET", "EET", "WET", "MET", "EST5EDT", "CST6CDT", "MST7MDT", "PST8PDT",
                                           "EST", "MST", "HST"]

    /// The fixed-offset legacy zones: their offset, and the region zone people usually mean.
    static let fixedOffsetZones: [String: (offset: String, meant: String, note: String)] = [
        "EST": ("UTC−05:00", "America/New_York", "Eastern Time, with daylight saving"),
        "MST": ("UTC−07:00", "America/Denver", "Mountain Time, with daylight saving; 'America/Phoenix' keeps −07:00 all year"),
        "HST": ("UTC−10:00", "Pacific/Honolulu", "Hawaii, which has no daylight saving either but is a place"),
    ]

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
        if ZoneNames.isKnown(name) {
            if let fixed = ZoneNames.fixedOffsetZones[name] {
                diagnostics.emit(Diagnostic(.fixedOffsetZone,
                    "'\(name)' is a fixed \(fixed.offset) offset that never changes for daylight saving; if you mean \(fixed.note), write '\(fixed.meant)'",
                    at: node.range))
            }
            return name
        }
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
