import AlmanacCommandLine
import AlmanacCompiler
import AlmanacPlan
import AlmanacModel
import AlmanacSpec
import AlmanacTime
import Testing

/// The daylight-saving advice (W0603) across rules and zones east and west of UTC: the policy it
/// advises, applied to the spec, silences the lint and keeps the rule's intent (a daily rule fires
/// once on the transition day; a rule that fires at least hourly has no silent hour), and a
/// stated policy is never second-guessed.
@Suite struct DSTAdviceTests {
    /// A zone and the local date of each of its 2026 transitions (the day it happens).
    static let zones: [(zone: String, days: [String])] = [
        ("America/New_York", ["2026-03-08", "2026-11-01"]),
        ("America/Santiago", ["2026-04-05", "2026-09-06"]),
        ("Europe/Berlin", ["2026-03-29", "2026-10-25"]),
        ("Europe/London", ["2026-03-29", "2026-10-25"]),
        ("Australia/Sydney", ["2026-04-05", "2026-10-04"]),
        ("Australia/Lord_Howe", ["2026-04-05", "2026-10-04"]),
        ("Pacific/Chatham", ["2026-04-05", "2026-09-27"]),
        ("America/Havana", ["2026-03-08", "2026-11-01"]),
    ]

    /// Rules as YAML, and whether they fire at least hourly.
    static let rules: [(yaml: String, hourly: Bool)] = [
        ("{calendar: {hours: 0, minutes: 30}}", false), ("{calendar: {hours: 1, minutes: 30}}", false),
        ("{calendar: {hours: 2, minutes: 15}}", false), ("{cron: \"45 2 * * *\"}", false),
        ("{cron: \"0 0,1,2,3 * * *\"}", true), ("{cron: \"*/15 * * * *\"}", true),
        ("{calendar: {minutes: [0, 30]}}", true), ("{rrule: \"FREQ=HOURLY;BYMINUTE=10\", start: 2026-01-01T00:10}", true),
        ("{rrule: \"FREQ=DAILY;BYHOUR=1;BYMINUTE=30\", start: 2026-01-01T01:30}", false),
        ("{calendar: {hours: [1, 4], minutes: 0}}", false), ("{cron: \"30 1-3 * * *\"}", true),
        // Times exactly an hour apart, the edge of "at least hourly", in every kind and around midnight.
        ("{calendar: {hours: [1, 2], minutes: 30}}", true),
        ("{rrule: \"FREQ=DAILY;BYHOUR=1,2;BYMINUTE=30\", start: 2026-01-01T01:30}", true),
        ("{cron: \"30 23,0 * * *\"}", true), ("{calendar: {hours: [1, 3], minutes: 30}}", false),
    ]

    struct Case: Sendable, CustomTestStringConvertible {
        var zone: String, day: String, rule: String, hourly: Bool
        var testDescription: String { "\(zone) \(day) \(rule)" }
    }

    static let cases: [Case] = zones.flatMap { z in
        z.days.flatMap { day in rules.map { Case(zone: z.zone, day: day, rule: $0.yaml, hourly: $0.hourly) } }
    }

