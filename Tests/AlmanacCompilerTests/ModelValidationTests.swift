import AlmanacPlan
import AlmanacTestSupport
import AlmanacTime
import Foundation
import Testing
@testable import AlmanacCompiler
@testable import AlmanacModel
@testable import AlmanacSpec

/// A schedule built in code gets the checks `almanac check` makes: for each class of mistake, the
/// codes of `Schedule.validate()` on the schedule built in code equal the codes `check` reports for
/// the same mistake written in YAML, and the compiler refuses it with those errors.
@Suite struct ModelValidationTests {
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        /// The spec's `triggers:` entries (or a whole spec when it starts with `version`).
        var yaml: String
        var schedule: Schedule
        var description: String { name }
    }

    static func trigger(
        _ id: String = "t", _ kind: TriggerKind = .every(EveryRule(interval: TimeSpan(seconds: 3_600))),
        zone: String? = "Europe/Berlin", _ edit: (inout Trigger) -> Void = { _ in }
    ) -> Trigger {
        var t = Trigger(id: id, kind: kind, timezone: zone)
        edit(&t)
        return t
    }

    static func schedule(_ triggers: Trigger..., zone: String? = "Europe/Berlin", _ edit: (inout Schedule) -> Void = { _ in }) -> Schedule {
        var s = Schedule(name: "spec", timezone: zone, triggers: triggers)
        edit(&s)
        return s
    }

    static let cases: [Case] = [
        Case(name: "trigger id", yaml: "  \"Not An Id!\": {every: 1h}", schedule: schedule(trigger("Not An Id!"))),
        Case(
            name: "every 0", yaml: "  t: {every: 0s}", schedule: schedule(trigger("t", .every(EveryRule(interval: TimeSpan(seconds: 0)))))),
        Case(
            name: "jitter over a day", yaml: "  t: {every: 1h, jitter: 2d}",
            schedule: schedule(trigger { $0.jitter = TimeSpan(seconds: 2 * 86_400) })),
        Case(
            name: "jitter over 1000 intervals", yaml: "  t: {every: 1s, jitter: 20m}",
            schedule: schedule(trigger("t", .every(EveryRule(interval: TimeSpan(seconds: 1)))) { $0.jitter = TimeSpan(seconds: 1_200) })),
        Case(
            name: "end before start", yaml: "  t: {every: 1h, start: 2027-02-01, end: 2027-01-01}",
            schedule: schedule(
                trigger {
                    $0.start = .date(CivilDate(year: 2027, month: 2, day: 1)); $0.end = .date(CivilDate(year: 2027, month: 1, day: 1))
                })),
        Case(name: "count without start", yaml: "  t: {every: 1h, count: 3}", schedule: schedule(trigger { $0.count = 3 })),
        Case(
            name: "count 0", yaml: "  t: {every: 1h, start: 2027-01-01, count: 0}",
            schedule: schedule(
                trigger {
                    $0.count = 0; $0.start = .date(CivilDate(year: 2027, month: 1, day: 1))
                })),
        Case(name: "priority", yaml: "  t: {every: 1h, priority: 2000000}", schedule: schedule(trigger { $0.priority = 2_000_000 })),
        Case(name: "unknown zone", yaml: "  t: {every: 1h, timezone: Mars/Olympus}", schedule: schedule(trigger(zone: "Mars/Olympus"))),
        Case(name: "abbreviation for a zone", yaml: "  t: {every: 1h, timezone: PST}", schedule: schedule(trigger(zone: "PST"))),
        Case(
            name: "no zone for a wall clock", yaml: "version: 1\ntriggers:\n  t: {calendar: {at: \"09:00\"}}",
            schedule: schedule(trigger("t", .calendar(CalendarRule(times: [LocalTime(hour: 9, minute: 0)])), zone: nil), zone: nil)),
        Case(
            name: "never fires", yaml: "  t: {calendar: {months: [feb], days: [31]}}",
            schedule: schedule(trigger("t", .calendar(CalendarRule(months: [2], days: [31]))))),
        Case(name: "day 32", yaml: "  t: {calendar: {days: [32]}}", schedule: schedule(trigger("t", .calendar(CalendarRule(days: [32]))))),
        Case(
            name: "weekday ordinal 6", yaml: "  t: {calendar: {weekdays: [6mon]}}",
            schedule: schedule(trigger("t", .calendar(CalendarRule(weekdays: [WeekdaySelector(.monday, ordinal: 6)]))))),
        Case(
            name: "schedule name",
            yaml: "version: 1\nname: \"\(String(repeating: "n", count: 201))\"\ntimezone: Europe/Berlin\ntriggers:\n  t: {every: 1h}",
            schedule: schedule(trigger()) { $0.name = String(repeating: "n", count: 201) }),
        Case(
            name: "max_pending 0", yaml: "version: 1\ntimezone: Europe/Berlin\nlimits: {max_pending: 0}\ntriggers:\n  t: {every: 1h}",
            schedule: schedule(trigger()) { $0.limits.maxPending = 0 }),
        Case(
            name: "radius 0", yaml: "  t: {location: {region: {latitude: 52.5, longitude: 13.4, radius: 0}}}",
            schedule: schedule(
                trigger("t", .location(LocationRule(region: Region(name: nil, latitude: 52.5, longitude: 13.4, radius: 0), on: .enter))))),
        Case(
            name: "latitude 91", yaml: "  t: {location: {region: {latitude: 91, longitude: 13.4, radius: 100}}}",
            schedule: schedule(
                trigger("t", .location(LocationRule(region: Region(name: nil, latitude: 91, longitude: 13.4, radius: 100), on: .enter))))),
        Case(name: "duplicate ids", yaml: "  t: {every: 1h}\n  t: {every: 2h}", schedule: schedule(trigger(), trigger())),
        Case(name: "no triggers", yaml: "version: 1\ntimezone: Europe/Berlin\ntriggers: {}", schedule: schedule()),
        Case(
            name: "schedule name with a carriage return",
            yaml: "version: 1\nname: \"a\\rb\"\ntimezone: Europe/Berlin\ntriggers:\n  t: {every: 1h}",
            schedule: schedule(trigger()) { $0.name = "a\rb" }),
        Case(
            name: "payload key with an escape character", yaml: "  t: {every: 1h, payload: {\"k\\e\": 1}}",
            schedule: schedule(trigger { $0.payload = ["k\u{1B}": .number("1")] })),
        Case(
            name: "command on two lines", yaml: "  t: {every: 1h, payload: {command: \"a\\nb\"}}",
            schedule: schedule(trigger { $0.payload = ["command": .string("a\nb")] })),
        Case(
            name: "command argument with a CR", yaml: "  t: {every: 1h, payload: {command: [sh, \"a\\rb\"]}}",
            schedule: schedule(trigger { $0.payload = ["command": .array([.string("sh"), .string("a\rb")])] })),
        Case(
            name: "environment name and value", yaml: "  t: {every: 1h, payload: {environment: {\"A-B\": x, OK: \"a\\u2028\"}}}",
            schedule: schedule(trigger { $0.payload = ["environment": .object(["A-B": .string("x"), "OK": .string("a\u{2028}")])] })),
        Case(
            name: "title with a bidirectional override", yaml: "  t: {every: 1h, payload: {title: \"a\\u202eb\"}}",
            schedule: schedule(trigger { $0.payload = ["title": .string("a\u{202E}b")] })),
        Case(
            name: "version 2", yaml: "version: 2\ntimezone: Europe/Berlin\ntriggers:\n  t: {every: 1h}",
            schedule: schedule(trigger()) { $0.version = 2 }),
    ]

    static func yamlCodes(_ c: Case) -> [String] {
        let text = c.yaml.hasPrefix("version") ? c.yaml : "version: 1\nname: spec\ntimezone: Europe/Berlin\ntriggers:\n" + c.yaml
        return SpecLoader.load(SourceFile(path: "spec.yaml", bytes: Array((text + "\n").utf8))).diagnostics.map(\.code.rawValue).sorted()
    }

    @Test(arguments: cases)
    func codeAndYAMLGiveTheSameCodes(_ c: Case) throws {
        let yaml = Self.yamlCodes(c)
        #expect(!yaml.isEmpty, "the YAML spelling of '\(c.name)' is not a mistake")
        let model = c.schedule.validate()
        #expect(model.map(\.code.rawValue).sorted() == yaml, "\(c.name)")
        // Built in code, nothing has a place in a file.
        #expect(model.allSatisfy { $0.range == nil }, "\(c.name)")
        // And the compiler refuses it with those errors, where an error is among them.
        let errors = model.filter { $0.severity == .error }
        if !errors.isEmpty {
            let window = Window(from: Instant(secondsSinceEpoch: 1_798_761_600), to: Instant(secondsSinceEpoch: 1_798_761_600 + 86_400))
            #expect { try Compiler(tzdataVersion: "test").compile(c.schedule, window: window) } throws: { error in
                (error as? CompileError)?.diagnostics.map(\.code) == errors.map(\.code)
            }
        }
    }

    /// The compiler trusts a schedule the front end read without errors (`isKnownValid`) and skips
    /// `validate()`: sound only if no such schedule fails it, over every valid spec in the repository.
    @Test(arguments: [
        "examples", "Tests/AlmanacSpecTests/Fixtures/valid", "Tests/AlmanacSpecTests/Fixtures/warnings",
        "Tests/AlmanacCompilerTests/Fixtures/lints",
    ])
    func everyValidSpecPasses(_ directory: String) throws {
        let dir = AlmanacTestSupport.Golden.repositoryRoot + "/" + directory
        let names = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".yaml") }
        #expect(names.count >= 3)
        for name in names {
            let result = SpecLoader.load(SourceFile(path: name, bytes: Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/" + name)))))
            guard let schedule = result.schedule else { continue }
            #expect(schedule.isKnownValid)
            #expect(schedule.validate().filter { $0.severity == .error }.isEmpty, "\(name): \(schedule.validate())")
            var changed = schedule
            changed.limits.maxPending = 0
            #expect(!changed.isKnownValid, "a change clears the mark")
        }
    }

    /// The issue's case: an id `Not An Id!` and `every: 0`, built in code, used to compile into a
    /// 604,800-fire plan; now the compile is refused with both errors.
    @Test func theIssuesScheduleIsRefused() {
        let schedule = Self.schedule(Self.trigger("Not An Id!", .every(EveryRule(interval: TimeSpan(seconds: 0)))))
        let window = Window(from: Instant(secondsSinceEpoch: 1_798_761_600), to: Instant(secondsSinceEpoch: 1_798_761_600 + 7 * 86_400))
        #expect { try Compiler(tzdataVersion: "test").compile(schedule, window: window) } throws: { error in
            Set((error as? CompileError)?.diagnostics.map(\.code) ?? []) == [.invalidTriggerID, .invalidDuration]
        }
    }
}
