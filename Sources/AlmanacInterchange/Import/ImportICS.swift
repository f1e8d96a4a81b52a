import AlmanacJSON
import AlmanacModel

/// iCalendar (RFC 5545) → one trigger per VEVENT: `rrule:` with `start`, `rdates` and `exdates`
/// when it recurs, else `once:`.
///
/// RFC 5545 counts DTSTART as the first occurrence even when the rule does not match it; Almanac's
/// `rrule` does not (as python-dateutil), so DTSTART is also written into `rdates` (a date the rule
/// gives too fires once). TZID must be an IANA name (VTIMEZONE blocks are not read); a floating
/// time takes `--timezone`.
struct ICSImporter {
    let file: SourceFile
    let timezone: String?

    /// One content line, unfolded, with the line it starts on.
    struct Property {
        var name: String
        var parameters: [String: String]
        var value: String
        /// The physical lines the content line was folded from: each one's number and the offset
        /// (in scalars) in the unfolded text where it starts.
        var segments: [(line: Int, offset: Int)]
        /// Where the value starts in the unfolded text.
        var valueOffset: Int

        /// The value's first scalar's line and 1-based column.
        var line: Int { position(ofValueScalar: 0).line }
        var column: Int { position(ofValueScalar: 0).column }

        /// Where scalar `k` of the value is in the file: on the physical line that holds it (a
        /// continuation line's first character is the folding space, dropped from the text).
        func position(ofValueScalar k: Int) -> (line: Int, column: Int) {
            let offset = valueOffset + k
            let segment = segments.last { $0.offset <= offset } ?? segments[0]
            return (segment.line, offset - segment.offset + (segment.offset > 0 ? 2 : 1))
        }

        /// `length` scalars of the value from scalar `k`.
        func range(ofValueScalar k: Int, length: Int) -> SourceRange {
            let (line, column) = position(ofValueScalar: k)
            return SourceRange(line: line, column: column, length: length)
        }
    }

    func run(into spec: inout ImportSpecWriter, _ diagnostics: inout DiagnosticBag) {
        spec.timezone = timezone
        var events: [(begin: Int, properties: [Property])] = []
        var event: [Property]? = nil
        var begin = 0
        var depth = 0 // nesting inside a VEVENT (VALARM)
        for property in Self.properties(file) {
            if property.name == "BEGIN" && property.value == "VEVENT" && event == nil {
                event = []
                begin = property.line
                depth = 0
                continue
            }
            guard event != nil else { continue }
            if property.name == "BEGIN" { depth += 1 }
            if property.name == "END" {
                if depth > 0 {
                    depth -= 1
                    continue
                }
                if property.value == "VEVENT" {
                    events.append((begin, event!))
                    event = nil
                }
                continue
            }
            if depth == 0 { event!.append(property) }
        }
        // An event with a RECURRENCE-ID replaces (or, cancelled, removes) one occurrence of the series
        // with its UID: that occurrence becomes an exdate of the series.
        var replaced: [String: [Property]] = [:]
        for (_, properties) in events {
            guard let id = properties.first(where: { $0.name == "RECURRENCE-ID" }),
                let uid = properties.first(where: { $0.name == "UID" })?.value
            else { continue }
            replaced[uid, default: []].append(id)
        }
        for (begin, properties) in events {
            let uid = properties.first { $0.name == "UID" }?.value
            let isOverride = properties.contains { $0.name == "RECURRENCE-ID" }
            let exclusions = isOverride ? [] : uid.flatMap { replaced[$0] } ?? []
            if let trigger = convert(properties, begin: begin, excluding: exclusions, &spec, &diagnostics) {
                spec.triggers.append(trigger)
            }
        }
    }