    static func compile(_ c: Case, dst: String?) throws -> (warning: Diagnostic?, fires: [Fire]) {
        let text =
            "version: 1\ntimezone: \(c.zone)\nlimits: {max_pending: 1000}\ntriggers:\n  t: \(c.rule.dropLast())"
            + (dst.map { ", dst: \($0)" } ?? "") + "}\n"
        let loaded = SpecLoader.load(SourceFile(path: "t.yaml", bytes: Array(text.utf8)))
        let schedule = try #require(loaded.schedule, "\(loaded.diagnostics) \(text)")
        let day = try #require(TimeArgument.parseDate(c.day))
        // From the day before to the day after: transitions at midnight (Santiago, Havana) fall on
        // the evening before the date named.
        let window = try #require(
            WindowRequest(from: .date(day.adding(days: -1)), horizon: WindowLength(days: 2))
                .resolve(now: Instant(secondsSinceEpoch: 0), zone: c.zone, specHorizon: nil))
        let result = try Compiler(tzdataVersion: "test").compile(schedule, specSHA256: "0", window: window)
        return (result.diagnostics.first { $0.code == .dstAffected }, result.plan.fires)
    }

    /// The policy the message advises: the first `dst: {…}` it writes.
    static func advice(_ message: String) -> String? {
        guard let start = message.range(of: "`dst: {") else { return nil }
        let rest = message[start.upperBound...]
        guard let end = rest.firstIndex(of: "}") else { return nil }
        return "{" + rest[..<end] + "}"
    }

    @Test(arguments: cases)
    func adviceKeepsTheRuleIntent(_ c: Case) throws {
        let (warning, before) = try Self.compile(c, dst: nil)
        guard let warning else { return } // the rule has no time the transition touched
        let advised = try #require(Self.advice(warning.message), "no advice in: \(warning.message)")
        if !c.hourly { #expect(!advised.contains("both"), "a daily rule told to fire twice: \(warning.message)") }
        let (after, fires) = try Self.compile(c, dst: advised)
        #expect(after == nil, "the advised \(advised) still warns: \(after?.message ?? "")")
        if c.hourly {
            // No silent stretch: every gap is the rule's rhythm (at most an hour) or the night
            // between two days' runs of hours (`0 0,1,2,3`, `30 1-3`, `30 23,0`: 19 h or more with a
            // clock change). An hour-apart rule advised as a daily one leaves two hours silent.
            let times = fires.map(\.at.secondsSinceEpoch)
            let gaps = zip(times.dropFirst(), times).map { $0 - $1 }
            #expect(gaps.allSatisfy { $0 <= 3600 || $0 >= 19 * 3600 }, "a silent stretch with \(advised): \(fires.map(\.at))")
        } else {
            #expect(fires.count == before.count, "the advised \(advised) changed the number of fires")
        }
    }

    /// The class test above is not vacuous: most cases do warn, daily and hourly rules alike, in
    /// every zone.
    @Test func mostCasesWarn() throws {
        var warned: [String: Int] = [:]
        for c in Self.cases where try Self.compile(c, dst: nil).warning != nil {
            warned[c.zone, default: 0] += 1; warned[c.hourly ? "hourly" : "daily", default: 0] += 1
        }
        for z in Self.zones { #expect(warned[z.zone, default: 0] >= 4, "\(z.zone): \(warned)") }
        #expect(warned["hourly", default: 0] >= 30 && warned["daily", default: 0] >= 20, "\(warned.sorted { $0.key < $1.key })")
    }

    @Test(arguments: zones.map(\.zone))
    func aStatedPolicySatisfiesTheLint(_ zone: String) throws {
        for day in Self.zones.first(where: { $0.zone == zone })!.days {
            for rule in Self.rules {
                for dst in ["{gap: shift, overlap: first}", "{gap: skip, overlap: both}", "{gap: next, overlap: last}"] {
                    let c = Case(zone: zone, day: day, rule: rule.yaml, hourly: rule.hourly)
                    #expect(try Self.compile(c, dst: dst).warning == nil, "\(c.testDescription) \(dst)")
                }
            }
        }
    }

    /// Stating one part of the policy leaves the other linted, across a year with both transitions,
    /// whichever comes first in the window (and for calendar triggers expanded as a group too).
    @Test(arguments: ["America/New_York", "Australia/Sydney", "Europe/Paris", "Pacific/Chatham"])
    func statingOnePartLeavesTheOtherLinted(_ zone: String) throws {
        let times =
            zone == "Pacific/Chatham"
            ? "{hours: 3, minutes: 0}"
            : zone == "America/New_York"
                ? "{hours: [1, 2], minutes: 30}"
                : zone == "Europe/Paris" ? "{hours: [2], minutes: 30}" : "{hours: [2], minutes: 30}"
        for (dst, expected) in [("{overlap: first}", "gap"), ("{gap: shift}", "overlap")] {
            // Two triggers with one rule: the calendar group path; alone: the stream path.
            for copies in [1, 2] {
                var text = "version: 1\ntimezone: \(zone)\nlimits: {max_pending: 1000}\ntriggers:\n"
                for i in 0..<copies { text += "  t\(i): {calendar: \(times), dst: \(dst)}\n" }
                let loaded = SpecLoader.load(SourceFile(path: "t.yaml", bytes: Array(text.utf8)))
                let schedule = try #require(loaded.schedule, "\(loaded.diagnostics)")
                let window = Window(from: Instant(secondsSinceEpoch: 1_767_225_600), to: Instant(secondsSinceEpoch: 1_798_761_600)) // 2026
                let warnings = try Compiler(tzdataVersion: "test").compile(schedule, specSHA256: "0", window: window).diagnostics
                    .filter { $0.code == .dstAffected }
                #expect(warnings.count == copies, "\(zone) \(dst): \(warnings.map(\.message))")
                #expect(warnings.allSatisfy { $0.message.contains("dst.\(expected)") }, "\(zone) \(dst): \(warnings.map(\.message))")
            }
        }
    }
}

/// `min_coverage` in days is calendar days in the spec's zone: across a fall-back the busiest day is
/// 25 hours long and holds 100 quarter-hourly fires; written as `24h`, it is elapsed time (96 fires).
@Suite struct PendingBudgetCalendarDayTests {
    @Test(arguments: [
        ("Europe/Berlin", "2027-10-30"), ("America/New_York", "2027-11-06"), ("Australia/Sydney", "2027-04-03"),
        ("Pacific/Chatham", "2027-04-03"),
    ])
    func aDayOfCoverageIsACalendarDay(_ c: (String, String)) throws {
        for (coverage, fires) in [("1d", 100), ("24h", 96), ("2d", 196), ("48h", 192)] {
            let text = "version: 1\ntimezone: \(c.0)\nlimits: {max_pending: 60, min_coverage: \(coverage)}\ntriggers:\n  q: {every: 15m}\n"
            let loaded = SpecLoader.load(SourceFile(path: "t.yaml", bytes: Array(text.utf8)))
            let schedule = try #require(loaded.schedule, "\(loaded.diagnostics)")
            let from = try #require(TimeArgument.parse(c.1))
            let window = try #require(
                WindowRequest(from: from, horizon: WindowLength(days: 4))
                    .resolve(now: Instant(secondsSinceEpoch: 0), zone: c.0, specHorizon: nil))
            let warning = try #require(
                try Compiler(tzdataVersion: "test").compile(schedule, specSHA256: "0", window: window)
                    .diagnostics.first { $0.code == .pendingBudget })
            #expect(warning.message.contains("holds \(fires) fires"), "\(c.0) \(coverage): \(warning.message)")
            // 60 slots of 15 minutes (within the 64 a phone holds): 15h of coverage wherever the span starts.
            #expect(warning.message.contains("covers only 15h "), "\(warning.message)")
        }
    }
}
