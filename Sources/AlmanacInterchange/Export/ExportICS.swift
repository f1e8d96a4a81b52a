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
            "X-WR-CALNAME:" + escape(plan.spec.name),
            "REFRESH-INTERVAL;VALUE=DURATION:P1D",
            "X-PUBLISHED-TTL:P1D",
        ]
        let stamp = utc(plan.window.from)
        for fire in plan.fires {
            let payload = plan.triggers[fire.trigger]?.payload ?? [:]
            let summary = text(payload["title"]) ?? fire.trigger
            lines += [
                "BEGIN:VEVENT", "UID:" + escape(fire.id), "DTSTAMP:" + stamp, "DTSTART:" + utc(fire.at), "SUMMARY:" + escape(summary),
            ]
            if let body = text(payload["body"]) { lines.append("DESCRIPTION:" + escape(body)) }
            lines.append("CATEGORIES:" + escape(fire.trigger))
            if let alarmSeconds { lines += alarm(summary, alarmSeconds) }
            lines.append("END:VEVENT")
        }
        for region in plan.regions {
            let payload = plan.triggers[region.trigger]?.payload ?? [:]
            let summary = text(payload["title"]) ?? region.trigger
            for window in region.armed {
                lines += [
                    "BEGIN:VEVENT",
                    "UID:" + escape("\(region.trigger)@armed-\(RFC3339.format(window.from))"),
                    "DTSTAMP:" + stamp,
                    "DTSTART:" + utc(window.from),
                    "DTEND:" + utc(window.to),
                    "SUMMARY:" + escape(summary),
                    "DESCRIPTION:" + escape("Armed: fires on \(region.on.rawValue) within \(region.radius) m"),
                    "LOCATION:" + escape("\(region.latitude), \(region.longitude) (radius \(region.radius) m)"),
                    "GEO:\(region.latitude);\(region.longitude)",
                    "TRANSP:TRANSPARENT",
                    "CATEGORIES:" + escape(region.trigger),
                    "END:VEVENT",
                ]
            }
        }
        lines.append("END:VCALENDAR")
        return lines.map(fold).joined(separator: "\r\n") + "\r\n"
    }

    /// A display alarm `seconds` before the event (ACTION, TRIGGER and DESCRIPTION: what strict
    /// servers require of a DISPLAY alarm).
    static func alarm(_ summary: String, _ seconds: Int64) -> [String] {
        ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:" + escape(summary), "TRIGGER:-" + duration(seconds), "END:VALARM"]
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

    /// TEXT escaping (RFC 5545 §3.3.11): backslash, `;`, `,`, and newlines as `\n`; a tab becomes a
    /// space and other control characters are dropped.
    public static func escape(_ text: String) -> String {
        var out = ""
        var previousCR = false
        for c in text.unicodeScalars {
            switch c {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\r": out += "\\n"
            case "\n": if !previousCR { out += "\\n" }
            case "\t": out += " "
            // Other control characters are not allowed in TEXT (RFC 5545 §3.3.11): dropped.
            case _ where c.value < 0x20 || c.value == 0x7F: break
            default: out.unicodeScalars.append(c)
            }
            previousCR = c == "\r"
        }
        return out
    }

    /// Folds a content line at 75 octets (RFC 5545 §3.1), never inside a UTF-8 character; each
    /// continuation starts with a space, which counts toward its 75.
    public static func fold(_ line: String) -> String {
        let bytes = Array(line.utf8)
        guard bytes.count > 75 else { return line }
        var pieces: [[UInt8]] = []
        var start = 0
        var limit = 75
        while start < bytes.count {
            var end = min(start + limit, bytes.count)
            // Back off continuation bytes (10xxxxxx) so a character is never split.
            while end < bytes.count && end > start && bytes[end] & 0xC0 == 0x80 { end -= 1 }
            pieces.append(Array(bytes[start..<end]))
            start = end
            limit = 74
        }
        return pieces.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\r\n ")
    }
}
