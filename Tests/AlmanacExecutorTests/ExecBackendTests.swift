import AlmanacCommandLine
import AlmanacPlan
import AlmanacTime
import Foundation
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
            command: [
                "/bin/sh", "-c",
                "printf '%s|%s|%s|%s|%s|' \"$ALMANAC_FIRE_ID\" \"$ALMANAC_TRIGGER\" \"$ALMANAC_AT\" \"$ALMANAC_LOCAL\" \"$KEPT\" > \"$1\"; cat >> \"$1\"; exit 3",
                "sh", output,
            ],
            environment: ["KEPT": "yes", "PATH": "/usr/bin:/bin"], onOutcome: outcomes.add)
        let fire = TestPlans.fire("t", 0)
        backend.fire(fire, trigger: plan.triggers["t"]!)
        backend.finish()
        let text = String(decoding: try FileBytes.read(output), as: UTF8.self)
        #expect(text == "t@2026-11-23T05:00:00|t|2026-11-23T05:00:00Z|2026-11-23T05:00:00+00:00|yes|{\"name\": \"t\"}\n")
        #expect(outcomes.all == [FireOutcome(fireID: fire.id, status: .exited(3))])
    }

    @Test func slowCommandsDoNotDelayTheNextFireAndTimeOut() throws {
        let outcomes = Outcomes()
        let backend = ExecBackend(
            command: ["/bin/sleep", "30"], environment: [:], timeout: 0.3, maxConcurrent: 4,
            onOutcome: outcomes.add)
        var started = timespec(), returned = timespec()
        clock_gettime(CLOCK_MONOTONIC, &started)
        for second in 0..<3 { backend.fire(TestPlans.fire("t", Int64(second)), trigger: plan.triggers["t"]!) }
        clock_gettime(CLOCK_MONOTONIC, &returned)
        // Three 30 s commands started without waiting for one another: a generous deadline (a loaded
        // machine), far under the 30 s one wait would take; not a speed claim.
        #expect(returned.tv_sec - started.tv_sec < 20)
        backend.finish()
        #expect(outcomes.all.count == 3)
        #expect(outcomes.all.allSatisfy { $0.status == .timedOut(after: 0.3) })
    }

    /// One thread keeps every command's deadline: commands started at different times, some quick
    /// and some stuck, each stuck one timed out and each quick one left to end, twice over (the
    /// thread ends when no command runs and starts again with the next).
    @Test func eachCommandKeepsItsOwnDeadline() throws {
        let outcomes = Outcomes()
        let backend = ExecBackend(
            command: ["/bin/sh", "-c", "case $ALMANAC_FIRE_ID in *:00) exec /bin/sleep 30;; esac; exit 4"], environment: [:],
            timeout: 0.3, maxConcurrent: 16, onOutcome: outcomes.add)
        for round in 0..<2 {
            for second in 0..<8 {
                backend.fire(TestPlans.fire("t", Int64(round * 600 + second * 30)), trigger: plan.triggers["t"]!)
                usleep(40_000)
            }
            backend.finish()
        }
        let statuses = Dictionary(outcomes.all.map { ($0.fireID, $0.status) }) { first, _ in first }
        #expect(outcomes.all.count == 16 && statuses.count == 16)
        for (id, status) in statuses {
            #expect(status == (id.hasSuffix(":00") ? .timedOut(after: 0.3) : .exited(4)), "\(id): \(status)")
        }
        #expect(backend.runningCount() == 0)
    }

    /// Commands started while others end, through both ways of telling that one ended (every
    /// pidfd in one epoll set; a thread each): each reported once, with its own status. A watcher
    /// that closed a descriptor it did not own (a pidfd closed twice, or a number the set reported
    /// after it was reused) would show here as a command that could not start: "bad file descriptor".
    @Test(arguments: [true, false]) func commandsEndingWhileOthersStartAreEachReportedOnce(descriptors: Bool) {
        let outcomes = Outcomes()
        let backend = ExecBackend(
            command: ["/bin/sh", "-c", "case $ALMANAC_AT in *[05]Z) exit 3;; *[27]Z) exit 1;; esac"], environment: [:],
            timeout: 60, maxConcurrent: 16, children: ChildWatcher(descriptors: descriptors), onOutcome: outcomes.add)
        let count = 600
        for second in 0..<count {
            backend.fire(TestPlans.fire("t", Int64(second)), trigger: plan.triggers["t"]!)
            if second % 50 == 49 { usleep(20_000) }
        }
        backend.finish()
        let expected = Dictionary(
            uniqueKeysWithValues: (0..<count).map { second -> (String, FireOutcome.Status) in
                let digit = second % 10
                return (TestPlans.fire("t", Int64(second)).id, .exited(digit % 5 == 0 ? 3 : digit % 5 == 2 ? 1 : 0))
            })
        #expect(outcomes.all.count == count)
        #expect(Set(outcomes.all.map(\.fireID)) == Set(expected.keys))
        for outcome in outcomes.all where outcome.status != expected[outcome.fireID] {
            Issue.record("\(outcome.fireID): \(outcome.status), expected \(expected[outcome.fireID].map { "\($0)" } ?? "none")")
        }
        #expect(backend.runningCount() == 0)
    }

    @Test func reportsCommandsThatCannotStartOnceInWords() {
        let outcomes = Outcomes()
        let backend = ExecBackend(command: ["/nonexistent/command"], environment: [:], onOutcome: outcomes.add)
        // Reported, not thrown: the loop would log a thrown error a second time.
        backend.fire(TestPlans.fire("t", 0), trigger: plan.triggers["t"]!)
        backend.finish()
        #expect(outcomes.all.map(\.status.description) == ["could not start: /nonexistent/command: no such file or directory"])
        #expect(backend.runningCount() == 0)
    }

    /// Whether process `pid` still exists (a zombie counts as gone).
    static func alive(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        let status = (try? FileBytes.read("/proc/\(pid)/stat")).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return !status.contains(") Z ")
    }

    /// Waits up to twenty seconds (a generous deadline, not a speed claim) for `pid` to be gone.
    static func gone(_ pid: pid_t) -> Bool {
        for _ in 0..<2000 where alive(pid) { usleep(10_000) }
        return !alive(pid)
    }

    /// A command that leaves a grandchild behind (`sleep &`), which ignores or not SIGTERM.
    func grandchildCommand(_ pidFile: String, trapTerm: Bool) -> [String] {
        ["/bin/sh", "-c", (trapTerm ? "trap '' TERM; " : "") + "/bin/sleep 30 & echo $! > \"$0\"; wait", pidFile]
    }

    @Test(arguments: [false, true]) func aTimeoutStopsTheWholeProcessGroup(trapTerm: Bool) throws {
        let directory = TestPlans.scratchDirectory("exec-group-\(trapTerm)")
        mkdir(directory, 0o755)
        let outcomes = Outcomes()
        let backend = ExecBackend(
            command: grandchildCommand(directory + "/pid", trapTerm: trapTerm), environment: [:],
            timeout: 0.3, onOutcome: outcomes.add)
        backend.fire(TestPlans.fire("t", 0), trigger: plan.triggers["t"]!)
        backend.finish()
        let text = String(decoding: try FileBytes.read(directory + "/pid"), as: UTF8.self)
        let grandchild = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))!
        #expect(Self.gone(grandchild), "the grandchild \(grandchild) survived the timeout")
        #expect(outcomes.all.map(\.status.description) == ["timed out after 0.3 s"])
    }

    @Test func stoppingATriggerStopsItsGroupAndReportsTheReplacement() throws {
        let directory = TestPlans.scratchDirectory("exec-replace")
        mkdir(directory, 0o755)
        let outcomes = Outcomes()
        let backend = ExecBackend(
            command: grandchildCommand(directory + "/pid", trapTerm: false), environment: [:],
            timeout: nil, onOutcome: outcomes.add)
        backend.fire(TestPlans.fire("t", 0), trigger: plan.triggers["t"]!)
        for _ in 0..<2000 where (try? FileBytes.read(directory + "/pid"))?.last != 0x0A { usleep(10_000) }
        #expect(backend.runningCount(trigger: "t") == 1)
        #expect(backend.runningCount(trigger: "u") == 0)
        backend.stop(trigger: "t")
        backend.finish()
        let grandchild = pid_t(
            String(decoding: try FileBytes.read(directory + "/pid"), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))!
        #expect(Self.gone(grandchild))
        #expect(outcomes.all.map(\.status) == [.replaced])
        #expect(backend.runningCount() == 0)
    }

    /// `fire` hands the fire to the starter threads and returns: a fire handed over counts as running
    /// at once, and a stop that follows at once stops it too (it waits for its start, not its end).
    @Test func aFireHandedOverCountsAsRunningAndIsStoppedBeforeItsCommandStarted() {
        let outcomes = Outcomes()
        let backend = ExecBackend(
            command: ["/bin/sleep", "30"], environment: [:], timeout: nil, maxConcurrent: 40, onOutcome: outcomes.add)
        let triggers = (0..<20).map { "t\($0)" }
        for trigger in triggers {
            backend.fire(TestPlans.fire(trigger, 0), trigger: PlanTrigger(kind: "once"))
            #expect(backend.runningCount(trigger: trigger) == 1)
        }
        #expect(backend.runningCount() == 20)
        let started = Lock.monotonicNow()
        for trigger in triggers { backend.stop(trigger: trigger) }
        backend.finish()
        // A command that started after its stop would run its 30 s; the bound is a generous deadline.
        #expect(Lock.monotonicNow() - started < 20)
        #expect(outcomes.all.map(\.status) == Array(repeating: .replaced, count: 20))
        for _ in 0..<3 { backend.fire(TestPlans.fire("u", 0), trigger: PlanTrigger(kind: "once")) }
        backend.stopAll()
        #expect(outcomes.all.count == 23)
        #expect(outcomes.all.suffix(3).allSatisfy { $0.status == .stopped })
        #expect(backend.runningCount() == 0)
    }

    @Test func stopAllEndsEveryCommandWithoutWaitingForIt() {
        let outcomes = Outcomes()
        // SIGTERM ignored: only the SIGKILL that follows half a second later ends it.
        let backend = ExecBackend(
            command: ["/bin/sh", "-c", "trap '' TERM; /bin/sleep 30; /bin/sleep 30"], environment: [:],
            timeout: 60, maxConcurrent: 3, onOutcome: outcomes.add)
        for second in 0..<3 { backend.fire(TestPlans.fire("t", Int64(second)), trigger: plan.triggers["t"]!) }
        usleep(100_000)
        let started = Lock.monotonicNow()
        backend.stopAll()
        // The commands would run a minute; SIGKILL ends them half a second after SIGTERM. The bound
        // is a generous deadline, far under the minute, not a speed claim.
        #expect(Lock.monotonicNow() - started < 20)
        #expect(outcomes.all.map(\.status) == [.stopped, .stopped, .stopped])
    }

    @Test func thePayloadIsWholeWhateverItsSize() throws {
        let directory = TestPlans.scratchDirectory("exec-payload")
        mkdir(directory, 0o755)
        for size in [0, 10, 65_000, 70_000, 1 << 20] {
            let trigger = PlanTrigger(kind: "once", payload: ["text": .string(String(repeating: "x", count: size))])
            let backend = ExecBackend(command: ["/bin/sh", "-c", "cat > \"$0\"", directory + "/out"], environment: ["TMPDIR": directory])
            backend.fire(TestPlans.fire("t", 0), trigger: trigger)
            backend.finish()
            #expect(try FileBytes.read(directory + "/out").count == FireDescription.payload(trigger).utf8.count + 1)
        }
        // The temporary file of a large payload is unlinked at once.
        #expect(try listDirectory(directory) == ["out"])
    }

    /// A command keeps its standard output and error and nothing else of the process that starts it:
    /// SwiftNIO's sockets are not close-on-exec, and a command held the daemon's metrics port (a
    /// restarted daemon could not listen on it) and its open connections for as long as it ran.
    @Test func aCommandKeepsOnlyItsStandardDescriptors() throws {
        let directory = TestPlans.scratchDirectory("exec-descriptors")
        mkdir(directory, 0o755)
        // Each without close-on-exec, as SwiftNIO opens its sockets.
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        #if canImport(Glibc)
        let listening = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let listening = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listening, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        #expect(bound == 0 && listen(listening, 4) == 0)
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let file = open("/dev/null", O_RDONLY)
        let held = [listening, ends[0], ends[1], file]
        defer { held.forEach { close($0) } }
        #expect(held.allSatisfy { $0 > 2 && fcntl($0, F_GETFD) & FD_CLOEXEC == 0 })

        let output = directory + "/open"
        // Which of its arguments name a descriptor the command has open.
        let check = "for fd in \"$@\"; do if (: <&\"$fd\") 2>/dev/null; then echo \"$fd\"; fi; done > \"$0\""
        let backend = ExecBackend(command: ["/bin/sh", "-c", check, output, "1", "2"] + held.map(String.init), environment: [:])
        backend.fire(TestPlans.fire("t", 0), trigger: plan.triggers["t"]!)
        backend.finish()
        // 1 and 2 show that the check sees an open descriptor.
        #expect(String(decoding: try FileBytes.read(output), as: UTF8.self) == "1\n2\n")
    }

    func listDirectory(_ path: String) throws -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
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

    /// Not durations, or more than a clock can add: refused, never a crash further on.
    @Test(arguments: [
        "inf", "infinity", "Infinity", "INF", "nan", "NaN", "-inf", "1e400", "1e20", "0x10", "99999999999999999999s",
        "9999999999d", "PT9999999999H", "1e9999s",
    ])
    func absurdDurationsAreRefused(_ text: String) {
        #expect(TimeArgument.duration(text) == nil)
    }

    @Test func outcomesReadAsWords() {
        let cases: [(FireOutcome.Status, String)] = [
            (.exited(0), "exited with status 0"), (.exited(3), "exited with status 3"),
            (.signalled(9), "killed by signal 9 (SIGKILL)"), (.signalled(64), "killed by signal 64"),
            (.timedOut(after: 3), "timed out after 3 s"), (.timedOut(after: 0.5), "timed out after 0.5 s"),
            (.failedToStart("/x: no such file or directory"), "could not start: /x: no such file or directory"),
            (.replaced, "stopped: replaced by a newer fire of its trigger"), (.stopped, "stopped: the executor is stopping"),
        ]
        for (status, words) in cases {
            #expect(status.description == words)
            #expect(!words.contains("(\"") && !words.contains("Optional"))
        }
    }
}
