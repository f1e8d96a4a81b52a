import AlmanacModel
import AlmanacTime

/// An RFC 5545 rule in English, with the defaults DTSTART supplies made explicit (dateutil's
/// reading, which the expander follows): a daily or longer rule fires at DTSTART's time of day
/// unless BYHOUR/BYMINUTE/BYSECOND say otherwise; WEEKLY without a day rule on DTSTART's weekday,
/// MONTHLY on its day of the month, YEARLY on its month and day.
enum RRuleWords {
    static func phrase(_ trigger: RRuleTrigger) -> String {
        let r = trigger.filled
        let start = trigger.start
        let subDaily = r.freq < .daily
        var parts: [String] = []
        let days = dayPhrase(r)
        let times = timeList(r)
        let months = r.byMonth.isEmpty ? nil : Words.months(r.byMonth)
        let conditional = days?.contains(", when that day is") ?? false
        let timeText = subDaily ? "" : CalendarWords.times(times)
        // `at 09:00` follows the days directly, after a comma when they end with a condition or
        // when the times are a rhythm (`every hour from …`).
        let timeJoin = conditional || timeText.hasPrefix("every") ? ", " : " "
        if !r.bySetPos.isEmpty {
            parts.append(setPosPhrase(r, days: days, times: times))
        } else if r.freq == .daily && r.interval == 1 && !r.byDay.isEmpty && r.byMonthDay.isEmpty && r.byYearDay.isEmpty {
            // FREQ=DAILY;BYDAY=MO,…: the days named, like a calendar rule.
            let w = Words.weekdays(r.byDay.map(\.weekday.rawValue))
            parts.append(timeText + (Words.weekdaysStandAlone(w) ? ", " : " ") + w + (months.map { ", in " + $0 } ?? ""))
        } else {
            var head = frequency(r)
            if r.freq == .daily && r.interval == 1 && days != nil && !conditional {
                // FREQ=DAILY with a day of the month or year: those days.
                head = ""
            }
            let weeks = weekNumbers(r) ?? ""
            if let days {
                let ofMonths = !conditional && r.byYearDay.isEmpty && r.byWeekNo.isEmpty && r.freq != .weekly
                if ofMonths {
                    let whole = r.byYearDay.isEmpty && r.freq < .monthly && head.isEmpty ? " of every month" : ""
                    // `the 25th of December`, `the last Sunday of March`, but `Sundays in March`.
                    let of = r.byMonthDay.isEmpty && !r.byDay.contains { $0.ordinal != nil } ? " in " : " of "
                    head += " " + days + (months.map { of + $0 } ?? whole)
                } else if conditional {
                    head += (months.map { " in " + $0 + (days.hasPrefix(",") ? "" : ",") } ?? "") + (days.hasPrefix(",") ? "" : " ") + days
                } else {
                    head += " " + days + (months.map { " in " + $0 } ?? "")
                }
                head += weeks
            } else {
                head += (months.map { " in " + $0 } ?? "")
                if !weeks.isEmpty { head += ", every day" + weeks }
            }
            if subDaily {
                head += subDailyFilters(r)
            } else {
                head += timeJoin + timeText
            }
            parts.append(head.trimmingPrefixSpace())
        }
        if needsWeekStart(r) { parts.append("weeks starting on \(Words.weekdayNames[r.weekStart.rawValue - 1])") }
        parts.append("starting \(Words.dateTime(start))")
        if let count = r.count { parts.append("for \(Words.plural(count, "occurrence"))") }
        switch r.until {
        case .date(let d)?: parts.append("through \(d)")
        case .local(let l)?: parts.append("up to and including \(Words.dateTime(l))")
        case .utc(let i)?: parts.append("up to and including \(RFC3339.format(i))")
        case nil: break
        }
        if !trigger.rdates.isEmpty { parts.append("and also at " + Words.list(trigger.rdates.sorted().map(Words.dateTime))) }
        if !trigger.exdates.isEmpty { parts.append("but not at " + Words.list(trigger.exdates.sorted().map(Words.dateTime))) }
        return parts.joined(separator: ", ")
    }

    static func unit(_ f: RRule.Frequency) -> String {
        switch f {
        case .secondly: return "second"
        case .minutely: return "minute"
        case .hourly: return "hour"
        case .daily: return "day"
        case .weekly: return "week"
        case .monthly: return "month"
        case .yearly: return "year"
        }
    }

