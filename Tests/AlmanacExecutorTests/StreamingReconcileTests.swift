import AlmanacPlan
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

/// The C `write`.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(fd, buffer, count)
}
