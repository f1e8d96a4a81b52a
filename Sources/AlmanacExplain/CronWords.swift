import AlmanacModel

/// A cron expression in English, from its bit sets (never its text): the times of day, then the
/// days under the Vixie rule (a day field starting with `*`, even `*/2`, makes a day match both
/// fields; two restricted fields, either), then the months.
enum CronWords {
    static func phrase(_ e: CronExpression) -> String {
        let minutes = Words.bits(e.minutes, 0, 59)
        let hours = Words.bits(e.hours, 0, 23)
        let dom = Words.bits(e.daysOfMonth, 1, 31)
        let dow = Words.bits(e.daysOfWeek, 0, 6).map { $0 == 0 ? 7 : $0 }
        let months = Words.bits(e.months, 1, 12)
        let time = times(minutes: minutes, hours: hours)
        let allMonths = months.count == 12
        let monthsSuffix = allMonths ? "" : ", in " + Words.months(months)
        let domAll = dom.count == 31, dowAll = dow.count == 7
        let both = !(e.dayOfMonthStar || e.dayOfWeekStar)
        if (domAll && dowAll) || (both && (domAll || dowAll)) {
            let everyDay = time.hasPrefix("at ") && !time.hasPrefix("at minute") ? " every day" : ""
            return time + everyDay + monthsSuffix
        }
        if both {
            let weekdays = Words.weekdays(dow)
            let orDays = Words.weekdaysStandAlone(weekdays) ? "on any day " + weekdays : weekdays
            return time + " on " + days(dom) + (allMonths ? " of the month" : "") + " or " + orDays + monthsSuffix
        }
        if domAll {
            let weekdays = Words.weekdays(dow)
            return time + (Words.weekdaysStandAlone(weekdays) ? ", " : " ") + weekdays + monthsSuffix
        }
        let of = " of " + (allMonths ? "every month" : Words.months(months))
        let condition = dowAll ? "" : ", when that day is " + Words.weekdayCondition(dow)
        return time + " on " + days(dom) + of + condition
    }

    /// Days of the month: `the 1st and 15th`, `odd-numbered days`, `every 3rd day from the 1st
    /// through the 28th`, `the 1st through the 7th`.
    static func days(_ dom: [Int]) -> String {
        if let s = Words.step(dom) {
            if s == 2, dom.first! <= 2, dom.last! >= 30 { return dom.first! == 1 ? "odd-numbered days" : "even-numbered days" }
            if dom.count <= 8 { return Words.monthDays(dom) }
            return "every \(Words.ordinal(s)) day from the \(Words.ordinal(dom.first!)) through the \(Words.ordinal(dom.last!))"
        }
        let runs = Words.runs(dom)
        if runs.allSatisfy({ $0.count < 3 }) { return Words.monthDays(dom) }
        return Words.list(
            runs.flatMap { r -> [String] in
                r.count >= 3
                    ? ["the \(Words.ordinal(r.lowerBound)) through the \(Words.ordinal(r.upperBound))"]
                    : r.map { "the " + Words.ordinal($0) }
            })
    }

    /// The times of day: `every minute`, `at 02:30`, `every 15 minutes from minute 00 through 45`,
    /// `at minute 05 of every hour`, `every minute of hours 09 through 17`.
    static func times(minutes: [Int], hours: [Int]) -> String {
        let allMinutes = minutes.count == 60, allHours = hours.count == 24
        if allMinutes { return allHours ? "every minute" : "every minute of " + hourSet(hours) }
        if minutes.count * hours.count <= 6 {
            return "at " + Words.list(hours.flatMap { h in minutes.map { "\(Words.two(h)):\(Words.two($0))" } })
        }
        let ofHours = allHours ? "" : " of " + hourSet(hours)
        if minutes.count == 1 {
            let m = Words.two(minutes[0])
            if !allHours, let first = hours.first, let last = hours.last {
                if Words.runs(hours).count == 1 { return "every hour from \(Words.two(first)):\(m) through \(Words.two(last)):\(m)" }
                if let s = Words.step(hours) { return "every \(s) hours from \(Words.two(first)):\(m) through \(Words.two(last)):\(m)" }
            }
            return "at minute \(m)" + (allHours ? " of every hour" : ofHours)
        }
        if let s = Words.step(minutes) {
            let (a, b) = (minutes.first!, minutes.last!)
            // A step that divides the hour keeps its rhythm across hours: a range of clock times.
            if 60 % s == 0, a < s, b + s == 60 + a, !allHours, Words.runs(hours).count == 1 {
                return
                    "every \(s) minutes from \(Words.two(hours.first!)):\(Words.two(a)) through \(Words.two(hours.last!)):\(Words.two(b))"
            }
            // Evenly spread over the whole hour (`*/15`): the hour is understood; otherwise say it.
            let uniform = 60 % s == 0 && a < s && b + s == 60 + a
            return "every \(s) minutes from minute \(Words.two(a)) through \(Words.two(b))"
                + (allHours && !uniform ? " of every hour" : ofHours)
        }
        let items = Words.runs(minutes).flatMap { r -> [String] in
            r.count >= 3 ? ["\(Words.two(r.lowerBound)) through \(Words.two(r.upperBound))"] : r.map { Words.two($0) }
        }
        return "at minutes " + Words.list(items) + (allHours ? " of every hour" : ofHours)
    }

    /// `hour 09`, `hours 09 through 17`, `every 2nd hour from 09 through 17`, `hours 09, 12 and 15`.
    static func hourSet(_ hours: [Int]) -> String {
        if hours.count == 1 { return "hour \(Words.two(hours[0]))" }
        if let s = Words.step(hours) {
            return "every \(Words.ordinal(s)) hour from \(Words.two(hours.first!)) through \(Words.two(hours.last!))"
        }
        let items = Words.runs(hours).flatMap { r -> [String] in
            r.count >= 3 ? ["\(Words.two(r.lowerBound)) through \(Words.two(r.upperBound))"] : r.map { Words.two($0) }
        }
        return "hours " + Words.list(items)
    }
}
