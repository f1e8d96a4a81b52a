import AlmanacEscaping
import AlmanacJSON
import AlmanacPlan
import AlmanacTime

/// `almanac export ics`: an RFC 5545 calendar of a plan's fires, one VEVENT per fire (UID = fire id,
/// so a subscribed calendar updates instead of duplicating), and location triggers' armed windows.
/// Deterministic: DTSTAMP is the window's start, never the clock.
public enum ExportICS {
    /// The whole calendar of a plan in memory (`Writer` streams it).
    public static func render(_ plan: Plan, alarmSeconds: Int64? = nil) -> String {
        var writer = Writer(plan, alarmSeconds: alarmSeconds, into: ByteBuffer())
        // A ByteBuffer never fails to write.
        for fire in plan.fires { try! writer.add(fire) }
        return String(decoding: try! writer.finish().bytes, as: UTF8.self)
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
