import AlmanacPlan
import AlmanacTime
import Testing
@testable import AlmanacExecutor

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The exec backend with real processes: environment, stdin, exit statuses, timeouts, concurrency.
@Suite(.serialized) struct ExecBackendTests {
    final class Outcomes: @unchecked Sendable {
        private let lock = Lock()
        private var items: [FireOutcome] = []
        func add(_ outcome: FireOutcome) { lock.withLock { items.append(outcome) } }
        var all: [FireOutcome] { lock.withLock { items } }
    }

    let plan = TestPlans.plan([TestPlans.fire("t", 0)])

    @Test func passesTheFireInTheEnvironmentAndThePayloadOnStdin() throws {
        let directory = TestPlans.scratchDirectory("exec-env")
        mkdir(directory, 0o755)
        let output = directory + "/out"
        let outcomes = Outcomes()
        let backend = ExecBackend(
            command: ["/bin/sh", "-c", "printf '%s|%s|%s|%s|%s|' \"$ALMANAC_FIRE_ID\" \"$ALMANAC_TRIGGER\" \"$ALMANAC_AT\" \"$ALMANAC_LOCAL\" \"$KEPT\" > \"$1\"; cat >> \"$1\"; exit 3", "sh", output],
            environment: ["KEPT": "yes", "PATH": "/usr/bin:/bin"], onOutcome: outcomes.add)
        let fire = TestPlans.fire("t", 0)
        try backend.fire(fire, trigger: plan.triggers["t"]!)
        backend.finish()
        let text = String(decoding: try FileBytes.read(output), as: UTF8.self)
        #expect(text == "t@2026-11-23T05:00:00|t|2026-11-23T05:00:00Z|2026-11-23T05:00:00+00:00|yes|{\"name\": \"t\"}\n")
        #expect(outcomes.all == [FireOutcome(fireID: fire.id, status: .exited(3))])
    }

    @Test func slowCommandsDoNotDelayTheNextFireAndTimeOut() throws {
        let outcomes = Outcomes()
        let backend = ExecBackend(command: ["/bin/sleep", "30"], environment: [:], timeout: 0.3, maxConcurrent: 4,
                                  onOutcome: outcomes.add)
        var started = timespec(), returned = timespec()
        clock_gettime(CLOCK_MONOTONIC, &started)
        for second in 0..<3 { try backend.fire(TestPlans.fire("t", Int64(second)), trigger: plan.triggers["t"]!) }
        clock_gettime(CLOCK_MONOTONIC, &returned)
        // Three 30 s commands started without waiting for one another.
        #expect(returned.tv_sec - started.tv_sec < 2)
        backend.finish()
        #expect(outcomes.all.count == 3)
        #expect(outcomes.all.allSatisfy { $0.status == .timedOut })
    }

    @Test func reportsCommandsThatCannotStart() {
        let outcomes = Outcomes()
        let backend = ExecBackend(command: ["/nonexistent/command"], environment: [:], onOutcome: outcomes.add)
        #expect(throws: ExecutorError.self) { try backend.fire(TestPlans.fire("t", 0), trigger: plan.triggers["t"]!) }
        if case .failedToStart? = outcomes.all.first?.status {} else { Issue.record("expected failedToStart, got \(outcomes.all)") }
    }
}

/// Command-line instants and durations.
@Suite struct TimeArgumentTests {
    @Test func instants() {
        #expect(TimeArgument.parseInstant("2026-11-23T05:00:00Z") == TestPlans.at(0))
        #expect(TimeArgument.parseInstant("2026-11-23T00:00:00-05:00") == TestPlans.at(0))
        #expect(TimeArgument.parseInstant("2026-11-23T05:00Z") == TestPlans.at(0))
        #expect(TimeArgument.parseInstant("2026-11-23T10:30+05:30") == TestPlans.at(0))
        #expect(TimeArgument.parseInstant("2026-11-23") == nil)
        #expect(TimeArgument.parseInstant("tomorrow") == nil)
    }

    @Test func durations() {
        #expect(TimeArgument.duration("90s") == 90)
        #expect(TimeArgument.duration("15m") == 900)
        #expect(TimeArgument.duration("1h30m") == 5400)
        #expect(TimeArgument.duration("1d") == 86_400)
        #expect(TimeArgument.duration("PT15M") == 900)
        #expect(TimeArgument.duration("0.5s") == 0.5)
        #expect(TimeArgument.duration("2") == 2)
        #expect(TimeArgument.duration("2x") == nil)
        #expect(TimeArgument.duration("") == nil)
        #expect(TimeArgument.duration("-3s") == nil)
    }
}
