import AlmanacTime

/// iCalendar value forms the importer reads: DATE, DATE-TIME (local or UTC) and TEXT escapes.
enum ICSValues {
    /// A DATE (`20261201`) or DATE-TIME (`20261201T093000`, `…Z`) value; nil when malformed.
    struct DateTime: Hashable {
        var local: LocalDateTime
        var utc: Bool
        var dateOnly: Bool

        /// As a spec writes it: `2026-12-01T09:30:00`.
        var text: String { local.description }
        var dateText: String { local.date.description }
    }

    static func dateTime(_ value: String) -> DateTime? {
        let s = Array(value.utf8)
        func number(_ r: Range<Int>) -> Int? {
            guard r.upperBound <= s.count, s[r].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            return s[r].reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
        guard let y = number(0..<4), let mo = number(4..<6), let d = number(6..<8) else { return nil }
        let date = CivilDate(year: y, month: mo, day: d)
        guard (1...12).contains(mo), (1...31).contains(d), date.isValid else { return nil }
        if s.count == 8 { return DateTime(local: LocalDateTime(date: date, time: .midnight), utc: false, dateOnly: true) }
        guard s.count == 15 || s.count == 16, s[8] == UInt8(ascii: "T"), let h = number(9..<11), let mi = number(11..<13),
            let se = number(13..<15), h < 24, mi < 60, se < 61
        else { return nil }
        if s.count == 16 && s[15] != UInt8(ascii: "Z") && s[15] != UInt8(ascii: "z") { return nil }
        // A leap second (`…T235960`) is read as the second before, as python's datetime cannot hold it.
        let time = LocalTime(hour: h, minute: mi, second: min(se, 59))
        return DateTime(local: LocalDateTime(date: date, time: time), utc: s.count == 16, dateOnly: false)
    }

    /// The start of an RDATE value: a DATE, a DATE-TIME, or a PERIOD (`start/end`, `start/PT1H`),
    /// whose start is the occurrence (RFC 5545 §3.8.5.2).
    static func periodStart(_ value: String) -> DateTime? {
        dateTime(value.split(separator: "/", maxSplits: 1).first.map(String.init) ?? value)
    }

    /// TEXT values unescaped (`\,` `\;` `\\` `\n`).
    static func text(_ value: String) -> String {
        var out = ""
        var escaped = false
        for c in value {
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
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s.removeFirst() }
        while let l = s.last, set.contains(l) { s.removeLast() }
        return String(s)
    }
}
