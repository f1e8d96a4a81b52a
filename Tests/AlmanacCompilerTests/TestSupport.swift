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

    /// A minimal cron parser for tests only (numbers, `*`, ranges, steps, lists; 7 = Sunday); the
    /// real one with names, macros and diagnostics lives in AlmanacSpec.
    static func cron(_ text: String) -> CronExpression {
        let fields = text.split(separator: " ").map(String.init)
        func bits(_ field: String, _ low: Int, _ high: Int) -> UInt64 {
            var mask: UInt64 = 0
            for part in field.split(separator: ",") {
                let pieces = part.split(separator: "/").map(String.init)
                let step = pieces.count > 1 ? Int(pieces[1])! : 1
                var (a, b) = (low, high)
                if pieces[0] != "*" {
                    let bounds = pieces[0].split(separator: "-").map { Int($0)! }
                    a = bounds[0]
                    b = bounds.count > 1 ? bounds[1] : (pieces.count > 1 ? high : bounds[0])
                }
                for v in stride(from: a, through: b, by: step) { mask |= 1 << UInt64(v) }
            }
            return mask
        }
        var dow = bits(fields[4], 0, 7)
        if dow & (1 << 7) != 0 { dow = (dow | 1) & 0x7F }
        return CronExpression(
            minutes: bits(fields[0], 0, 59), hours: UInt32(bits(fields[1], 0, 23)),
            daysOfMonth: UInt32(bits(fields[2], 1, 31)), months: UInt16(bits(fields[3], 1, 12)),
            daysOfWeek: UInt8(dow), dayOfMonthStar: fields[2].hasPrefix("*"),
            dayOfWeekStar: fields[4].hasPrefix("*"), source: text)
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
