import AlmanacPlan
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a command per fire: the fire in `ALMANAC_FIRE_ID`, `ALMANAC_ATTEMPT`, `ALMANAC_TRIGGER`,
/// `ALMANAC_AT`, `ALMANAC_LOCAL` (and `ALMANAC_NOMINAL` when set), its standard input in place before
/// the command starts. Either one command for every trigger, without a shell, the trigger's payload as
/// JSON on standard input; or, when `command` is empty, each trigger's own (`TriggerCommand`: its
/// `payload.command`, `environment` and `stdin`, as an imported crontab line runs under cron).
///
/// `fire` hands the fire to the starter threads (`starters`, in plan order) and returns, so neither
/// a slow command nor process creation delays the loop; a fire handed over counts as running at once.
/// The loop starts a fire only while fewer than `slots` commands run (`SlottedBackend`). Each command runs
/// in a process group of its own: a timeout (measured on the monotonic clock), a replacement or the
/// daemon's stop sends SIGTERM to the whole group, then SIGKILL a grace period later. Outcomes go to
/// `onOutcome`, once per fire, after the command's slot is free.
public final class ExecBackend: SlottedBackend, @unchecked Sendable {
    /// Seconds between SIGTERM and SIGKILL after a timeout or a replacement.
    public static let killGrace = 5.0
    /// The same at the daemon's stop, which must be prompt.
    public static let stopGrace = 0.5

    /// The command for every trigger; empty when each trigger brings its own (`TriggerCommand`).
    public let command: [String]
    public let slots: Int
    /// The variables each fire sets, over any of the same name in the environment.
    static let fireVariables: Set<String> = [
        "ALMANAC_AT", "ALMANAC_ATTEMPT", "ALMANAC_FIRE_ID", "ALMANAC_LOCAL", "ALMANAC_NOMINAL", "ALMANAC_TRIGGER",
    ]
    private let environment: [String: String]
    /// `environment` made ready for the spawn, without the variables each fire sets.
    private let launchEnvironment: ProcessLauncher.Environment
    /// Seconds a command may run; nil for no limit.
    private let timeout: Double?
    private let onOutcome: @Sendable (FireOutcome) -> Void
    private let lock = Lock(monotonic: true)
    /// Tells when commands end (one thread for all of them on Linux).
    private let children: ChildWatcher

    /// A running command (its pid is its process group's id).
    private struct Running {
        var trigger: String
        /// When SIGTERM is due for the timeout (monotonic clock).
        var termAt: Double?
        /// When SIGKILL is due, once SIGTERM was sent.
        var killAt: Double?
        /// Why it is being stopped, which is then its outcome.
        var stopReason: FireOutcome.Status?
    }

    /// A fire handed to the starters, not started yet.
    private struct Queued {
        var fire: Fire
        var trigger: PlanTrigger
        var attempt: Int
    }

    /// Threads that start commands at once, taking fires from `queued` in order.
    // Measured (scripts/bench/delivery.sh, exec at 100 fires/s, 2 cores): started from the loop's own
    // thread a burst of 100 fires took 52 ms against the bare spawn loop's 33 ms although the daemon and
    // its commands used as much CPU as the bare loop and its commands (644 µs a fire against 635): the
    // one thread that spawned, with its own work between spawns, was the bottleneck, not the cores.
    static let starters = 2

    /// Seconds a starter thread waits for the next fire before it ends (an idle daemon has none).
    static let starterIdle = 2.0

    /// Guards `queued`, `queuedHead`, `starterThreads` and `idleStarters`; its condition wakes idle
    /// starters only (the backend's `lock` wakes those waiting for commands).
    private let startLock = Lock(monotonic: true)
    private var queued: [Queued] = []
    /// Where the starters take the next fire of `queued`.
    private var queuedHead = 0
    /// Starter threads running, and those of them waiting for a fire.
    private var starterThreads = 0
    private var idleStarters = 0
    /// Fires handed over and not started yet (queued or being started), in all and by trigger.
    private var starting = 0
    private var startingByTrigger: [String: Int] = [:]
    private var running: [pid_t: Running] = [:]
    /// Fires handed over whose outcome is not reported yet; `finish` waits for none.
    private var unreported = 0
    /// Commands that have ended, so `waitForEnd` can tell one ended.
    private var ended = 0
    /// Whether the deadline thread (`enforceDeadlines`) runs: while any command does, once one had a
    /// deadline.
    private var enforcing = false

    /// - Parameters:
    ///   - environment: the base environment of every command (the executable passes its own).
    ///   - timeout: seconds before a command is stopped; nil for none.
    public convenience init(
        command: [String], environment: [String: String], timeout: Double? = 60, maxConcurrent: Int = 4,
        onOutcome: @escaping @Sendable (FireOutcome) -> Void = { _ in }
    ) {
        self.init(
            command: command, environment: environment, timeout: timeout, maxConcurrent: maxConcurrent, children: ChildWatcher(),
            onOutcome: onOutcome)
    }

