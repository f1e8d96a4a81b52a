import AlmanacModel

/// Between robfig/cron's reading of a schedule and Almanac's `cron:` (Vixie's): whether a text
/// means the same to both, and a text that does when it does not.
enum RobfigText {
    /// Whether Almanac's reading of a cron line fires on the same minutes and days as robfig's.
    static func sameFires(_ e: CronExpression, _ r: RobfigSpec) -> Bool {
        guard e.minutes == r.minutes, UInt64(e.hours) == r.hours, UInt64(e.daysOfMonth) == r.daysOfMonth, UInt64(e.months) == r.months,
            UInt64(e.daysOfWeek) == r.daysOfWeek
        else { return false }
        for dom in 1...31 {
            for dow in 0...6 where e.matchesDay(dayOfMonth: dom, weekdaySunday0: dow) != r.matchesDay(dayOfMonth: dom, weekday: dow) {
                return false
            }
        }
        return true
    }

    /// robfig's reading written for Almanac's `cron:`: a day field with robfig's star bit is `*`,
    /// one without it never starts with `*` (so Vixie's rule ORs or ANDs the days as robfig does).
    static func vixie(_ r: RobfigSpec) -> String {
        [
            field(r.minutes, 0, 59, star: true), field(r.hours, 0, 23, star: true), field(r.daysOfMonth, 1, 31, star: r.dayOfMonthStar),
            field(r.months, 1, 12, star: true), field(r.daysOfWeek, 0, 6, star: r.dayOfWeekStar),
        ].joined(separator: " ")
    }

    /// Almanac's cron line written for robfig, or nil when robfig cannot say it: robfig ANDs the day
    /// fields only when one of them is `*` (every day), so a restricted day of month ANDed with
    /// restricted weekdays (`0 0 */2 * 1` in Vixie's reading) has no robfig text.
    static func robfig(_ e: CronExpression) -> String? {
        let dom = UInt64(e.daysOfMonth), dow = UInt64(e.daysOfWeek)
        let allDom = dom == 0xFFFF_FFFE, allDow = dow == 0x7F
        var domText = field(dom, 1, 31, star: false), dowText = field(dow, 0, 6, star: false)
        if e.dayOfMonthStar || e.dayOfWeekStar {
            // Both must match: one of them must be `*` for robfig.
            if allDom {
                domText = "*"
            } else if allDow {
                dowText = "*"
            } else {
                return nil
            }
        }
        return [
            field(e.minutes, 0, 59, star: true), field(UInt64(e.hours), 0, 23, star: true), domText,
            field(UInt64(e.months), 1, 12, star: true), dowText,
        ].joined(separator: " ")
    }

    /// A field from its bits: `*` for every value when the star is wanted, else `lo-hi`; a step
    /// `a-b/s` for three or more evenly spaced values; else values and runs (`1-5,7`).
    static func field(_ bits: UInt64, _ lo: Int, _ hi: Int, star: Bool) -> String {
        let values = (lo...hi).filter { bits & (1 << UInt64($0)) != 0 }
        if values.count == hi - lo + 1 { return star ? "*" : "\(lo)-\(hi)" }
        if values.count >= 3 {
            let step = values[1] - values[0]
            if step > 1, zip(values, values.dropFirst()).allSatisfy({ $1 - $0 == step }) { return "\(values[0])-\(values.last!)/\(step)" }
        }
        return ExportFields.runs(values).map { $0.0 == $0.1 ? "\($0.0)" : $0.1 == $0.0 + 1 ? "\($0.0),\($0.1)" : "\($0.0)-\($0.1)" }
            .joined(separator: ",")
    }
}
