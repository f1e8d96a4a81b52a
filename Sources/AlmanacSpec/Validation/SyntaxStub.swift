// TEMPORARY: replaced by the forwarding façade once the value/cron/RRULE parsers land.
import AlmanacTime
enum Syntax {
    static func time(_ s: String) -> Result<LocalTime, SyntaxError> { .failure(SyntaxError(.invalidTime, "stub")) }
    static func date(_ s: String) -> Result<CivilDate, SyntaxError> { .failure(SyntaxError(.invalidDate, "stub")) }
    static func bound(_ s: String) -> Result<Bound, SyntaxError> { .failure(SyntaxError(.invalidDate, "stub")) }
    static func duration(_ s: String, allowZero: Bool) -> Result<TimeSpan, SyntaxError> { .failure(SyntaxError(.invalidDuration, "stub")) }
    static func weekdays(_ s: String, ordinals: Bool) -> Result<[WeekdaySelector], SyntaxError> { .failure(SyntaxError(.unknownWeekday, "stub")) }
    static func months(_ s: String) -> Result<[Int], SyntaxError> { .failure(SyntaxError(.unknownMonth, "stub")) }
    static func cron(_ s: String) -> (CronExpression?, [SyntaxError]) { (nil, []) }
    static func rrule(_ s: String) -> (RRule?, [SyntaxError]) { (nil, []) }
    static func checkUntil(_ r: RRule, startIsDate: Bool) -> SyntaxError? { nil }
    static func isLocalDateTime(_ s: String) -> Bool { false }
}
