import AlmanacPlan
import AlmanacModel
import AlmanacSpec
import AlmanacTime
@testable import AlmanacCompiler

/// Builders that keep the tests close to the spec's own notation.
enum TestSupport {
    static func instant(_ text: String) -> Instant { RFC3339.parseInstant(text)! }

    /// `2026-03-08T02:30` or `2026-03-08T02:30:00` as a local date-time.
    static func local(_ text: String) -> LocalDateTime { RFC3339.parse(text + (text.count == 16 ? ":00Z" : "Z"))!.local }

    static func date(_ text: String) -> CivilDate { local(text + "T00:00").date }

    static func time(_ text: String) -> LocalTime { local("2000-01-01T" + text).time }

    static func window(_ from: String, _ to: String) -> Window { Window(from: instant(from), to: instant(to)) }

    /// A cron expression read by the real parser (`CronParser`: names, macros, `7` = Sunday); an
    /// expression that does not parse is a mistake in the test, so it stops there.
    static func cron(_ text: String) -> CronExpression {
        let (expression, errors) = CronParser.parse(text)
        guard let expression, !errors.contains(where: { $0.severity == .error }) else {
            fatalError("test cron '\(text)': \(errors.map(\.message))")
        }
        return expression
    }

    static func schedule(_ triggers: Trigger..., maxFires: Int = 1_000_000) -> Schedule {
        Schedule(name: "test", limits: Limits(maxFires: maxFires), triggers: triggers)
    }

    static func compile(_ schedule: Schedule, _ window: Window) throws -> CompileResult {
        try Compiler(tzdataVersion: "test").compile(schedule, specSHA256: "0", window: window)
    }

    /// Fires as `at local id [nominal]`, the way a plan reads.
    static func lines(_ plan: Plan) -> [String] {
        plan.fires.map { fire in
            var line = "\(fire.at) \(RFC3339.format(fire.local, offset: fire.offset)) \(fire.id)"
            if let nominal = fire.nominal { line += " nominal=\(nominal)" }
            return line
        }
    }

    static func fires(_ triggers: Trigger..., from: String, to: String) throws -> [String] {
        lines(try compile(Schedule(name: "test", triggers: triggers), window(from, to)).plan)
    }
}
