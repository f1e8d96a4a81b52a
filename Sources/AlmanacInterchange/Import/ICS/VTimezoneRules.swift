import AlmanacModel
import AlmanacTime

/// The offsets a VTIMEZONE component defines: each STANDARD or DAYLIGHT part starts at its DTSTART
/// (a local time in its TZOFFSETFROM) and again at each RRULE or RDATE onset, and from then on the
/// offset is its TZOFFSETTO (RFC 5545 §3.6.5). Only the rules calendars write are read: yearly, by
/// month, with a weekday ordinal (`BYDAY=-1SU`), weekdays within month days (`BYMONTHDAY=8,…,14;
/// BYDAY=SU`) or month days; anything else makes the definition unreadable (nil).
struct VTimezoneRules {
    /// Onsets sorted by instant, with the offset in force from each.
    var onsets: [(instant: Int64, offset: Int)]
    /// The offset before the first onset.
    var initial: Int

    init?(_ component: ICSDocument.Component, from: Int, through: Int) {
        var onsets: [(instant: Int64, offset: Int, before: Int)] = []
        for part in component.parts {
            guard let fromText = part.first("TZOFFSETFROM")?.value, let toText = part.first("TZOFFSETTO")?.value,
                let before = Self.offset(fromText), let after = Self.offset(toText),
                let startText = part.first("DTSTART")?.value, let start = ICSValues.dateTime(startText), !start.utc
            else { return nil }
            var locals: [LocalDateTime] = [start.local]
            for rdate in part.all("RDATE") {
                for v in rdate.value.split(separator: ",") {
                    guard let d = ICSValues.dateTime(String(v)) else { return nil }
                    locals.append(d.utc ? LocalDateTime(wallSeconds: d.local.wallSeconds + Int64(before)) : d.local)
                }
            }
            if let rule = part.first("RRULE") {
                guard let more = Self.yearly(rule.value, start: start.local, offset: before, from: from, through: through) else {
                    return nil
                }
                locals += more
            }
            for l in locals where l.date.year <= through {
                onsets.append((l.wallSeconds - Int64(before), after, before))
            }
        }
        guard !onsets.isEmpty else { return nil }
        onsets.sort { $0.instant < $1.instant }
        self.onsets = onsets.map { ($0.instant, $0.offset) }
        initial = onsets[0].before
    }

    func offset(at instant: Int64) -> Int {
        var lo = 0, hi = onsets.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if onsets[mid].instant <= instant { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? initial : onsets[lo - 1].offset
    }

    /// The first instant in `[from, to)` where this definition and `table` give different offsets,
    /// or nil when they agree throughout (both are constant between their change instants).
    func firstDifference(from table: OffsetTable, in span: (from: Instant, to: Instant)) -> Instant? {
        var checks = [span.from.secondsSinceEpoch]
        checks += onsets.map(\.instant).filter { $0 > span.from.secondsSinceEpoch && $0 < span.to.secondsSinceEpoch }
        checks += table.changes.map(\.instant.secondsSinceEpoch).filter {
            $0 > span.from.secondsSinceEpoch && $0 < span.to.secondsSinceEpoch
        }
        for t in checks.sorted() where offset(at: t) != table.offset(at: Instant(secondsSinceEpoch: t)) {
            return Instant(secondsSinceEpoch: t)
        }
        return nil
    }

    /// `+0100`, `-0500`, `+053000` in seconds east of UTC.
    static func offset(_ text: String) -> Int? {
        let s = Array(text.utf8)
        guard s.count == 5 || s.count == 7, s[0] == UInt8(ascii: "+") || s[0] == UInt8(ascii: "-") else { return nil }
        let digits = s.dropFirst().map { Int($0) - 48 }
        guard digits.allSatisfy({ (0...9).contains($0) }) else { return nil }
        let seconds =
            (digits[0] * 10 + digits[1]) * 3600 + (digits[2] * 10 + digits[3]) * 60 + (s.count == 7 ? digits[4] * 10 + digits[5] : 0)
        return s[0] == UInt8(ascii: "-") ? -seconds : seconds
    }

    /// The onsets of a yearly rule from the year before `from` through `through` (every year from
    /// DTSTART's when the rule counts), as local times.
    static func yearly(_ text: String, start: LocalDateTime, offset: Int, from: Int, through: Int) -> [LocalDateTime]? {
        let (parsed, _) = RRuleParser.parse(text)
        guard let rule = parsed, rule.freq == .yearly, rule.byYearDay.isEmpty, rule.byWeekNo.isEmpty, rule.bySetPos.isEmpty,
            rule.byHour.isEmpty, rule.byMinute.isEmpty, rule.bySecond.isEmpty
        else { return nil }
        let months = rule.byMonth.isEmpty ? [start.date.month] : rule.byMonth.sorted()
        var out: [LocalDateTime] = []
        let first = rule.count != nil ? start.date.year : max(start.date.year, from - 1)
        var year = first
        year += (rule.interval - (year - start.date.year) % rule.interval) % rule.interval
        while year <= through {
            for month in months {
                let last = CivilDate.daysInMonth(year: year, month: month)
                var days: [Int]
                if !rule.byDay.isEmpty {
                    let candidates = rule.byMonthDay.isEmpty ? Array(1...last) : rule.byMonthDay.map { $0 < 0 ? last + 1 + $0 : $0 }
                    days = []
                    for selector in rule.byDay {
                        let matching = candidates.filter {
                            (1...last).contains($0) && CivilDate(year: year, month: month, day: $0).weekday == selector.weekday
                        }
                        if let n = selector.ordinal {
                            let index = n > 0 ? n - 1 : matching.count + n
                            if matching.indices.contains(index) { days.append(matching[index]) }
                        } else {
                            days += matching
                        }
                    }
                } else if !rule.byMonthDay.isEmpty {
                    days = rule.byMonthDay.map { $0 < 0 ? last + 1 + $0 : $0 }.filter { (1...last).contains($0) }
                } else {
                    days = start.date.day <= last ? [start.date.day] : []
                }
                for day in Set(days).sorted() {
                    let local = LocalDateTime(date: CivilDate(year: year, month: month, day: day), time: start.time)
                    guard local >= start else { continue }
                    switch rule.until {
                    case .date(let d)? where local.date > d: return out
                    case .local(let l)? where local > l: return out
                    case .utc(let u)? where local.wallSeconds - Int64(offset) > u.secondsSinceEpoch: return out
                    default: break
                    }
                    out.append(local)
                    if let count = rule.count, out.count >= count { return out }
                }
            }
            year += rule.interval
        }
        return out
    }
}
