import AlmanacExpect
import AlmanacModel
import AlmanacSpec
import AlmanacTestSupport
import Foundation
import Testing

/// What each assertion means at its edges: quiet hours across midnight, pairs of `apart`, times in
/// clock changes, groups of triggers; each case with a spec small enough to count its fires by hand.
@Suite struct ExpectationRunnerTests {
    /// Each failing assertion's line and codes (`5: E0714`), or the reading problems (`read 4:14 E0701`).
    func outcome(_ spec: String, _ expect: String) -> [String] {
        let loaded = SpecLoader.load(SourceFile(path: "s.yaml", text: spec))
        guard let schedule = loaded.schedule else { return loaded.diagnostics.map { "spec \($0.code.rawValue): \($0.message)" } }
        let (expectations, problems) = ExpectationReader.read(
            SourceFile(path: "s.expect.yaml", text: expect), triggerIDs: schedule.triggers.map(\.id), blackouts: loaded.blackouts,
            specPath: "s.yaml")
        if !problems.isEmpty {
            return problems.map { "read \($0.range.map { "\($0.start.line):\($0.start.column)" } ?? "-") \($0.code.rawValue)" }
        }
        guard let expectations else { return ["no expectations"] }
        switch ExpectationRunner.run(expectations, on: schedule) {
        case .ran(let results):
            return results.filter { !$0.passed }.map { r in
                "\(r.assertion.range.start.line): " + r.failures.map(\.code.rawValue).joined(separator: " ")
            }
        case .badWindow(let d): return ["window \(d.code.rawValue)"]
        case .compileFailed(let ds): return ds.map { "compile \($0.code.rawValue)" }
        }
    }

    /// All the codes an expectation file draws (`E0702`), reading problems and failures alike.
    func codes(_ spec: String, _ expect: String) -> Set<String> {
        let loaded = SpecLoader.load(SourceFile(path: "s.yaml", text: spec))
        guard let schedule = loaded.schedule else { return [] }
        let (expectations, problems) = ExpectationReader.read(
            SourceFile(path: "s.expect.yaml", text: expect), triggerIDs: schedule.triggers.map(\.id), blackouts: loaded.blackouts,
            specPath: "s.yaml")
        var codes = Set(problems.map(\.code.rawValue))
        guard let expectations else { return codes }
        switch ExpectationRunner.run(expectations, on: schedule) {
        case .ran(let results): codes.formUnion(results.flatMap(\.failures).map(\.code.rawValue))
        case .badWindow(let d): codes.insert(d.code.rawValue)
        case .compileFailed(let ds): codes.formUnion(ds.map(\.code.rawValue))
        }
        return codes
    }

    /// Every E07xx code is drawn by a fixture of `almanac test` (whose goldens show each one), as
    /// the spec corpora do for theirs.
    @Test func everyExpectationCodeIsEmitted() throws {
        let directory = Golden.repositoryRoot + "/Tests/CLITests/Fixtures/test"
        var seen: Set<String> = []
        for name in ["pass", "fail", "malformed", "window"] {
            let spec = try String(contentsOfFile: "\(directory)/\(name).yaml", encoding: .utf8)
            seen.formUnion(codes(spec, try String(contentsOfFile: "\(directory)/\(name).expect.yaml", encoding: .utf8)))
        }
        // The empty window needs a spec in hand (TestCommandTests runs it through the command).
        seen.formUnion(codes(Self.newYork, "window: {from: 2027-03-13, to: 2027-03-13}\nexpect:\n  - {count: 1}\n"))
        let missing = DiagnosticCode.allCases.map(\.rawValue).filter { $0.hasPrefix("E07") && !seen.contains($0) }
        #expect(missing.isEmpty, "codes no expectation fixture draws: \(missing)")
    }

    static let newYork = """
        version: 1
        timezone: America/New_York
        blackouts:
          holidays: [2027-03-15]
        triggers:
          late: {calendar: {at: ["23:30", "00:30", "02:30"]}}
          noon: {calendar: {at: "12:00"}}
          early: {calendar: {at: "11:50"}}

        """