    /// `every week`, `every 2 weeks`.
    static func frequency(_ r: RRule) -> String {
        r.interval == 1 ? "every " + unit(r.freq) : "every \(r.interval) \(unit(r.freq))s"
    }

    /// `every month`, `every 3rd month`: the period BYSETPOS picks in.
    static func period(_ r: RRule) -> String {
        r.interval == 1 ? "each " + unit(r.freq) : "every \(Words.ordinal(r.interval)) \(unit(r.freq))"
    }

    static func monthsSuffix(_ r: RRule) -> String {
        r.byMonth.isEmpty ? "" : " in " + Words.months(r.byMonth)
    }

    static func weekNumbers(_ r: RRule) -> String? {
        guard !r.byWeekNo.isEmpty else { return nil }
        let positive = Array(Set(r.byWeekNo.filter { $0 > 0 })).sorted()
        let negative = Array(Set(r.byWeekNo.filter { $0 < 0 })).sorted(by: >)
        var items: [String] = []
        if !positive.isEmpty { items.append((positive.count == 1 ? "week " : "weeks ") + Words.list(positive.map(String.init))) }
        items += negative.map { "the \(Words.signedOrdinal($0)) week" }
        return " of " + Words.list(items) + " of the year"
    }

    /// WKST changes the result only when weeks are counted: BYWEEKNO, or WEEKLY with INTERVAL > 1
    /// and several days, or WEEKLY with BYSETPOS.
    static func needsWeekStart(_ r: RRule) -> Bool {
        guard r.weekStart != .monday else { return false }
        if !r.byWeekNo.isEmpty { return true }
        return r.freq == .weekly && ((r.interval > 1 && r.byDay.count > 1) || !r.bySetPos.isEmpty)
    }

    /// The day rule, or nil: `on Tuesday`, `on the 1st Thursday`, `on the 15th`, `on the 100th day of the year`.
    static func dayPhrase(_ r: RRule) -> String? {
        var items: [String] = []
        if !r.byYearDay.isEmpty {
            let sorted = r.byYearDay.sorted { ($0 < 0 ? 1000 - $0 : $0) < ($1 < 0 ? 1000 - $1 : $1) }
            items.append("the " + Words.list(sorted.map(Words.signedOrdinal)) + " day of the year")
        }
        if !r.byMonthDay.isEmpty { items.append(Words.monthDays(r.byMonthDay)) }
        // Ordinals count within the month (MONTHLY, or YEARLY with BYMONTH: "in March" follows), else
        // within the year; below MONTHLY they mean nothing and are read as plain weekdays (dateutil).
        let monthlyOrYearly = r.freq == .monthly || r.freq == .yearly
        let plain = r.byDay.filter { $0.ordinal == nil || !monthlyOrYearly }.map(\.weekday.rawValue)
        let ordinals = monthlyOrYearly ? r.byDay.filter { $0.ordinal != nil } : []
        let scope = r.freq == .monthly || !r.byMonth.isEmpty ? "" : " of the year"
        if items.isEmpty && r.freq == .daily && r.interval > 1 && !r.byDay.isEmpty {
            // FREQ=DAILY;INTERVAL=2;BYDAY=MO: a filter on the days counted, not a day rule.
            return ", when that day is " + Words.weekdayCondition(plain)
        }
        if items.isEmpty {
            if r.byDay.isEmpty { return nil }
            var dayItems: [String] = []
            if !plain.isEmpty {
                // Every such weekday of the month or year: plural; within a week or a day: singular.
                dayItems.append(
                    monthlyOrYearly ? Words.list(Array(Set(plain)).sorted().map { Words.weekdayNames[$0 - 1] + "s" }) : weekdayNames(plain))
            }
            if !ordinals.isEmpty { dayItems.append(Words.list(ordinals.map(CalendarWords.ordinalWeekday)) + scope) }
            return "on " + Words.list(dayItems)
        }
        var text = "on " + Words.list(items)
        if !r.byDay.isEmpty {
            let conditions =
                (plain.isEmpty ? [] : [Words.weekdayCondition(plain)])
                + ordinals.map { CalendarWords.ordinalWeekday($0) + (scope.isEmpty ? " of the month" : scope) }
            text += ", when that day is " + Words.list(conditions, conjunction: "or")
        }
        return text
    }

