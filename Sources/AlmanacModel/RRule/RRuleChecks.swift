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
                SyntaxError(
                    .rruleCountAndUntil, "COUNT and UNTIL cannot both be given; keep one",
                    at: c.lowerBound > u.lowerBound ? c : u))
        }
        let others = ["BYSECOND", "BYMINUTE", "BYHOUR", "BYDAY", "BYMONTHDAY", "BYYEARDAY", "BYWEEKNO", "BYMONTH"]
        if parts["BYSETPOS"] != nil, !others.contains(where: { parts[$0] != nil }) {
            errors.append(
                SyntaxError(
                    .rruleSetPosAlone,
                    "BYSETPOS picks among the occurrences another BY part makes; add one, e.g. BYDAY=MO,TU,WE,TH,FR", at: at("BYSETPOS")))
        }
        if parts["BYWEEKNO"] != nil, rule.freq != .yearly {
            errors.append(SyntaxError(.rrulePartNotAllowed, "BYWEEKNO is allowed only with FREQ=YEARLY, not \(freq)", at: at("BYWEEKNO")))
        }
        if parts["BYYEARDAY"] != nil, [.daily, .weekly, .monthly].contains(rule.freq) {
            errors.append(
                SyntaxError(
                    .rrulePartNotAllowed,
                    "BYYEARDAY is not allowed with FREQ=\(freq); use YEARLY, or HOURLY and finer", at: at("BYYEARDAY")))
        }
        if parts["BYMONTHDAY"] != nil, rule.freq == .weekly {
            errors.append(
                SyntaxError(
                    .rrulePartNotAllowed,
                    "BYMONTHDAY is not allowed with FREQ=WEEKLY; use DAILY or MONTHLY", at: at("BYMONTHDAY")))
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
                    SyntaxError(
                        .rrulePartNotAllowed,
                        "a BYDAY ordinal is allowed only with FREQ=MONTHLY or YEARLY, not \(rule.freq.rawValue)", at: range))
            } else if rule.freq == .yearly, !rule.byWeekNo.isEmpty {
                errors.append(SyntaxError(.rrulePartNotAllowed, "a BYDAY ordinal is not allowed together with BYWEEKNO", at: range))
            } else if monthScoped, abs(n) > 5 {
                errors.append(
                    SyntaxError(
                        .rruleInvalidValue,
                        "within a month a weekday occurs at most 5 times; use 1…5 or -1…-5", at: range))
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
            return [SyntaxError(.neverFires, "\(combination) selects no day of any year; this rule never fires", at: at(source))]
        }
        if !possible.isEmpty, possible.allSatisfy({ $0.month == 2 && $0.day == 29 }), !rule.byDay.isEmpty {
            return [
                SyntaxError(
                    .rruleRarelyFires,
                    "February 29 falls on a given weekday about once in 28 years; this rule rarely fires", at: at("BYDAY"))
            ]
        }
        if !rule.byWeekNo.isEmpty, rule.byWeekNo.allSatisfy({ abs($0) == 53 }) {
            return [
                SyntaxError(
                    .rruleRarelyFires, "week 53 exists only in some years (about one in six); this rule rarely fires", at: at("BYWEEKNO"))
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