    @Test func quietHoursAcrossMidnightBelongToTheDayTheyStartOn() {
        // 2027-03-13 is a Saturday. 00:30 on Sunday belongs to Saturday night; 00:30 on Saturday to Friday night.
        let window = "window: {from: 2027-03-13, to: 2027-03-14}\nexpect:\n"
        #expect(outcome(Self.newYork, window + "  - {trigger: late, quiet: [\"23:00\", \"01:00\"], weekdays: fri}\n") == ["3: E0714"])
        #expect(outcome(Self.newYork, window + "  - {trigger: late, quiet: [\"23:00\", \"01:00\"], weekdays: sat}\n") == ["3: E0714"])
        #expect(outcome(Self.newYork, window + "  - {trigger: late, quiet: [\"23:00\", \"01:00\"], weekdays: sun}\n") == [])
        #expect(outcome(Self.newYork, window + "  - {trigger: late, quiet: [\"23:00\", \"01:00\"], weekdays: [sun, mon-thu]}\n") == [])
        #expect(
            outcome(Self.newYork, window + "  - {trigger: late, quiet: [\"23:00\", \"01:00\"], weekdays: [sun, fri]}\n") == ["3: E0714"])
        #expect(outcome(Self.newYork, window + "  - {trigger: late, quiet: [\"01:00\", \"02:00\"]}\n") == [])
        #expect(outcome(Self.newYork, window + "  - {trigger: late, quiet: [\"02:30\", \"02:31\"]}\n") == ["3: E0714"])
    }

    @Test func apartComparesBothDirectionsAndEachPairOfOneTriggerOnce() {
        let window = "window: {from: 2027-03-10, to: 2027-03-11}\nexpect:\n"
        #expect(outcome(Self.newYork, window + "  - {apart: [noon, early], by: 10m}\n") == [])
        #expect(outcome(Self.newYork, window + "  - {apart: [noon, early], by: 11m}\n") == ["3: E0715"])
        #expect(outcome(Self.newYork, window + "  - {apart: [early, noon], by: 11m}\n") == ["3: E0715"])
        // 23:30 and 00:30 (the next day is outside the window): the day's three fires are 1 h and 2 h apart.
        #expect(outcome(Self.newYork, window + "  - {apart: [late, late], by: 2h}\n") == [])
        #expect(outcome(Self.newYork, window + "  - {apart: [late, late], by: 2h1s}\n") == ["3: E0715"])
        let loaded = SpecLoader.load(SourceFile(path: "s.yaml", text: Self.newYork))
        let (e, _) = ExpectationReader.read(
            SourceFile(path: "e", text: window + "  - {apart: [late, late], by: 23h}\n"), triggerIDs: ["late", "noon", "early"],
            blackouts: [:], specPath: "s.yaml")
        guard case .ran(let results) = ExpectationRunner.run(e!, on: loaded.schedule!) else {
            Issue.record("did not run")
            return
        }
        // 00:30, 02:30 and 23:30: within 23 h, 00:30/02:30 (2 h) and 02:30/23:30 (21 h), each counted once;
        // 00:30/23:30 is exactly 23 h, not less.
        #expect(
            results[0].failures[0].message == "2 pairs of fires of trigger 'late' are within 23 h of each other (the closest 2 h apart)",
            "\(results[0].failures[0].message)")
    }

    /// Every pair of 2,880 fires is within 30 days of the others: counted, not listed, at once.
    @Test func apartCountsMillionsOfPairsWithoutListingThem() {
        let spec = "version: 1\ntimezone: UTC\ntriggers:\n  tick: {cron: \"*/15 * * * *\"}\n"
        let loaded = SpecLoader.load(SourceFile(path: "s.yaml", text: spec))
        let (e, problems) = ExpectationReader.read(
            SourceFile(path: "e", text: "window: {from: 2027-01-01, horizon: 30d}\nexpect:\n  - {apart: [tick, tick], by: 30d}\n"),
            triggerIDs: ["tick"], blackouts: [:], specPath: "s.yaml")
        #expect(problems.isEmpty)
        guard case .ran(let results) = ExpectationRunner.run(e!, on: loaded.schedule!) else {
            Issue.record("did not run")
            return
        }
        let failure = results[0].failures[0]
        #expect(failure.message == "4145760 pairs of fires of trigger 'tick' are within 30 d of each other (the closest 15 min apart)")
        #expect(failure.notes.count == 6)
        #expect(failure.notes.last?.message == "and 4145755 more")
    }

    @Test func timesAreTheWallTimesFiresHappenAtThroughClockChanges() {
        // Spring forward on 2027-03-14: 02:30 does not exist; the default gap policy fires at 03:30.
        let window = "window: {from: 2027-03-14, to: 2027-03-15}\nexpect:\n"
        #expect(
            outcome(Self.newYork, window + "  - {trigger: late, fires: [2027-03-14T00:30, 2027-03-14T03:30, 2027-03-14T23:30]}\n") == [])
        #expect(outcome(Self.newYork, window + "  - {trigger: late, includes: [2027-03-14T02:30]}\n") == ["3: E0711"])
        // An instant names the fire itself: 03:30 EDT is 07:30Z.
        #expect(outcome(Self.newYork, window + "  - {trigger: late, includes: [2027-03-14T07:30:00Z]}\n") == [])
        // Fall back on 2027-11-07: 01:30 happens twice; `overlap: both` fires at each, told apart by instant.
        let both = Self.newYork + "  twice: {calendar: {at: \"01:30\"}, dst: {overlap: both}}\n"
        let fall = "window: {from: 2027-11-07, to: 2027-11-08}\nexpect:\n"
        #expect(outcome(both, fall + "  - {trigger: twice, fires: [2027-11-07T01:30]}\n") == [])
        #expect(outcome(both, fall + "  - {trigger: twice, count: 2}\n") == [])
        #expect(outcome(both, fall + "  - {trigger: twice, fires: [2027-11-07T05:30:00Z, 2027-11-07T06:30:00Z]}\n") == [])
        #expect(outcome(both, fall + "  - {trigger: twice, fires: [2027-11-07T05:30:00Z]}\n") == ["3: E0710"])
    }

    @Test func groupsAndTheWholeScheduleCountTogether() {
        let window = "window: {from: 2027-03-10, horizon: 2d}\nexpect:\n"
        #expect(outcome(Self.newYork, window + "  - {max_per_day: 5}\n") == [])
        #expect(outcome(Self.newYork, window + "  - {max_per_day: 4}\n") == ["3: E0713"])
        #expect(outcome(Self.newYork, window + "  - {trigger: [noon, early], max_per_day: 2}\n") == [])
        #expect(outcome(Self.newYork, window + "  - {trigger: [noon, early], count: 4}\n") == [])
        #expect(outcome(Self.newYork, window + "  - {count: 9}\n") == ["3: E0716"])
    }

    @Test func daysAreDatesRangesWeekdaysOrBlackouts() {
        let window = "window: {from: 2027-03-13, horizon: 3d}\nexpect:\n" // Sat 13 – Mon 15
        #expect(outcome(Self.newYork, window + "  - {trigger: noon, never_on: [2027-03-16, tue-fri]}\n") == [])
        #expect(outcome(Self.newYork, window + "  - {trigger: noon, never_on: [holidays]}\n") == ["3: E0712"])
        #expect(
            outcome(Self.newYork, window + "  - {trigger: noon, never_on: [sun, {from: 2027-03-01, to: 2027-03-13}]}\n") == [
                "3: E0712 E0712"
            ])
        #expect(outcome(Self.newYork, window + "  - {trigger: noon, never_on: [2tue]}\n") == ["read 3:32 E0702"])
        #expect(outcome(Self.newYork, window + "  - {trigger: noon, never_on: [{from: 2027-03-01}]}\n") == ["read 3:32 E0702"])
    }

    @Test func mistakesAreLocatedAndTheWindowCannotDependOnToday() {
        #expect(outcome(Self.newYork, "window: {from: now}\nexpect:\n  - {count: 1}\n") == ["read 1:16 E0704"])
        #expect(
            outcome(Self.newYork, "window: {from: 2027-03-13, to: 2027-03-14, horizon: 1d}\nexpect:\n  - {count: 1}\n") == [
                "read 1:44 E0704"
            ])
        #expect(outcome(Self.newYork, "window: {from: 2027-03-13}\nexpect: []\n") == ["read 2:9 E0220"])
        #expect(outcome(Self.newYork, "window: {from: 2027-03-13}\nexpcet: []\n") == ["read 1:1 E0202", "read 2:1 E0201"])
        #expect(outcome(Self.newYork, "window: {from: 2027-03-13}\nexpect:\n  - {trigger: noon, count: -1}\n") == ["read 3:28 E0211"])
        #expect(outcome(Self.newYork, "window: {from: 2027-03-13}\nexpect:\n  - {apart: [noon, early]}\n") == ["read 3:6 E0703"])
        #expect(
            outcome(Self.newYork, "window: {from: 2027-03-13}\nexpect:\n  - {includes: [2027-03-13T12:00], trigger: [noon, early]}\n") == [
                "read 3:6 E0703"
            ])
        #expect(outcome(Self.newYork, "window: {from: 2027-03-13, to: 2027-03-13}\nexpect:\n  - {count: 1}\n") == ["window E0704"])
    }
}