    /// Content lines unfolded (a line starting with a space or tab continues the one before).
    static func properties(_ file: SourceFile) -> [Property] {
        // Each logical line keeps where its physical lines start in it, so that a value on a
        // continuation line is located there, not past the end of the first line.
        var logical: [(text: String, segments: [(line: Int, offset: Int)])] = []
        for (number, text) in sourceLines(file) {
            if let f = text.first, f == " " || f == "\t", !logical.isEmpty {
                logical[logical.count - 1].segments.append((number, logical[logical.count - 1].text.unicodeScalars.count))
                logical[logical.count - 1].text += String(text.dropFirst())
            } else if !text.isEmpty {
                logical.append((text, [(number, 0)]))
            }
        }
        return logical.compactMap { text, segments in
            // NAME;P=V;P="V:W":VALUE — the first colon outside quotes ends the parameters.
            var inQuotes = false
            var colon: String.Index?
            for i in text.indices {
                if text[i] == "\"" { inQuotes.toggle() }
                if text[i] == ":" && !inQuotes {
                    colon = i
                    break
                }
            }
            guard let colon else { return nil }
            let head = text[..<colon].split(separator: ";").map(String.init)
            guard let name = head.first else { return nil }
            var parameters: [String: String] = [:]
            for p in head.dropFirst() {
                let kv = p.split(separator: "=", maxSplits: 1).map(String.init)
                if kv.count == 2 { parameters[kv[0].uppercased()] = kv[1].trimmingCharacters(in: "\"") }
            }
            let value = String(text[text.index(after: colon)...])
            return Property(
                name: name.uppercased(), parameters: parameters, value: value, segments: segments,
                valueOffset: text[...colon].unicodeScalars.count)
        }
    }

    /// A DATE or DATE-TIME value → (Almanac local date-time, is UTC), nil when malformed.
    static func dateTime(_ value: String) -> (text: String, utc: Bool, dateOnly: Bool)? {
        let s = Array(value.utf8)
        func digits(_ r: Range<Int>) -> String? {
            guard r.upperBound <= s.count, s[r].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            return String(decoding: s[r], as: UTF8.self)
        }
        guard let y = digits(0..<4), let mo = digits(4..<6), let d = digits(6..<8) else { return nil }
        if s.count == 8 { return ("\(y)-\(mo)-\(d)T00:00:00", false, true) }
        guard s.count == 15 || s.count == 16, s[8] == UInt8(ascii: "T"), let h = digits(9..<11), let mi = digits(11..<13),
            let se = digits(13..<15)
        else { return nil }
        if s.count == 16 && s[15] != UInt8(ascii: "Z") { return nil }
        return ("\(y)-\(mo)-\(d)T\(h):\(mi):\(se)", s.count == 16, false)
    }

