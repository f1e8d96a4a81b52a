import AlmanacExecutor
import AlmanacJSON
import AlmanacPlan
import AlmanacPostgres
import Foundation
import NIOConcurrencyHelpers

/// Executors in this process for the runner tests: each a `ClusterRunner` with a backend that
/// records what it delivered (fire id and the payload's `who`), on a plan file of its own.
final class RunnerHarness: Sendable {
    /// Every delivery of every executor: (executor, fire id, payload `who`, when).
    let deliveries = NIOLockedValueBox<[(executor: String, id: String, who: String, at: Date)]>([])
    let logs = NIOLockedValueBox<[String]>([])
    let directory: String

    init() throws {
        directory = NSTemporaryDirectory() + "almanac-runner-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    /// `ALMANAC_TEST_LOGS=1` prints what the executors logged, to see why a test failed.
    deinit {
        if ProcessInfo.processInfo.environment["ALMANAC_TEST_LOGS"] != nil {
            for line in logs.withLockedValue({ $0 }) { FileHandle.standardError.write(Data("\(line)\n".utf8)) }
        }
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Writes `plan` to the executor's plan file (atomically, as `almanac compile` does).
    func write(_ plan: Plan, for executor: String) throws {
        let path = self.path(executor)
        try Data(PlanWriter.render(plan)).write(to: URL(fileURLWithPath: path + ".tmp"))
        _ = rename(path + ".tmp", path)
    }

    func path(_ executor: String) -> String { "\(directory)/\(executor).plan.json" }

    /// A running executor: its runner and the task running it (its error, if it stopped on one).
    struct Running {
        let runner: ClusterRunner
        let task: Task<(any Error)?, Never>

        /// Stops it as SIGTERM would (the task's cancellation) and returns why it had stopped, if it had.
        func stop() async -> (any Error)? {
            task.cancel()
            return await task.value
        }
    }

    func start(_ executor: String, specID: String? = nil, grace: Double = 10, lease: Double = 3) throws -> Running {
        let store = try ClusterStore(address: try StoreAddress(testStoreAddress!), operationTimeout: 2)
        let logs = self.logs
        let runner = ClusterRunner(
            store: store, planPath: path(executor), backend: RecordingBackend(executor: executor, deliveries: deliveries),
            options: ClusterRunner.Options(executorID: executor, policy: DeliveryPolicy(), grace: grace, lease: lease, specID: specID),
            log: { line in logs.withLockedValue { $0.append("\(executor): \(line)") } })
        let task = Task<(any Error)?, Never> {
            do {
                try await runner.run()
                return nil
            } catch {
                return error
            }
        }
        return Running(runner: runner, task: task)
    }

    /// Fire id → the `who` of each of its deliveries.
    func delivered() -> [String: [String]] {
        deliveries.withLockedValue { all in Dictionary(grouping: all, by: \.id).mapValues { $0.map(\.who) } }
    }

    func log(containing text: String) -> Bool {
        logs.withLockedValue { $0.contains { $0.contains(text) } }
    }
}

/// Records each delivery with the payload's `who`: which spec's data (and so whose command) it ran with.
final class RecordingBackend: Backend {
    let executor: String
    let deliveries: NIOLockedValueBox<[(executor: String, id: String, who: String, at: Date)]>

    init(executor: String, deliveries: NIOLockedValueBox<[(executor: String, id: String, who: String, at: Date)]>) {
        self.executor = executor
        self.deliveries = deliveries
    }

    func cancelAll() {}
    func schedule(_ fire: Fire, trigger: PlanTrigger) {}
    func monitor(_ region: PlanRegion) {}
    func unmonitor(_ region: PlanRegion) {}
    func fire(_ fire: Fire, trigger: PlanTrigger) {
        let who = trigger.payload["who"]?.stringValue ?? "?"
        deliveries.withLockedValue { $0.append((executor, fire.id, who, Date())) }
    }
}
