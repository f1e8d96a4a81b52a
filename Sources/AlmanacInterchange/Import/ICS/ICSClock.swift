import AlmanacModel
import AlmanacTime

/// Where an iCalendar time is: each DATE-TIME value names its zone (TZID), is UTC (`Z`), or is
/// floating. A floating time takes the calendar's `X-WR-TIMEZONE` (Google writes it, and
/// recurring-ical-events applies it through x-wr-timezone), else `--timezone`. Values are converted
/// between zones through the instant they name, so an EXDATE in UTC removes the occurrence it names.
struct ICSClock {
    /// The calendar's X-WR-TIMEZONE, when it names a zone.
    let calendarZone: (zone: String, line: Int)?
    /// `--timezone`: the reader's zone for floating times.
    let readerZone: String?
    var zones: ICSZoneResolver
    private var tables: [String: OffsetTable] = [:]
    /// TZIDs that name nothing the importer (or icalendar) can find, read as floating times, with
    /// where each is first written: warned about once each.
    var unknownZones: [(tzid: String, at: SourceRange)] = []

    init(document: ICSDocument, readerZone: String?, firstYear: Int) {
        zones = ICSZoneResolver(document, firstYear: firstYear)
        self.readerZone = readerZone
        var calendarZone: (String, Int)? = nil
        if let xwr = document.calendar.first(where: { $0.name == "X-WR-TIMEZONE" }) {
            let name = xwr.value.trimmingCharacters(in: " ")
            if case .success(let resolved) = zones.resolve(name) { calendarZone = (resolved.zone, xwr.line) }
        }
        self.calendarZone = calendarZone
    }

    /// A zone for a property's times: its TZID, UTC for `Z`, else the floating times' zone.
    enum Place {
        case zone(String, note: String?)
        case utc
        case floating
    }

    mutating func place(of property: ICSDocument.Property, _ value: ICSValues.DateTime) -> Result<Place, ImportProblem> {
        if let tzid = property.parameters["TZID"], !value.utc, !value.dateOnly {
            switch zones.resolve(tzid) {
            case .success(let r): return .success(.zone(r.zone, note: r.note))
            case .failure(.unknown) where floatingZone != nil:
                // icalendar reads a time whose TZID it cannot find as floating: so does the importer, and says so.
                if !unknownZones.contains(where: { $0.tzid == tzid }) { unknownZones.append((tzid, property.range)) }
                return .success(.floating)
            case .failure(let why):
                return .failure(ImportProblem(diagnostic: Diagnostic(Self.message(why, tzid: tzid), at: property.range)))
            }
        }
        return .success(value.utc ? .utc : .floating)
    }

    /// The zone floating times are read in, or nil when the calendar and `--timezone` name none.
    var floatingZone: String? { calendarZone?.zone ?? readerZone }

    mutating func table(_ zone: String) -> OffsetTable? {
        if let t = tables[zone] { return t }
        // 1900–2100: every instant a calendar names converts exactly.
        let t = OffsetTable(zone: zone, covering: Instant(secondsSinceEpoch: -2_208_988_800), to: Instant(secondsSinceEpoch: 4_102_444_800))
        tables[zone] = t
        return t
    }

    /// The instant a local time in `zone` names, as RFC 5545 §3.3.5 reads it (a skipped time with
    /// the offset before the gap, a repeated one at its first occurrence).
    mutating func instant(_ local: LocalDateTime, in zone: String) -> Instant {
        guard zone != "UTC", let table = table(zone) else { return Instant(secondsSinceEpoch: local.wallSeconds) }
        switch table.resolve(local) {
        case .unique(let i, _): return i
        case .gap(_, let before, _): return Instant(secondsSinceEpoch: local.wallSeconds - Int64(before))
        case .overlap(let first, _, _, _): return first
        }
    }

    /// `instant` as a wall time in `zone`.
    mutating func local(_ instant: Instant, in zone: String) -> LocalDateTime {
        guard zone != "UTC", let table = table(zone) else { return LocalDateTime(wallSeconds: instant.secondsSinceEpoch) }
        return LocalDateTime(wallSeconds: instant.secondsSinceEpoch + Int64(table.offset(at: instant)))
    }

    /// A DATE-TIME value of `property`, written in its own zone, as a wall time in `zone` (the
    /// event's); floating values are already the event's wall time. Dates stay dates.
    mutating func local(
        of property: ICSDocument.Property, _ value: ICSValues.DateTime, in zone: String
    ) -> Result<ICSValues.DateTime, ImportProblem> {
        if value.dateOnly { return .success(value) }
        switch place(of: property, value) {
        case .failure(let d): return .failure(d)
        case .success(.floating): return .success(value)
        case .success(.utc):
            return .success(
                ICSValues.DateTime(local: local(Instant(secondsSinceEpoch: value.local.wallSeconds), in: zone), utc: false, dateOnly: false)
            )
        case .success(.zone(let own, _)):
            if own == zone { return .success(value) }
            return .success(ICSValues.DateTime(local: local(instant(value.local, in: own), in: zone), utc: false, dateOnly: false))
        }
    }

    static func message(_ why: ICSZoneRefusal, tzid: String) -> DiagnosticMessage {
        switch why {
        case .unknown: return .importICSUnknownZone(tzid)
        case .unreadableDefinition: return .importICSZoneDefinitionUnread(tzid)
        case .differs(let zone, let at): return .importICSZoneDefinitionDiffers(tzid, zone: zone, at: RFC3339.format(at))
        case .noEqualZone(let years): return .importICSZoneDefinitionUnmatched(tzid, years: years)
        }
    }
}
