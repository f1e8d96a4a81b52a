import AlmanacModel
import AlmanacTime
import Foundation

/// What IANA zone a TZID means, read as icalendar (under recurring-ical-events) reads it:
/// 1. an IANA name is that zone (its VTIMEZONE, if any, is not consulted);
/// 2. otherwise a VTIMEZONE with that TZID defines the offsets; it is imported as the IANA zone
///    whose transitions equal it over the comparison span, preferring the zone its name suggests
///    (a Windows name through the Unicode CLDR table, or the IANA name after a vendor prefix such as
///    `/freeassociation.sourceforge.net/`), then the zones of the CLDR table, then any zone;
/// 3. without a VTIMEZONE, the zone its name suggests.
/// Anything else is refused with the reason.
struct ICSZoneResolver {
    struct Resolved {
        var zone: String
        /// Why this TZID is that zone, for a comment (nil for an IANA name).
        var note: String?
    }

    let timezones: [String: ICSDocument.Component]
    /// The years compared: from the calendar's first DTSTART to the end of 2037, the last year
    /// python's zoneinfo (and so the engine) carries transitions for.
    let span: (from: Instant, to: Instant)
    private var cache: [String: Result<Resolved, ICSZoneRefusal>] = [:]

    init(_ document: ICSDocument, firstYear: Int) {
        var byID: [String: ICSDocument.Component] = [:]
        for component in document.timezones {
            if let id = component.first("TZID")?.value, byID[id] == nil { byID[id] = component }
        }
        timezones = byID
        let from = CivilDate(year: min(max(firstYear, 1970), 2037), month: 1, day: 1).daysSinceEpoch
        span = (Instant(secondsSinceEpoch: Int64(from) * 86_400), Instant(secondsSinceEpoch: 2_145_916_800))
    }

    mutating func resolve(_ tzid: String) -> Result<Resolved, ICSZoneRefusal> {
        if let known = cache[tzid] { return known }
        let result = compute(tzid)
        cache[tzid] = result
        return result
    }

    /// Zones the name suggests: its Windows mapping, then the IANA names after a vendor prefix
    /// (the longest first, so `America/Argentina/Buenos_Aires` is found whole).
    static func suggested(by tzid: String) -> [(zone: String, why: String)] {
        let cleaned = tzid.trimmingCharacters(in: "/")
        var out: [(String, String)] = []
        if let iana = WindowsZones.ianaByWindowsName[cleaned], ZoneNames.isKnown(iana) {
            out.append((iana, "Windows' name for \(iana) (Unicode CLDR windowsZones)"))
        }
        if tzid.hasPrefix("/") {
            let parts = cleaned.split(separator: "/").map(String.init)
            for start in 1..<max(1, parts.count) {
                let name = parts[start...].joined(separator: "/")
                if ZoneNames.isKnown(name) {
                    out.append((name, "\(name) behind a vendor prefix"))
                    break
                }
            }
        }
        return out
    }

    private func compute(_ tzid: String) -> Result<Resolved, ICSZoneRefusal> {
        if ZoneNames.isKnown(tzid) { return .success(Resolved(zone: tzid, note: nil)) }
        // icalendar strips surrounding slashes before it looks a TZID up (`/Europe/Stockholm`).
        let cleaned = tzid.trimmingCharacters(in: "/")
        if ZoneNames.isKnown(cleaned) && timezones[tzid] == nil {
            return .success(Resolved(zone: cleaned, note: "TZID '\(tzid)' is \(cleaned)."))
        }
        let named = Self.suggested(by: tzid)
        guard let component = timezones[tzid] else {
            guard let first = named.first else { return .failure(.unknown) }
            return .success(Resolved(zone: first.zone, note: "TZID '\(tzid)' is \(first.why)."))
        }
        let firstYear = CivilDate(daysSinceEpoch: Int(span.from.secondsSinceEpoch / 86_400)).year
        guard let rules = VTimezoneRules(component, from: firstYear, through: 2037) else { return .failure(.unreadableDefinition) }
        let years = "\(firstYear)–2037"
        for candidate in named {
            guard let table = OffsetTable(zone: candidate.zone, covering: span.from, to: span.to) else { continue }
            if rules.firstDifference(from: table, in: span) == nil {
                return .success(
                    Resolved(zone: candidate.zone, note: "TZID '\(tzid)' is \(candidate.why); its VTIMEZONE agrees over \(years)."))
            }
        }
        if let zone = equalZone(rules) {
            return .success(Resolved(zone: zone, note: "VTIMEZONE '\(tzid)' has the offsets of \(zone) over \(years)."))
        }
        if let candidate = named.first, let table = OffsetTable(zone: candidate.zone, covering: span.from, to: span.to),
            let at = rules.firstDifference(from: table, in: span)
        {
            return .failure(.differs(from: candidate.zone, at: at))
        }
        return .failure(.noEqualZone(years: years))
    }

    /// The first zone, the CLDR table's first, whose offsets equal the definition's over the span.
    private func equalZone(_ rules: VTimezoneRules) -> String? {
        let preferred = Set(WindowsZones.ianaByWindowsName.values).sorted()
        let others = TimeZone.knownTimeZoneIdentifiers.sorted().filter { !preferred.contains($0) }
        let start = Date(timeIntervalSince1970: Double(span.from.secondsSinceEpoch))
        let initial = rules.offset(at: span.from.secondsSinceEpoch)
        for zone in preferred + others where ZoneNames.isKnown(zone) {
            // Most zones differ at the span's start already: no table needed for those.
            guard TimeZone(identifier: zone)?.secondsFromGMT(for: start) == initial,
                let table = OffsetTable(zone: zone, covering: span.from, to: span.to)
            else { continue }
            if rules.firstDifference(from: table, in: span) == nil { return zone }
        }
        return nil
    }
}

/// Why a TZID has no IANA zone.
enum ICSZoneRefusal: Error {
    /// Neither an IANA name, nor a Windows or vendor-prefixed one, and no VTIMEZONE defines it.
    case unknown
    /// Its VTIMEZONE uses a rule the importer does not read.
    case unreadableDefinition
    /// Its VTIMEZONE differs from the zone its name suggests at this instant.
    case differs(from: String, at: Instant)
    /// No IANA zone has its VTIMEZONE's offsets over these years.
    case noEqualZone(years: String)
}
