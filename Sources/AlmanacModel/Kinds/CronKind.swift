import AlmanacTime

/// `cron`: a five-field expression (or a macro) matched on the trigger's wall clock.
extension CronExpression: TriggerRule {
    public static let kindName = "cron"
    public var isWallClock: Bool { true }

    /// Bits outside each field's range (which no parsed expression sets) or an empty field.
    public func meaningDiagnostics(of trigger: Trigger, at: SourceRange?) -> [Diagnostic] {
        let fields: [(String, UInt64, UInt64)] = [
            ("minute", minutes, (1 << 60) - 1), ("hour", UInt64(hours), (1 << 24) - 1),
            ("day of month", UInt64(daysOfMonth), ((1 << 32) - 1) & ~1), ("month", UInt64(months), ((1 << 13) - 1) & ~1),
            ("day of week", UInt64(daysOfWeek), (1 << 7) - 1),
        ]
        return fields.filter { $0.1 == 0 || $0.1 & ~$0.2 != 0 }.map { Diagnostic(.cronFieldSelectsNothing($0.0), at: at) }
    }

    /// Hours × minutes, on the days cron's day rule matches (either day field when both are restricted).
    public func dailyShape(of trigger: Trigger) -> DailyShape? {
        let minuteList = (0...59).filter { minutes & (UInt64(1) << UInt64($0)) != 0 }
        let hourList = (0...23).filter { hours & (UInt32(1) << UInt32($0)) != 0 }
        let e = self
        return DailyShape(times: hourList.flatMap { h in minuteList.map { h * 3600 + $0 * 60 } }) { date in
            e.months & (UInt16(1) << UInt16(date.month)) != 0
                && e.matchesDay(dayOfMonth: date.day, weekdaySunday0: date.weekday.rawValue % 7)
        }
    }
}
