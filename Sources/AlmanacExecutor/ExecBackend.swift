import AlmanacPlan
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a command per fire, with no shell: the fire in `ALMANAC_FIRE_ID`, `ALMANAC_TRIGGER`,
/// `ALMANAC_AT`, `ALMANAC_LOCAL` (and `ALMANAC_NOMINAL` when set), the trigger's payload as JSON
/// on standard input.
///
/// `fire` returns once the command has started, so a slow command does not delay the next fire; at
/// most `maxConcurrent` run at once (a further fire waits for a slot). A command still running after
/// `timeout` seconds gets SIGTERM, then SIGKILL 5 s later. Outcomes go to `onOutcome`.
/// The daemon must ignore SIGPIPE: a command that exits without reading its input closes the pipe.
public final class ExecBackend: Backend, @unchecked Sendable {
    public let command: [String]
    private let environment: [String: String]
    private let timeout: Double
    private let maxConcurrent: Int
    private let onOutcome: @Sendable (FireOutcome) -> Void
    private let lock = Lock()
    /// Running children by pid, with whether their timeout struck.
    private var running: [pid_t: Bool] = [:]
    /// Commands started whose outcome is not reported yet; `finish` waits for none.
    private var unreported = 0

    /// - Parameter environment: the base environment of every command (the executable passes its own).
    public init(command: [String], environment: [String: String], timeout: Double = 60, maxConcurrent: Int = 4,
                onOutcome: @escaping @Sendable (FireOutcome) -> Void = { _ in }) {
        self.command = command
        self.environment = environment
        self.timeout = timeout
        self.maxConcurrent = max(1, maxConcurrent)
        self.onOutcome = onOutcome
    }

    public func cancelAll() {}
    public func schedule(_ fire: Fire, trigger: PlanTrigger) {}
    public func monitor(_ region: PlanRegion) {}
    public func unmonitor(_ region: PlanRegion) {}

    public func fire(_ fire: Fire, trigger: PlanTrigger) throws {
        lock.withLock {
            while running.count >= maxConcurrent { lock.wait() }
        }
        var env = environment
        env["ALMANAC_FIRE_ID"] = fire.id
        env["ALMANAC_TRIGGER"] = fire.trigger
        env["ALMANAC_AT"] = PlanTimestamp.format(fire.at)
        env["ALMANAC_LOCAL"] = PlanTimestamp.format(fire.local, offset: fire.offset)
        env["ALMANAC_NOMINAL"] = fire.nominal?.description
        let child: ProcessLauncher.Child
        do {
            child = try ProcessLauncher.launch(command, environment: env)
        } catch let error as ExecutorError {
            onOutcome(FireOutcome(fireID: fire.id, status: .failedToStart(error.message)))
            throw error
        }
        lock.withLock {
            running[child.pid] = false
            unreported += 1
        }
        let payload = Array((FireDescription.payload(trigger) + "\n").utf8)
        let id = fire.id
        // Threads of their own: both block, and a shared pool could starve the timeout behind them.
        Thread.detachNewThread { self.supervise(child, payload: payload, fireID: id) }
        Thread.detachNewThread { self.enforceTimeout(child.pid) }
    }

    /// Waits until every started command has ended.
    public func finish() {
        lock.withLock {
            while unreported > 0 { lock.wait() }
        }
    }

    /// Feeds the payload, waits for the child to end and reports how it ended.
    private func supervise(_ child: ProcessLauncher.Child, payload: [UInt8], fireID: String) {
        // A command that never reads its input gets EPIPE here, which is fine.
        try? writeAll(child.stdinFD, payload)
        close(child.stdinFD)
        // Wait without reaping, so the pid cannot be reused while a timeout might still signal it.
        var info = siginfo_t()
        while waitid(P_PID, id_t(child.pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
        let timedOut = lock.withLock { running.removeValue(forKey: child.pid) ?? false }
        var status: Int32 = 0
        while waitpid(child.pid, &status, 0) < 0 && errno == EINTR {}
        lock.withLock { lock.broadcast() }
        let outcome: FireOutcome.Status
        if timedOut {
            outcome = .timedOut
        } else if status & 0x7F == 0 {
            outcome = .exited((status >> 8) & 0xFF)
        } else {
            outcome = .signalled(status & 0x7F)
        }
        onOutcome(FireOutcome(fireID: fireID, status: outcome))
        lock.withLock {
            unreported -= 1
            lock.broadcast()
        }
    }

    /// SIGTERM at the timeout, SIGKILL 5 s later, unless the child ends first (which wakes this).
    private func enforceTimeout(_ pid: pid_t) {
        let termAt = ExecBackend.elapsedClock() + timeout
        lock.withLock {
            for (signal, deadline) in [(SIGTERM, termAt), (SIGKILL, termAt + 5)] {
                while running[pid] != nil && ExecBackend.elapsedClock() < deadline { lock.wait(until: deadline) }
                guard running[pid] != nil else { return }
                running[pid] = true
                kill(pid, signal)
            }
        }
    }

    /// The clock `Lock.wait(until:)` measures deadlines on. Only timeouts use it: how long a
    /// command has run is the one thing the executor must measure on the real clock itself.
    private static func elapsedClock() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1_000_000_000
    }
}
