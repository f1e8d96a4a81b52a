import AlmanacEscaping
import AlmanacJSON
import AlmanacPlan
import AlmanacTime

/// `almanac export ics`: an RFC 5545 calendar of a plan's fires, one VEVENT per fire (UID = fire id,
/// so a subscribed calendar updates instead of duplicating), and location triggers' armed windows.
/// Deterministic: DTSTAMP is the window's start, never the clock.
public enum ExportICS {
    public static func render(_ plan: Plan, alarmSeconds: Int64? = nil) -> String {
        var lines: [String] = [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "PRODID:-//Almanac//almanac export ics//EN",
            "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH",
            "X-WR-CALNAME:" + ICalendarText.text(plan.spec.name),
            "REFRESH-INTERVAL;VALUE=DURATION:P1D",
            "X-PUBLISHED-TTL:P1D",
        ]
        let stamp = utc(plan.window.from)
        for fire in plan.fires {
            let payload = plan.triggers[fire.trigger]?.payload ?? [:]
            let summary = text(payload["title"]) ?? fire.trigger
            lines += [
                "BEGIN:VEVENT", "UID:" + ICalendarText.text(fire.id), "DTSTAMP:" + stamp, "DTSTART:" + utc(fire.at),
                "SUMMARY:" + ICalendarText.text(summary),
            ]
            if let body = text(payload["body"]) { lines.append("DESCRIPTION:" + ICalendarText.text(body)) }
            lines.append("CATEGORIES:" + ICalendarText.text(fire.trigger))
            if let alarmSeconds { lines += alarm(summary, alarmSeconds) }
            lines.append("END:VEVENT")
        }
        for region in plan.regions {
            let payload = plan.triggers[region.trigger]?.payload ?? [:]
            let summary = text(payload["title"]) ?? region.trigger
            for window in region.armed {
                lines += [
                    "BEGIN:VEVENT",
                    "UID:" + ICalendarText.text("\(region.trigger)@armed-\(RFC3339.format(window.from))"),
                    "DTSTAMP:" + stamp,
                    "DTSTART:" + utc(window.from),
                    "DTEND:" + utc(window.to),
                    "SUMMARY:" + ICalendarText.text(summary),
                    "DESCRIPTION:" + ICalendarText.text("Armed: fires on \(region.on.rawValue) within \(region.radius) m"),
                    "LOCATION:" + ICalendarText.text("\(region.latitude), \(region.longitude) (radius \(region.radius) m)"),
                    "GEO:\(region.latitude);\(region.longitude)",
                    "TRANSP:TRANSPARENT",
                    "CATEGORIES:" + ICalendarText.text(region.trigger),
                    "END:VEVENT",
                ]
            }
        }
        lines.append("END:VCALENDAR")
        return lines.map(ICalendarText.fold).joined(separator: "\r\n") + "\r\n"
    }

    /// A display alarm `seconds` before the event (ACTION, TRIGGER and DESCRIPTION: what strict
    /// servers require of a DISPLAY alarm).
    static func alarm(_ summary: String, _ seconds: Int64) -> [String] {
        ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:" + ICalendarText.text(summary), "TRIGGER:-" + duration(seconds), "END:VALARM"]
    }

    /// `PT10M`, `PT1H30M`, `P1D`, `PT0S`.
    static func duration(_ seconds: Int64) -> String {
        if seconds > 0 && seconds % 86_400 == 0 { return "P\(seconds / 86_400)D" }
        var out = "PT"
        let h = seconds / 3600, m = seconds / 60 % 60, s = seconds % 60
        if h > 0 { out += "\(h)H" }
        if m > 0 { out += "\(m)M" }
        if s > 0 || seconds == 0 { out += "\(s)S" }
        return out
    }

    static func text(_ value: JSONValue?) -> String? {
        if case .string(let s)? = value, !s.isEmpty { return s }
        return nil
    }

    /// `20261123T140000Z`.
    static func utc(_ instant: Instant) -> String {
        let l = LocalDateTime(wallSeconds: instant.secondsSinceEpoch)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let year = String(l.date.year)
        return String(repeating: "0", count: max(0, 4 - year.count)) + year + two(l.date.month) + two(l.date.day) + "T"
            + two(l.time.hour) + two(l.time.minute) + two(l.time.second) + "Z"
    }
}