    /// With `children` to tell when commands end (tests choose how it waits).
    init(
        command: [String], environment: [String: String], timeout: Double?, maxConcurrent: Int, children: ChildWatcher,
        onOutcome: @escaping @Sendable (FireOutcome) -> Void
    ) {
        self.children = children
        self.command = command
        self.environment = environment
        launchEnvironment = ProcessLauncher.Environment(environment, excluding: ExecBackend.fireVariables)
        self.timeout = timeout
        self.slots = max(1, maxConcurrent)
        self.onOutcome = onOutcome
    }

    public func cancelAll() {}
    public func schedule(_ fire: Fire, trigger: PlanTrigger) {}
    public func monitor(_ region: PlanRegion) {}
    public func unmonitor(_ region: PlanRegion) {}

    /// Starts the command; one that cannot start is reported to `onOutcome` (not thrown, so it is
    /// logged once).
    public func fire(_ fire: Fire, trigger: PlanTrigger) {
        self.fire(fire, trigger: trigger, attempt: 1)
    }

    /// Starts the command for the `attempt`-th time (`ALMANAC_ATTEMPT`): above 1 only when a shared
    /// store re-runs a fire whose first executor died after starting it (`--in-doubt retry`).
    public func fire(_ fire: Fire, trigger: PlanTrigger, attempt: Int) {
        lock.withLock {
            starting += 1
            startingByTrigger[fire.trigger, default: 0] += 1
            unreported += 1
        }
        startLock.withLock {
            queued.append(Queued(fire: fire, trigger: trigger, attempt: attempt))
            if idleStarters > 0 {
                startLock.broadcast()
            } else if starterThreads < Self.starters {
                starterThreads += 1
                Thread.detachNewThread { self.startQueued() }
            }
        }
    }

    /// A starter thread: starts queued fires in order, waits `starterIdle` for more, then ends.
    // Kept between bursts: with threads made for each burst (and their stacks mapped, faulted in and
    // unmapped) a burst's first command started 0.4-0.5 ms later (median of ten bursts of 100 exec
    // fires: 1.7-1.9 ms after the instant against 1.3-1.4 ms).
    private func startQueued() {
        while true {
            let next = startLock.withLock { () -> Queued? in
                if queuedHead == queued.count {
                    let deadline = Lock.monotonicNow() + Self.starterIdle
                    idleStarters += 1
                    while queuedHead == queued.count && Lock.monotonicNow() < deadline { startLock.wait(monotonicUntil: deadline) }
                    idleStarters -= 1
                }
                // The queue is emptied when its last fire is taken, so an idle one is already empty.
                guard queuedHead < queued.count else {
                    starterThreads -= 1
                    return nil
                }
                queuedHead += 1
                let next = queued[queuedHead - 1]
                if queuedHead == queued.count {
                    queued.removeAll(keepingCapacity: true)
                    queuedHead = 0
                }
                return next
            }
            guard let next else { return }
            start(next.fire, trigger: next.trigger, attempt: next.attempt)
        }
    }

    /// Starts the command of a fire handed over; one that cannot start frees its slot and is reported.
    private func start(_ fire: Fire, trigger: PlanTrigger, attempt: Int) {
        var environment = launchEnvironment
        var arguments = command
        var input: [UInt8]
        if command.isEmpty {
            switch TriggerCommand.of(trigger, id: fire.trigger) {
            case .success(let own):
                arguments = own.arguments
                input = own.stdin
                // The trigger's variables over the daemon's; the fire's (below) over both.
                let merged = self.environment.merging(own.environment) { _, trigger in trigger }
                environment = ProcessLauncher.Environment(merged, excluding: ExecBackend.fireVariables)
            case .failure(let problem):
                notStarted(fire, problem.description)
                return
            }
        } else {
            input = Array((FireDescription.payload(trigger) + "\n").utf8)
        }
        var variables = [
            "ALMANAC_AT=" + PlanTimestamp.format(fire.at), "ALMANAC_ATTEMPT=" + String(attempt), "ALMANAC_FIRE_ID=" + fire.id,
            "ALMANAC_LOCAL=" + PlanTimestamp.format(fire.local, offset: fire.offset),
        ]
        if let nominal = fire.nominal { variables.append("ALMANAC_NOMINAL=\(nominal)") }
        variables.append("ALMANAC_TRIGGER=" + fire.trigger)
        let pid: pid_t
        do {
            pid = try ProcessLauncher.launch(arguments, environment: environment, adding: variables, input: input)
        } catch {
            notStarted(fire, (error as? ExecutorError)?.message ?? "\(error)")
            return
        }
        lock.withLock {
            startedOne(of: fire.trigger)
            running[pid] = Running(trigger: fire.trigger, termAt: timeout.map { Lock.monotonicNow() + $0 })
            if timeout != nil { startEnforcing() }
            lock.broadcast()
        }
        let id = fire.id
        children.watch(pid) { self.ended(pid, fireID: id) }
    }

    /// A fire handed over left `starting`; call holding the lock.
    private func startedOne(of trigger: String) {
        starting -= 1
        startingByTrigger[trigger] = startingByTrigger[trigger].flatMap { $0 > 1 ? $0 - 1 : nil }
    }

