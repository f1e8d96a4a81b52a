import AlmanacModel
import AlmanacTime

/// The string syntaxes the validator applies to scalars, in the shapes its readers take.
enum Syntax {
    static func time(_ s: String) -> Result<LocalTime, SyntaxError> { ValueSyntax.time(s) }
    static func date(_ s: String) -> Result<CivilDate, SyntaxError> { ValueSyntax.date(s) }
    static func bound(_ s: String) -> Result<Bound, SyntaxError> { ValueSyntax.bound(s) }

    static func duration(_ s: String, allowZero: Bool) -> Result<TimeSpan, SyntaxError> {
        ValueSyntax.duration(s, sign: allowZero ? .nonNegative : .positive)
    }

    static func weekdays(_ s: String, ordinals: Bool) -> ([WeekdaySelector]?, [SyntaxError]) {
        ValueSyntax.weekdays(s, allowOrdinals: ordinals)
    }

    static func months(_ s: String) -> ([Int]?, [SyntaxError]) { ValueSyntax.months(s) }
    static func cron(_ s: String) -> (CronExpression?, [SyntaxError]) { CronParser.parse(s) }
    static func rrule(_ s: String) -> (RRule?, [SyntaxError]) { RRuleParser.parse(s) }

    static func checkUntil(_ rule: RRule, startIsDate: Bool) -> SyntaxError? {
        RRuleParser.checkUntil(rule, dtstartIsDate: startIsDate)
    }

    static func isLocalDateTime(_ s: String) -> Bool {
        if case .success = ValueSyntax.localDateTime(s) { return true }
        return false
    }
}