    private func convert(
        _ properties: [Property], begin: Int, excluding replaced: [Property], _ spec: inout ImportSpecWriter,
        _ diagnostics: inout DiagnosticBag
    )
        -> ImportedTrigger?
    {
        func first(_ name: String) -> Property? { properties.first { $0.name == name } }
        func at(_ p: Property) -> SourceRange { SourceRange(line: p.line, column: p.column, length: p.value.unicodeScalars.count) }
        let summary = first("SUMMARY")?.value.replacingICSEscapes
        if let id = first("RECURRENCE-ID") {
            if id.parameters["RANGE"] != nil {
                diagnostics.emit(Diagnostic(.importICSNotExpressible("RECURRENCE-ID with RANGE (this and future occurrences)"), at: at(id)))
                return nil
            }
            // A cancelled occurrence is only an exdate of its series.
            if first("STATUS")?.value.uppercased() == "CANCELLED" { return nil }
        }
        guard let dtstart = first("DTSTART") else {
            diagnostics.emit(
                Diagnostic(.importICSNotExpressible("a VEVENT without DTSTART"), at: SourceRange(line: begin, column: 1, length: 12)))
            return nil
        }
        guard let start = Self.dateTime(dtstart.value) else {
            diagnostics.emit(Diagnostic(.importICSSyntax("'\(dtstart.value)' is not a DATE or DATE-TIME"), at: at(dtstart)))
            return nil
        }
        // The event's zone: TZID, else UTC for `Z`, else the floating time's `--timezone`.
        var zone: String
        if let tzid = dtstart.parameters["TZID"] {
            guard ZoneNames.isKnown(tzid) else {
                diagnostics.emit(Diagnostic(.importICSNotExpressible("TZID '\(tzid)', not an IANA zone name,"), at: at(dtstart)))
                return nil
            }
            zone = tzid
        } else if start.utc {
            zone = "UTC"
        } else if let timezone {
            zone = timezone
        } else {
            diagnostics.emit(Diagnostic(.importICSNeedsZone, at: at(dtstart)))
            return nil
        }
        // RDATE and EXDATE values, which must be read in the event's zone.
        func dates(_ name: String, in list: [Property]? = nil) -> [String]? {
            var out: [String] = []
            for p in list ?? properties.filter({ $0.name == name }) {
                if p.parameters["VALUE"] == "PERIOD" {
                    diagnostics.emit(Diagnostic(.importICSNotExpressible("an RDATE period"), at: at(p)))
                    return nil
                }
                let pzone = p.parameters["TZID"]
                for v in p.value.split(separator: ",") {
                    guard let dt = Self.dateTime(String(v)) else {
                        diagnostics.emit(Diagnostic(.importICSSyntax("'\(v)' is not a DATE or DATE-TIME"), at: at(p)))
                        return nil
                    }
                    let itsZone = pzone ?? (dt.utc ? "UTC" : zone)
                    guard itsZone == zone else {
                        diagnostics.emit(
                            Diagnostic(.importICSNotExpressible("\(name) in \(itsZone) for an event in \(zone)"), at: at(p)))
                        return nil
                    }
                    out.append(dt.dateOnly ? String(dt.text.prefix(10)) + start.text.dropFirst(10) : dt.text)
                }
            }
            return out
        }
        guard var exdates = dates("EXDATE"), var rdates = dates("RDATE"), let moved = dates("RECURRENCE-ID", in: replaced) else {
            return nil
        }
        var trigger = ImportedTrigger(id: spec.uniqueID(from: summary ?? "", fallback: "event"))
        trigger.comment("VEVENT at line \(begin)\(summary.map { ": \($0)" } ?? "")")
        if let id = first("RECURRENCE-ID") {
            trigger.comment("replaces the occurrence \(id.value) of the series with its UID, whose `exdates` leave it out.")
        }
        if !moved.isEmpty {
            trigger.comment("Occurrences that other VEVENTs of this UID replace or cancel (RECURRENCE-ID) are in `exdates`.")
            exdates += moved.filter { !exdates.contains($0) }
        }
        let rrules = properties.filter { $0.name == "RRULE" }
        if rrules.count > 1 {
            diagnostics.emit(Diagnostic(.importICSNotExpressible("a second RRULE"), at: at(rrules[1])))
            return nil
        }
        if let rrule = rrules.first {
            // Almanac's own reading of the rule, its errors located in the .ics (on the line of the
            // folded value that holds them).
            let (parsed, errors) = RRuleParser.parse(rrule.value)
            for error in errors {
                diagnostics.emit(
                    Diagnostic(error, at: rrule.range(ofValueScalar: error.offset, length: error.length)))
            }
            guard let parsed else { return nil }
            if let error = RRuleParser.checkUntil(parsed, dtstartIsDate: start.dateOnly) {
                diagnostics.emit(
                    Diagnostic(error, at: rrule.range(ofValueScalar: error.offset, length: error.length)))
                return nil
            }
            if !rdates.contains(start.text) { rdates.insert(start.text, at: 0) }
            trigger.comment("DTSTART is an occurrence in iCalendar even when the rule does not give it: it is in `rdates`.")
            trigger.set("rrule", quoted: rrule.value)
            trigger.set("start", start.dateOnly ? String(start.text.prefix(10)) : start.text)
        } else {
            guard rdates.isEmpty else {
                diagnostics.emit(
                    Diagnostic(.importICSNotExpressible("RDATE without RRULE"), at: at(properties.first { $0.name == "RDATE" }!)))
                return nil
            }
            trigger.set("once", start.utc ? start.text + "Z" : start.text)
        }
        if zone != timezone && !(rrules.isEmpty && start.utc) { trigger.set("timezone", zone) }
        if !rrules.isEmpty {
            if !rdates.isEmpty { trigger.set("rdates", "[" + rdates.joined(separator: ", ") + "]") }
            if !exdates.isEmpty { trigger.set("exdates", "[" + exdates.joined(separator: ", ") + "]") }
        }
        if zone != "UTC" {
            trigger.comment("DST: a local time a spring-forward skips is read with the offset before the gap (RFC 5545")
            trigger.comment("§3.3.5, `gap: shift`); a repeated one is its first occurrence (`overlap: first`).")
            trigger.set("dst", "{gap: shift, overlap: first}")
        }
        if let summary { trigger.payload.append(("summary", .string(summary))) }
        if let uid = first("UID")?.value { trigger.payload.append(("uid", .string(uid))) }
        return trigger
    }
}

extension String {
    /// TEXT values unescaped (`\,` `\;` `\\` `\n`).
    var replacingICSEscapes: String {
        var out = ""
        var escaped = false
        for c in self {
            if escaped {
                out.append(c == "n" || c == "N" ? "\n" : c)
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else {
                out.append(c)
            }
        }
        return out
    }

    func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s.removeFirst() }
        while let l = s.last, set.contains(l) { s.removeLast() }
        return String(s)
    }
}
