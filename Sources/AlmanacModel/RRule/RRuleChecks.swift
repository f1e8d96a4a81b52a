/// The rules between the parts of an RRULE (RFC 5545 §3.3.10) and the never/rarely-fires guard,
/// each error pointing at the part that breaks it.
struct RRuleChecks {
    let rule: RRule
    let text: ScalarText
    let parts: [String: Range<Int>]
    let byDayRanges: [Range<Int>]

    func all() -> [SyntaxError] {
        var errors = combinations() + ordinals()
        if errors.isEmpty { errors += feasibility() }
        return errors
    }

    private func at(_ name: String) -> Range<Int> { parts[name] ?? text.trimmed(text.whole) }

    private func combinations() -> [SyntaxError] {
        var errors: [SyntaxError] = []
        let freq = rule.freq.rawValue
        if rule.count != nil, rule.until != nil, let c = parts["COUNT"], let u = parts["UNTIL"] {
            errors.append(
                SyntaxError(.rruleCountAndUntil, at: c.lowerBound > u.lowerBound ? c : u))
        }
        let others = ["BYSECOND", "BYMINUTE", "BYHOUR", "BYDAY", "BYMONTHDAY", "BYYEARDAY", "BYWEEKNO", "BYMONTH"]
        if parts["BYSETPOS"] != nil, !others.contains(where: { parts[$0] != nil }) {
            errors.append(
                SyntaxError(.rruleSetPosAlone, at: at("BYSETPOS")))
        }
        if parts["BYWEEKNO"] != nil, rule.freq != .yearly {
            errors.append(SyntaxError(.rruleWeekNoNeedsYearly(freq: "\(freq)"), at: at("BYWEEKNO")))
        }
        if parts["BYYEARDAY"] != nil, [.daily, .weekly, .monthly].contains(rule.freq) {
            errors.append(
                SyntaxError(.rruleYearDayNotWith(freq: "\(freq)"), at: at("BYYEARDAY")))
        }
        if parts["BYMONTHDAY"] != nil, rule.freq == .weekly {
            errors.append(
                SyntaxError(.rruleMonthDayWeekly, at: at("BYMONTHDAY")))
        }
        return errors
    }

    /// BYDAY ordinals (`2TU`) only have a meaning inside a month or a year.
    private func ordinals() -> [SyntaxError] {
        var errors: [SyntaxError] = []
        let monthScoped = rule.freq == .monthly || (rule.freq == .yearly && !rule.byMonth.isEmpty)
        for (selector, range) in zip(rule.byDay, byDayRanges) {
            guard let n = selector.ordinal else { continue }
            if rule.freq != .monthly && rule.freq != .yearly {
                errors.append(
                    SyntaxError(.rruleByDayOrdinalNotWith(freq: rule.freq.rawValue), at: range))
            } else if rule.freq == .yearly, !rule.byWeekNo.isEmpty {
                errors.append(SyntaxError(.rruleByDayOrdinalWithWeekNo, at: range))
            } else if monthScoped, abs(n) > 5 {
                errors.append(
                    SyntaxError(.rruleWeekdayOrdinalInMonth, at: range))
            }
        }
        return errors
    }

    /// Whether some day of some year passes BYMONTH, BYMONTHDAY and BYYEARDAY together.
    private func feasibility() -> [SyntaxError] {
        let months = rule.byMonth.isEmpty ? Array(1...12) : rule.byMonth
        var possible: [(month: Int, day: Int)] = []
        for leap in [false, true] {
            var start = 0
            for month in 1...12 {
                let length = month == 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].contains(month) ? 30 : 31
                defer { start += length }
                guard months.contains(month) else { continue }
                for day in 1...length where matches(day: day, length: length, yearDay: start + day, yearLength: leap ? 366 : 365) {
                    possible.append((month, day))
                }
            }
        }
        let source = ["BYMONTHDAY", "BYYEARDAY"].first { parts[$0] != nil }
        if possible.isEmpty, let source {
            let combination = ["BYMONTH", "BYMONTHDAY", "BYYEARDAY"].filter { parts[$0] != nil }.joined(separator: " with ")
            return [SyntaxError(.rruleSelectsNoDay(combination), at: at(source))]
        }
        if !possible.isEmpty, possible.allSatisfy({ $0.month == 2 && $0.day == 29 }), !rule.byDay.isEmpty {
            return [
                SyntaxError(.rruleFebruary29Weekday, at: at("BYDAY"))
            ]
        }
        if !rule.byWeekNo.isEmpty, rule.byWeekNo.allSatisfy({ abs($0) == 53 }) {
            return [
                SyntaxError(.rruleWeek53, at: at("BYWEEKNO"))
            ]
        }
        return []
    }

    private func matches(day: Int, length: Int, yearDay: Int, yearLength: Int) -> Bool {
        let dayOK = rule.byMonthDay.isEmpty || rule.byMonthDay.contains { $0 > 0 ? $0 == day : length + 1 + $0 == day }
        let yearDayOK = rule.byYearDay.isEmpty || rule.byYearDay.contains { $0 > 0 ? $0 == yearDay : yearLength + 1 + $0 == yearDay }
        return dayOK && yearDayOK
    }
}
