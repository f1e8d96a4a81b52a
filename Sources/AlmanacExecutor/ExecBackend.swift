import AlmanacPlan
import Dispatch
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
        lock.withLock { running[child.pid] = false }
        let payload = Array((FireDescription.payload(trigger) + "\n").utf8)
        let id = fire.id
        DispatchQueue.global().async { self.supervise(child, payload: payload, fireID: id) }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { self.expire(child.pid, signal: SIGTERM) }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout + 5) { self.expire(child.pid, signal: SIGKILL) }
    }

    /// Waits until every started command has ended.
    public func finish() {
        lock.withLock {
            while !running.isEmpty { lock.wait() }
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
    }

    private func expire(_ pid: pid_t, signal: Int32) {
        lock.withLock {
            guard running[pid] != nil else { return }
            running[pid] = true
            kill(pid, signal)
        }
    }
}
