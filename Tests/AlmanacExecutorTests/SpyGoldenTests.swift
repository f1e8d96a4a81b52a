import AlmanacPlan
import AlmanacRegistration
import AlmanacTestSupport
import AlmanacTime
import Foundation
import Testing
@testable import AlmanacExecutor

/// Golden spy records for every example, from the compiler's golden plans (read, never
/// compiled: the executor does not import the compiler). `reconcile` at a pinned `now` — 33 hours
/// into the window (09:00 on the second day in Chicago, when a location window is armed) — and `simulate` from the window's start, each call a JSON line. The
/// simulate golden covers a week, which holds every weekly pattern: in full when that fits in 64 KB,
/// else the first whole days that fit, with a last line counting the week's calls, so every golden
/// stays readable; the whole window is simulated too and checked for every fire delivered once, in
/// plan order.
/// The goldens hold the record read back in full (`SpyRecordReader`): every line with its fields and
/// payload, as the spy wrote before its record was compact; `CompactSpyRecordTests` and
/// `SimulateTests` pin the compact lines themselves.
/// Re-record after review with `ALMANAC_RECORD=1 swift test --filter SpyGoldenTests`.
@Suite struct SpyGoldenTests {
    static let planDirectory = "Tests/AlmanacCompilerTests/Golden/examples"
    static let goldenDirectory = Golden.repositoryRoot + "/Tests/AlmanacExecutorTests/Golden/"

    /// Every golden plan of an example, by name (`arrive-leave`, `dst-sensitive@2027-03-12`, …).
    static let names: [String] = Golden.files(in: planDirectory, ext: "plan.json").map {
        String(URL(fileURLWithPath: $0).lastPathComponent.dropLast(".plan.json".count))
    }

    static func plan(_ name: String) throws -> Plan {
        try PlanReader.read(contentsOfFile: Golden.repositoryRoot + "/\(planDirectory)/\(name).plan.json")
    }

    static func pinnedNow(_ plan: Plan) -> Instant {
        Instant(secondsSinceEpoch: plan.window.from.secondsSinceEpoch + 33 * 3600)
    }

    @Test(arguments: names)
    func reconcileMatchesGolden(_ name: String) throws {
        let plan = try Self.plan(name)
        let record = LineSink()
        let registration = try Reconciler.reconcile(plan, now: Self.pinnedNow(plan), backend: SpyBackend(output: record))
        let failure = Golden.check(
            SpyRecordReader.expand(record.lines).joined(separator: "\n") + "\n", against: Self.goldenDirectory + "\(name).reconcile.jsonl")
        #expect(failure == nil, "\(failure ?? "")")
        // What the record must say whatever the golden holds: the budget and only future fires.
        #expect(registration.fires.count <= plan.limits.maxPending)
        #expect(registration.fires.allSatisfy { $0.at > Self.pinnedNow(plan) })
        #expect(record.lines.count == 1 + registration.fires.count + registration.regions.count)
    }

    /// The spy record of `simulate` from the window's start until `until`.
    static func simulate(_ plan: Plan, until: Instant) throws -> (lines: [String], summary: FireLoop.Summary) {
        let record = LineSink()
        let summary = try FireLoop(
            loadPlan: { plan }, backend: SpyBackend(output: record), journal: Journal(),
            clock: VirtualClock(start: plan.window.from),
            options: FireLoop.Options(until: Double(until.secondsSinceEpoch))
        ).run()
        return (record.lines, summary)
    }

    /// The most a golden may hold: a reviewer reads it whole.
    static let goldenLimit = 64 * 1024

    /// The simulate golden of `plan`: the record of its first week read back in full when it fits in
    /// `goldenLimit`, else of the most whole days that fit, and then one line counting the calls of
    /// the whole week by kind (`{"days": 2, "week": {"cancelAll": 8, "fire": 409, …}}`).
    static func simulateGolden(_ plan: Plan) throws -> String {
        let from = plan.window.from.secondsSinceEpoch
        func record(days: Int64) throws -> String {
            let until = min(plan.window.to, Instant(secondsSinceEpoch: from + days * 86_400))
            return SpyRecordReader.expand(try simulate(plan, until: until).lines).joined(separator: "\n") + "\n"
        }
        let week = try record(days: 7)
        if week.utf8.count <= goldenLimit { return week }
        var days: Int64 = 6
        var text = try record(days: days)
        while days > 1 && text.utf8.count > goldenLimit - 200 {
            days -= 1
            text = try record(days: days)
        }
        var calls: [String: Int] = [:]
        for line in week.split(separator: "\n") where line.hasPrefix("{\"call\": \"") {
            calls[String(line.dropFirst(10).prefix { $0 != "\"" }), default: 0] += 1
        }
        let counts = calls.keys.sorted().map { "\"\($0)\": \(calls[$0]!)" }.joined(separator: ", ")
        return text + "{\"days\": \(days), \"week\": {\(counts)}}\n"
    }

    @Test(arguments: names)
    func simulateMatchesGolden(_ name: String) throws {
        let golden = try Self.simulateGolden(try Self.plan(name))
        #expect(golden.utf8.count <= Self.goldenLimit)
        let failure = Golden.check(golden, against: Self.goldenDirectory + "\(name).simulate.jsonl")
        #expect(failure == nil, "\(failure ?? "")")
    }

    @Test(arguments: names)
    func simulateOverTheWindowDeliversEveryFireOnceInOrder(_ name: String) throws {
        let plan = try Self.plan(name)
        let (lines, summary) = try Self.simulate(plan, until: plan.window.to)
        let fired = lines.filter { $0.hasPrefix("{\"call\": \"fire\"") }
        #expect(summary.fired == plan.fires.count)
        #expect(fired.count == plan.fires.count)
        #expect(fired.map { String($0.split(separator: "\"")[7]) } == plan.fires.map(\.id))
    }

    @Test func everyExamplePlanHasGoldens() {
        #expect(Self.names.count >= 10)
        for name in Self.names {
            for kind in ["reconcile", "simulate"] {
                #expect(FileManager.default.fileExists(atPath: Self.goldenDirectory + "\(name).\(kind).jsonl") || Golden.isRecording)
            }
        }
    }
}
