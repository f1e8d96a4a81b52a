import AlmanacCompiler
import AlmanacModel
import AlmanacPlan
import AlmanacSpec
import AlmanacTestSupport
import AlmanacTime
import Foundation
import Testing
@testable import AlmanacExpect

/// The streaming runner of `almanac test` against the one it replaced (`WholeWindowExpectationRunner`,
/// which held every fire of the window): the same failures, word for word and in the same order,
/// for the shipped examples, the command's fixtures, and random assertions of every kind.
@Suite struct StreamingExpectationTests {
    static let root = Golden.repositoryRoot

    /// Each spec with an expectation file beside it.
    static let examples: [String] = Golden.files(in: "examples", ext: "yaml").filter {
        FileManager.default.fileExists(atPath: expectPath($0))
    }
    static let specs: [String] = examples + ["pass", "fail"].map { "Tests/CLITests/Fixtures/test/\($0).yaml" }

    static func expectPath(_ spec: String) -> String {
        let path = spec.hasPrefix("/") ? spec : root + "/" + spec
        return String(path.dropLast(".yaml".count)) + ".expect.yaml"
    }

    static func load(_ spec: String) throws -> (Schedule, SpecLoader.Result) {
        let path = spec.hasPrefix("/") ? spec : root + "/" + spec
        let loaded = SpecLoader.load(SourceFile(path: spec, bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path)))))
        return (try #require(loaded.schedule, "\(loaded.diagnostics)"), loaded)
    }

    static func streamed(_ expectations: Expectations, _ schedule: Schedule) -> [[Diagnostic]]? {
        guard case .ran(let results) = ExpectationRunner.run(expectations, on: schedule) else { return nil }
        return results.map(\.failures)
    }

    @Test(arguments: specs)
    func shippedExpectationsFailAlike(_ spec: String) throws {
        let (schedule, loaded) = try Self.load(spec)
        let text = try Data(contentsOf: URL(fileURLWithPath: Self.expectPath(spec)))
        let (read, problems) = ExpectationReader.read(
            SourceFile(path: "e.yaml", bytes: Array(text)), triggerIDs: schedule.triggers.map(\.id), blackouts: loaded.blackouts,
            specPath: spec)
        let expectations = try #require(read, "\(problems)")
        let reference = WholeWindowExpectationRunner.run(expectations, on: schedule)
        #expect(reference != nil)
        #expect(Self.streamed(expectations, schedule) == reference)
    }

    /// A range nobody reads, for assertions made in code.
    static func at(_ line: Int) -> SourceRange { SourceRange(line: line, column: 1, length: 1) }

    /// Random assertions of every kind over a spec's fires in a random window.
    static func randomExpectations(_ schedule: Schedule, fires: [Fire], window: WindowRequest, rng: inout SplitMix) -> Expectations {
        let ids = schedule.triggers.map(\.id)
        func pick() -> String { ids[Int(rng.next() % UInt64(ids.count))] }
        func group() -> [String]? {
            switch rng.next() % 3 {
            case 0: return nil
            case 1: return [pick()]
            default: return Array(Set([pick(), pick()])).sorted()
            }
        }
        var assertions: [Assertion] = []
        func add(_ kind: String, _ triggers: [String]?, _ check: Check) {
            assertions.append(Assertion(kind: kind, name: kind, range: at(assertions.count + 1), triggers: triggers, check: check))
        }
        let someDate = fires.isEmpty ? CivilDate(year: 2027, month: 1, day: 4) : fires[Int(rng.next() % UInt64(fires.count))].local.date
        for _ in 0..<8 {
            switch rng.next() % 6 {
            case 0:
                let trigger = pick()
                let mine = fires.filter { $0.trigger == trigger }
                var times: [Located<ExpectedTime>] = []
                for k in 0..<Int(rng.next() % 6) {
                    if let f = mine.randomElement(using: &rng), rng.next() % 3 != 0 {
                        times.append(Located(rng.next() % 2 == 0 ? .local(f.local) : .instant(f.at), at: at(100 + k)))
                    } else {
                        times.append(
                            Located(.instant(Instant(secondsSinceEpoch: 1_800_000_000 + Int64(rng.next() % 100_000))), at: at(100 + k)))
                    }
                }
                add("fires", [trigger], .fires(exactly: rng.next() % 2 == 0, times))
            case 1:
                let days: [Located<DaySet>] = [
                    Located(.weekdays([Weekday.allCases[Int(rng.next() % 7)]]), at: at(200)),
                    Located(.dates(DateRange(from: someDate, to: someDate.adding(days: Int(rng.next() % 3)))), at: at(201)),
                ]
                add("never_on", group(), .neverOn(days))
            case 2:
                add("max_per_day", group(), .maxPerDay(Located(Int(rng.next() % 4), at: at(300))))
            case 3:
                let from = LocalTime(hour: Int(rng.next() % 24), minute: 0, second: 0)
                let to = LocalTime(hour: Int(rng.next() % 24), minute: 30, second: 0)
                let weekdays: Set<Weekday>? = rng.next() % 2 == 0 ? nil : [Weekday.allCases[Int(rng.next() % 7)]]
                add("quiet", group(), .quiet(from: from, to: to, weekdays: weekdays, at: at(400)))
            case 4:
                let x = pick(), y = rng.next() % 3 == 0 ? x : pick()
                let by = TimeSpan(seconds: [0, 60, 900, 3600, 7200, 86_400, 3 * 86_400][Int(rng.next() % 7)])
                add("apart", [x, y], .apart(x, y, by: by))
            default:
                add("count", group(), .count(Located(Int(rng.next() % 40), at: at(500))))
            }
        }
        return Expectations(window: window, assertions: assertions, windowRange: at(1))
    }

    @Test(arguments: 1...12)
    func randomAssertionsFailAlike(seed: UInt64) throws {
        var rng = SplitMix(seed: seed)
        try #require(!Self.examples.isEmpty, "no example has an expectation file")
        let spec = Self.examples[Int(seed) % Self.examples.count]
        let (schedule, _) = try Self.load(spec)
        let from = CivilDate(year: 2026, month: 11, day: 1).adding(days: Int(rng.next() % 150))
        let window = WindowRequest(from: .date(from), horizon: WindowLength(days: 1 + Int64(rng.next() % 40)))
        let resolved = try #require(window.resolve(now: Instant(secondsSinceEpoch: 0), zone: schedule.timezone ?? "UTC", specHorizon: nil))
        let fires = try Compiler().compile(schedule, window: resolved).plan.fires
        for round in 0..<4 {
            let expectations = Self.randomExpectations(schedule, fires: fires, window: window, rng: &rng)
            let reference = try #require(WholeWindowExpectationRunner.run(expectations, on: schedule))
            #expect(Self.streamed(expectations, schedule) == reference, "\(spec), round \(round)")
        }
    }

    /// `apart` over a trigger firing every minute for a long span, at a distance that pairs many
    /// fires with many: the counts, the closest pair and the pairs listed agree.
    @Test func apartOverDenseFiresAgrees() throws {
        let spec = """
            version: 1
            timezone: Europe/Berlin
            triggers:
              tick: {every: 7m}
              tock: {cron: "*/5 * * * *"}
            """
        let loaded = SpecLoader.load(SourceFile(path: "s.yaml", text: spec))
        let schedule = try #require(loaded.schedule, "\(loaded.diagnostics)")
        let window = WindowRequest(from: .date(CivilDate(year: 2026, month: 10, day: 20)), horizon: WindowLength(days: 12))
        for (x, y) in [("tick", "tock"), ("tock", "tick"), ("tick", "tick")] {
            for by in [1, 60, 299, 300, 3600, 86_400] as [Int64] {
                let expectations = Expectations(
                    window: window,
                    assertions: [
                        Assertion(
                            kind: "apart", name: "apart", range: Self.at(1), triggers: [x, y],
                            check: .apart(x, y, by: TimeSpan(seconds: by)))
                    ],
                    windowRange: Self.at(1))
                let reference = try #require(WholeWindowExpectationRunner.run(expectations, on: schedule))
                #expect(Self.streamed(expectations, schedule) == reference, "\(x) \(y) \(by)")
            }
        }
    }
}

extension SplitMix: RandomNumberGenerator {}
