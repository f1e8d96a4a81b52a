import AlmanacPlan
import AlmanacRegistration
import AlmanacTestSupport
import AlmanacTime
import Testing
@testable import AlmanacExecutor
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reconciling from a plan file read lazily registers exactly what the whole-plan reconcile does
/// (fires, refresh_by, future fire count), with one priority level and with several, at instants
/// before, inside and after the plan, and with budgets from 0 to more than the plan holds.
@Suite struct StreamingReconcileTests {
    @Test(arguments: Array(1...12) as [UInt64])
    func agreesWithTheWholePlanReconcile(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let triggers = (0..<(1 + Int(random.next() % 5))).map { "t\($0)" + String(repeating: "x", count: Int(random.next() % 20)) }
        var fires: [Fire] = []
        for trigger in triggers {
            let step = Int64(20 + random.next() % 400)
            fires += TestPlans.every(trigger, step: step, from: Int64(random.next() % 300), to: Int64(40_000 + random.next() % 40_000))
        }
        // Half the seeds give every trigger one priority (the fast path), half mix them.
        var priorities: [String: Int] = [:]
        for trigger in triggers { priorities[trigger] = seed % 2 == 0 ? 3 : Int(random.next() % 4) - 2 }
        let budget = [0, 1, 5, 64, 100_000][Int(random.next() % 5)]
        let plan = TestPlans.plan(fires, priorities: priorities, maxPending: budget, length: 90_000)
        let path = "/tmp/almanac-streaming-reconcile-\(getpid())-\(seed).json"
        let bytes = PlanWriter<ByteBuffer>.render(plan)
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        _ = bytes.withUnsafeBytes { systemWrite(fd, $0.baseAddress, $0.count) }
        close(fd)
        defer { unlink(path) }
        let source = try PlanFireSource.open(path: path)
        var nows = [-100, 0, 1, 89_999, 90_000, 100_000].map { TestPlans.at(Int64($0)) }
        for _ in 0..<60 { nows.append(TestPlans.at(Int64(random.next() % 90_000))) }
        nows += plan.fires.prefix(5).map(\.at) + plan.fires.suffix(5).map(\.at)
        for now in nows {
            let expected = Reconciler.registration(for: plan, now: now)
            let actual = try Reconciler.registration(for: source, now: now)
            #expect(actual == expected, "seed \(seed) budget \(budget) now \(now)")
        }
    }
}

/// The loop reading fires lazily from a plan file makes the same backend calls as over the plan in
/// memory; a fire line that breaks mid-run stops the fires, not the loop.
@Suite struct StreamingLoopTests {
    static func write(_ bytes: [UInt8], _ name: String) -> String {
        let path = "/tmp/almanac-streaming-loop-\(getpid())-\(name).json"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        _ = bytes.withUnsafeBytes { systemWrite(fd, $0.baseAddress, $0.count) }
        close(fd)
        return path
    }

    static func simulate(
        _ load: @escaping () throws -> PlanFireSource, from: Int64, until: Int64,
        log: @escaping (String) -> Void = { _ in }
    ) throws -> ([String], FireLoop.Summary) {
        let record = LineSink()
        let loop = try FireLoop(
            loadSource: load, backend: SpyBackend(output: record), journal: Journal(),
            clock: VirtualClock(start: TestPlans.at(from)),
            options: FireLoop.Options(until: Double(TestPlans.at(until).secondsSinceEpoch)), log: log)
        let summary = try loop.run()
        return (record.lines, summary)
    }

    @Test(arguments: Array(1...6) as [UInt64])
    func sameCallsAsTheWholePlan(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        var fires: [Fire] = []
        var priorities: [String: Int] = [:]
        for trigger in ["a", "bb", "ccc"] {
            fires += TestPlans.every(trigger, step: Int64(7 + random.next() % 200), from: Int64(random.next() % 100), to: 30_000)
            priorities[trigger] = seed % 2 == 0 ? 0 : Int(random.next() % 3)
        }
        let plan = TestPlans.plan(fires, priorities: priorities, maxPending: 1 + Int(random.next() % 70), length: 30_000)
        let path = Self.write(PlanWriter<ByteBuffer>.render(plan), "same-\(seed)")
        defer { unlink(path) }
        let from = Int64(random.next() % 5_000), until = from + Int64(random.next() % 25_000)
        let (memory, memorySummary) = try Self.simulate({ PlanFireSource(plan) }, from: from, until: until)
        let (file, fileSummary) = try Self.simulate({ try PlanFireSource.open(path: path) }, from: from, until: until)
        #expect(file == memory)
        #expect(fileSummary == memorySummary)
        #expect(fileSummary.fired > 0)
    }

    @Test func aBrokenFireLineStopsTheFiresNotTheLoop() throws {
        let plan = TestPlans.plan(TestPlans.every("t", step: 10, to: 20_000), maxPending: 5, length: 20_000)
        var lines = String(decoding: PlanWriter<ByteBuffer>.render(plan), as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false)
        let first = lines.firstIndex { $0.hasSuffix("\"fires\": [") }! + 1
        // Near the end, so the first reconcile's binary search does not meet it (that would refuse the plan).
        lines[first + 1_900] = "    {\"at\": broken},"
        let path = Self.write(Array(lines.joined(separator: "\n").utf8), "broken")
        defer { unlink(path) }
        var logged: [String] = []
        let (_, summary) = try Self.simulate({ try PlanFireSource.open(path: path) }, from: 0, until: 20_000, log: { logged.append($0) })
        // Every fire before the broken line that the loop reached (a reconcile's search may meet it first).
        #expect(summary.fired > 1_700 && summary.fired <= 1_900)
        #expect(logged.filter { $0.contains("cannot read the plan's fires") }.count == 1)
        #expect(logged.contains { $0.contains(" \(first + 1_901):5: ") })
    }
}

/// The C `write`.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(fd, buffer, count)
}
