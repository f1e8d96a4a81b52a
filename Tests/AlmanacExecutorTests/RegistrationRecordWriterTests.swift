import AlmanacExecutor
import AlmanacJSON
import AlmanacPlan
import AlmanacRegistration
import AlmanacTime
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct RegistrationRecordWriterTests {
    /// Records given faster than they are written: the file ends with the latest, whole, and
    /// `flush` waits for it.
    @Test func theLatestRecordGivenIsTheOneWritten() throws {
        let directory = TestPlans.scratchDirectory("registration-writer")
        mkdir(directory, 0o755)
        let plan = TestPlans.plan(TestPlans.every("t", step: 1, to: 600))
        let problems = Problems()
        let writer = RegistrationRecordWriter(directory: directory, log: problems.add)
        for second in Int64(0)..<200 {
            let now = TestPlans.at(second)
            writer.submit(try Reconciler.reconcile(plan, now: now, backend: SpyBackend(output: LineSink())), plan: plan, now: now)
        }
        writer.flush()
        let record = try #require(try RegistrationRecord.read(directory: directory))
        #expect(record["now"]?.stringValue == TestPlans.at(199).description)
        // Registered from `now` on: the first fire after it.
        #expect(record["fires"]?.arrayValue?.first?["at"]?.stringValue == TestPlans.at(200).description)
        #expect(problems.all.isEmpty)
        // A directory that cannot take the file: the failure is logged, not thrown or lost.
        let missing = RegistrationRecordWriter(directory: directory + "/missing", log: problems.add)
        let first = try Reconciler.reconcile(plan, now: TestPlans.base, backend: SpyBackend(output: LineSink()))
        missing.submit(first, plan: plan, now: TestPlans.base)
        missing.flush()
        #expect(problems.all.count == 1 && problems.all[0].contains("missing/registered.json.tmp"), "\(problems.all)")
    }
}

/// Log lines, collected from any thread.
final class Problems: @unchecked Sendable {
    private let lock = Lock()
    private var lines: [String] = []
    var all: [String] { lock.withLock { lines } }
    func add(_ line: String) { lock.withLock { lines.append(line) } }
}