    /// Reports a fire whose command could not start; its slot is free again.
    private func notStarted(_ fire: Fire, _ problem: String) {
        lock.withLock {
            startedOne(of: fire.trigger)
            ended += 1
            lock.broadcast()
        }
        onOutcome(FireOutcome(fireID: fire.id, status: .failedToStart(problem)))
        lock.withLock {
            unreported -= 1
            lock.broadcast()
        }
    }

    /// Commands running, and fires handed over whose command has not started yet.
    public func runningCount() -> Int { lock.withLock { running.count + starting } }

    public func runningCount(trigger: String) -> Int {
        lock.withLock { running.values.reduce(startingByTrigger[trigger] ?? 0) { $0 + ($1.trigger == trigger ? 1 : 0) } }
    }

    /// Stops the trigger's commands, those handed over and not started yet too (once they have: at
    /// most the time one start takes).
    public func stop(trigger: String) {
        lock.withLock {
            while startingByTrigger[trigger] != nil { lock.wait() }
            for (pid, entry) in running where entry.trigger == trigger && entry.stopReason == nil {
                terminate(pid, reason: .replaced, grace: ExecBackend.killGrace)
            }
        }
    }

    public func stopAll() {
        lock.withLock {
            while starting > 0 { lock.wait() }
            for (pid, entry) in running where entry.killAt.map({ $0 > Lock.monotonicNow() + ExecBackend.stopGrace }) ?? true {
                terminate(pid, reason: entry.stopReason ?? .stopped, grace: ExecBackend.stopGrace)
            }
            while unreported > 0 { lock.wait() }
        }
    }

    public func nextEnd() -> Double? { nil }

    public func waitForEnd() {
        lock.withLock {
            let before = ended
            while ended == before && running.count + starting > 0 { lock.wait() }
        }
    }

    /// Waits until every started command has ended.
    public func finish() {
        lock.withLock {
            while unreported > 0 { lock.wait() }
        }
    }

    /// SIGTERM to the whole group now, SIGKILL `grace` seconds later; call holding the lock.
    private func terminate(_ pid: pid_t, reason: FireOutcome.Status, grace: Double) {
        guard var entry = running[pid] else { return }
        if entry.stopReason == nil { entry.stopReason = reason }
        entry.killAt = min(entry.killAt ?? .infinity, Lock.monotonicNow() + grace)
        running[pid] = entry
        kill(-pid, SIGTERM)
        // Without a timeout the deadline thread starts here, when first needed.
        startEnforcing()
        lock.broadcast()
    }

    /// Starts the deadline thread unless it runs; call holding the lock.
    private func startEnforcing() {
        guard !enforcing else { return }
        enforcing = true
        Thread.detachNewThread { self.enforceDeadlines() }
    }

    /// Reaps a command that ended and reports how it ended. Until then the pid (the group's id)
    /// could not be reused, so signals sent while it ran reached the right group.
    private func ended(_ pid: pid_t, fireID: String) {
        let stopReason = lock.withLock { () -> FireOutcome.Status? in
            let reason = running.removeValue(forKey: pid)?.stopReason
            // A stopped command's children go with it, even when the leader ended at SIGTERM.
            if reason != nil { kill(-pid, SIGKILL) }
            return reason
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let outcome: FireOutcome.Status
        if let stopReason {
            outcome = stopReason
        } else if status & 0x7F == 0 {
            outcome = .exited((status >> 8) & 0xFF)
        } else {
            outcome = .signalled(status & 0x7F)
        }
        lock.withLock {
            ended += 1
            lock.broadcast()
        }
        onOutcome(FireOutcome(fireID: fireID, status: outcome))
        lock.withLock {
            unreported -= 1
            lock.broadcast()
        }
    }

    /// SIGTERM to a command's group at its timeout, SIGKILL at its `killAt`: one thread for every
    /// command, asleep until the earliest deadline or a change (any broadcast), gone when no command
    /// runs. (It was a thread per command, and each broadcast woke all of them; the quiet delivery
    /// benchmark shows no difference in lateness either way, docs/benchmarks.md.)
    private func enforceDeadlines() {
        lock.withLock {
            while !running.isEmpty {
                let now = Lock.monotonicNow()
                var next = Double.infinity
                for (pid, entry) in running {
                    if let killAt = entry.killAt {
                        if now >= killAt {
                            kill(-pid, SIGKILL)
                            running[pid]?.killAt = nil
                        } else {
                            next = min(next, killAt)
                        }
                    } else if entry.stopReason == nil, let termAt = entry.termAt {
                        if now >= termAt {
                            terminate(pid, reason: .timedOut(after: timeout ?? 0), grace: ExecBackend.killGrace)
                            next = min(next, running[pid]?.killAt ?? next)
                        } else {
                            next = min(next, termAt)
                        }
                    }
                }
                if next.isFinite { lock.wait(monotonicUntil: next) } else { lock.wait() }
            }
            enforcing = false
        }
    }
}