    /// Singular names, runs of three or more as ranges: `Tuesday`, `Sunday and Thursday`, `Monday to Friday`.
    static func weekdayNames(_ isoDays: [Int]) -> String {
        let days = Array(Set(isoDays)).sorted()
        let items = Words.runs(days).flatMap { r -> [String] in
            r.count >= 3
                ? ["\(Words.weekdayNames[r.lowerBound - 1]) to \(Words.weekdayNames[r.upperBound - 1])"]
                : r.map { Words.weekdayNames[$0 - 1] }
        }
        return Words.list(items)
    }

    /// The times of day of a daily or longer rule: every BYHOUR × BYMINUTE × BYSECOND.
    static func timeList(_ r: RRule) -> [LocalTime] {
        guard r.freq >= .daily else { return [] }
        var out: [LocalTime] = []
        for h in Set(r.byHour).sorted() {
            for m in Set(r.byMinute).sorted() {
                for s in Set(r.bySecond).sorted() { out.append(LocalTime(hour: h, minute: m, second: s)) }
            }
        }
        return out
    }

    /// The BY parts below the frequency of an hourly, minutely or secondly rule, as filters.
    static func subDailyFilters(_ r: RRule) -> String {
        var out = ""
        if !r.byHour.isEmpty { out += ", only in " + CronWords.hourSet(Set(r.byHour).sorted()) }
        if r.freq == .hourly || !r.byMinute.isEmpty && r.freq > .minutely {
            out += ", at " + minuteOrSecondSet(r.byMinute, "minute")
        } else if !r.byMinute.isEmpty {
            out += ", only at " + minuteOrSecondSet(r.byMinute, "minute")
        }
        if r.freq == .secondly {
            if !r.bySecond.isEmpty { out += ", only at " + minuteOrSecondSet(r.bySecond, "second") }
        } else if !(r.bySecond.count == 1 && r.bySecond[0] == 0) {
            out += ", at " + minuteOrSecondSet(r.bySecond, "second")
        }
        return out
    }

    /// `minute 00`, `minutes 00 and 30`, `seconds 00 through 10`.
    static func minuteOrSecondSet(_ values: [Int], _ word: String) -> String {
        let sorted = Array(Set(values)).sorted()
        if sorted.count == 1 { return "\(word) \(Words.two(sorted[0]))" }
        if sorted.count > 8, let s = Words.step(sorted) {
            return "every \(Words.ordinal(s)) \(word) from \(Words.two(sorted.first!)) through \(Words.two(sorted.last!))"
        }
        let items = Words.runs(sorted).flatMap { r -> [String] in
            r.count >= 3 ? ["\(Words.two(r.lowerBound)) through \(Words.two(r.upperBound))"] : r.map { Words.two($0) }
        }
        return "\(word)s " + Words.list(items)
    }

    /// BYSETPOS picks from each period's occurrences, in time order.
    static func setPosPhrase(_ r: RRule, days: String?, times: [LocalTime]) -> String {
        let picks = Words.list(r.bySetPos.sorted { ($0 < 0 ? 1000 - $0 : $0) < ($1 < 0 ? 1000 - $1 : $1) }.map(Words.spelledOrdinal))
        let plain = r.byDay.filter { $0.ordinal == nil }.map(\.weekday.rawValue)
        var candidates: String
        if r.byMonthDay.isEmpty && r.byYearDay.isEmpty && !r.byDay.isEmpty && plain.count == r.byDay.count {
            candidates = plain.count == 1 ? "the \(Words.weekdayNames[plain[0] - 1])s" : "the days " + weekdayNames(plain)
        } else {
            candidates = days.map { "the days " + String($0.dropFirst(3)) } ?? "the days"
        }
        let within = (r.byMonth.isEmpty ? "" : " " + Words.months(r.byMonth) + " of") + " " + period(r) + (weekNumbers(r) ?? "")
        if r.freq < .daily {
            // The set is the occurrences of one period: its minutes and seconds, say, for HOURLY.
            return "the \(picks) of its times" + (days.map { " " + $0 } ?? "") + subDailyFilters(r) + ", in" + within
        }
        if times.count == 1 {
            return "on the \(picks) of \(candidates) in\(within), at \(Words.time(times[0]))"
        }
        let when = CalendarWords.times(times).dropFirst(3)
        let on = candidates == "the days" ? "" : " on " + candidates.replacingOccurrences(of: "the days ", with: "")
        return "at the \(picks) of the times \(when)\(on) of\(within)"
    }
}

extension String {
    func trimmingPrefixSpace() -> String { hasPrefix(" ") ? String(dropFirst()) : self }
}
