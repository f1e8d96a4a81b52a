import AlmanacModel
import AlmanacTime

/// A `calendar:` rule in English: its times, then its days (every given field must match), then
/// what `invalid_dates` does with a day a month lacks.
enum CalendarWords {
    static func phrase(_ rule: CalendarRule, invalidDates: InvalidDatePolicy) -> String {
        let time = times(rule.times)
        let months = rule.months.map(Words.months)
        let plain = (rule.weekdays ?? []).filter { $0.ordinal == nil }.map(\.weekday.rawValue)
        let ordinals = (rule.weekdays ?? []).filter { $0.ordinal != nil }
        let ofMonths = " of " + (months ?? "every month")
        var text: String
        switch (rule.days, rule.weekdays) {
        case (nil, nil):
            text = time + " every day" + (months.map { " in " + $0 } ?? "")
        case (let days?, nil):
            text = time + " on " + Words.monthDays(days) + ofMonths
        case (nil, _?):
            if ordinals.isEmpty {
                let w = Words.weekdays(plain)
                text = time + (Words.weekdaysStandAlone(w) ? ", " : " ") + w + (months.map { ", in " + $0 } ?? "")
            } else {
                let nth = Words.list(ordinals.map(ordinalWeekday)) + ofMonths
                text =
                    time + " on "
                    + (plain.isEmpty ? nth : Words.list(plain.sorted().map { Words.weekdayNames[$0 - 1] + "s" }) + " and " + nth)
            }
        case (let days?, _?):
            let conditions = Words.list(
                (plain.isEmpty ? [] : [Words.weekdayCondition(plain)]) + ordinals.map { ordinalWeekday($0) + " of the month" },
                conjunction: "or")
            text = time + " on " + Words.monthDays(days) + ofMonths + ", when that day is " + conditions
        }
        if let missing = missingDays(rule, invalidDates: invalidDates) { text += missing }
        return text
    }

    /// `the 2nd Tuesday`, `the last Friday`.
    static func ordinalWeekday(_ s: WeekdaySelector) -> String {
        "the \(Words.signedOrdinal(s.ordinal!)) \(Words.weekdayNames[s.weekday.rawValue - 1])"
    }

    /// `at 09:00 and 17:30`, or a rhythm for many evenly spaced times: `every 5 minutes from 09:00 through 09:55`.
    static func times(_ times: [LocalTime]) -> String {
        let seconds = times.map(\.secondsOfDay)
        if times.count > 6, let s = Words.step(seconds) {
            let rhythm = [3600: "hour", 60: "minute", 1: "second"][s] ?? Words.duration(Int64(s))
            return "every \(rhythm) from \(Words.time(times.first!)) through \(Words.time(times.last!))"
        }
        return "at " + Words.list(times.map(Words.time))
    }

    /// `day`, `Friday`, `such weekday`, `such day`: what replaces a day a month lacks.
    static func replacement(_ lacking: [Int], _ fifths: [WeekdaySelector]) -> String {
        if fifths.isEmpty { return "day" }
        if !lacking.isEmpty { return "such day" }
        let names = Set(fifths.map(\.weekday))
        return names.count == 1 ? Words.weekdayNames[names.first!.rawValue - 1] : "such weekday"
    }

    /// What `invalid_dates` does in a month that lacks a day the rule names (day 29 or later, a
    /// 5th weekday), or nil when no month can lack one.
    static func missingDays(_ rule: CalendarRule, invalidDates: InvalidDatePolicy) -> String? {
        let months = rule.months ?? Array(1...12)
        let longest = months.map { CivilDate.daysInMonth(year: 2024, month: $0) }.max() ?? 31
        let shortest = months.map { CivilDate.daysInMonth(year: 2023, month: $0) }.min() ?? 28
        let lacking = (rule.days ?? []).filter { $0 > shortest && $0 <= longest }.sorted()
        let fifths = (rule.weekdays ?? []).filter { ($0.ordinal ?? 0) == 5 }
        var what: [String] = lacking.map { "a " + Words.ordinal($0) }
        what += fifths.map { "a 5th " + Words.weekdayNames[$0.weekday.rawValue - 1] }
        guard !what.isEmpty else { return nil }
        let months_ = "months without " + Words.list(what, conjunction: "or")
        switch invalidDates {
        case .omit: return " (skipped in \(months_))"
        case .backward:
            return " (in \(months_), the month's last " + replacement(lacking, fifths)
                + " instead)"
        case .forward:
            return " (in \(months_), the next month's first " + replacement(lacking, fifths)
                + " instead)"
        }
    }
}
