import AlmanacTime

/// `calendar`: times of day on the days, weekdays and months named, in the trigger's zone.
extension CalendarRule: TriggerRule {
    public static let kindName = "calendar"
    public var isWallClock: Bool { true }

    public func meaningDiagnostics(of trigger: Trigger, at: SourceRange?) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for month in months ?? [] where !(1...12).contains(month) {
            out += [MeaningRules.outOfRange("month", month, bounds: 1...12, at: at)].compactMap { $0 }
        }
        for day in days ?? [] where day == 0 || !(-31...31).contains(day) {
            out.append(Diagnostic(.dayOfMonthOutOfRange(day), at: at))
        }
        for selector in weekdays ?? [] {
            if let n = selector.ordinal, n == 0 || !(-5...5).contains(n) {
                out.append(Diagnostic(.weekdayOrdinalOutOfRange(n), at: at))
            }
        }
        if times.isEmpty { out.append(Diagnostic(.atEmpty, at: at)) }
        for time in times where !(0...23).contains(time.hour) || !(0...59).contains(time.minute) || !(0...59).contains(time.second) {
            out.append(Diagnostic(.notATimeOfDay("\(time)"), at: at))
        }
        out += [MeaningRules.calendarNeverFires(self, policy: trigger.invalidDates, at: at)].compactMap { $0 }
        return out
    }

    /// Its times, on the days `invalid_dates` leaves it (a day a month lacks moved, or dropped).
    public func dailyShape(of trigger: Trigger) -> DailyShape? {
        let days = CalendarDays(self, invalidDates: trigger.invalidDates)
        return DailyShape(times: times.map(\.secondsOfDay)) { date in
            let previous = date.month == 1 ? (date.year - 1, 12) : (date.year, date.month - 1)
            let carried = days.month(year: previous.0, month: previous.1, carried: 0).carry
            return days.month(year: date.year, month: date.month, carried: carried).days & (UInt64(1) << UInt64(date.day)) != 0
        }
    }
}
