import AlmanacPlan

/// Where an executor sends its calls: a spy, stdout, a command, or a platform's notification centre.
///
/// Calls come from one thread, in a stable order: `cancelAll`, then `schedule` for each registered
/// fire in plan order, `monitor` for each region, and `fire` as fires come due.
public protocol Backend: AnyObject {
    /// Forgets every registered fire and monitored region.
    func cancelAll() throws
    /// Registers a future fire (a notification request on a phone; nothing for a daemon's command).
    func schedule(_ fire: Fire, trigger: PlanTrigger) throws
    /// Delivers a fire now. May start work that completes later (see `finish`).
    func fire(_ fire: Fire, trigger: PlanTrigger) throws
    /// Delivers the fire of a location trigger whose region was crossed (`event` is enter or exit).
    func fire(_ fire: Fire, event: PlanRegion.Event, trigger: PlanTrigger) throws
    /// Starts watching a region.
    func monitor(_ region: PlanRegion) throws
    /// Stops watching a region.
    func unmonitor(_ region: PlanRegion) throws
    /// Waits for work started by `fire` to complete; called before a clean stop.
    func finish() throws
}

extension Backend {
    public func finish() throws {}

    /// Backends that do not tell crossings apart deliver them as any fire.
    public func fire(_ fire: Fire, event: PlanRegion.Event, trigger: PlanTrigger) throws {
        try self.fire(fire, trigger: trigger)
    }
}

/// The outcome of work a backend started for a fire, reported after `fire` returned.
public struct FireOutcome: Sendable, Equatable {
    public enum Status: Sendable, Equatable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)
        /// Stopped after running this many seconds (`--timeout`).
        case timedOut(after: Double)
        /// Stopped because a newer fire of its trigger replaced it (`concurrency: replace`).
        case replaced
        /// Stopped because the daemon was stopping.
        case stopped
        /// Why the command could not start, in words (`no such file`).
        case failedToStart(String)

        /// In words, for logs: `exited with status 3`, `timed out after 3 s`.
        public var description: String {
            switch self {
            case .exited(let status): return "exited with status \(status)"
            case .signalled(let signal): return "killed by signal \(signal)" + (Status.signalNames[signal].map { " (\($0))" } ?? "")
            case .timedOut(let seconds): return "timed out after \(Status.seconds(seconds))"
            case .replaced: return "stopped: replaced by a newer fire of its trigger"
            case .stopped: return "stopped: the executor is stopping"
            case .failedToStart(let reason): return "could not start: \(reason)"
            }
        }

        /// True for a command that ran and exited 0.
        public var succeeded: Bool { self == .exited(0) }

        private static let signalNames: [Int32: String] = [
            1: "SIGHUP", 2: "SIGINT", 3: "SIGQUIT", 4: "SIGILL", 6: "SIGABRT", 8: "SIGFPE", 9: "SIGKILL",
            11: "SIGSEGV", 13: "SIGPIPE", 14: "SIGALRM", 15: "SIGTERM",
        ]

        /// `3 s`, `0.5 s`, `90 s`: whole seconds without a fraction.
        private static func seconds(_ value: Double) -> String {
            value == value.rounded() && value < 1e15 ? "\(Int64(value)) s" : "\(value) s"
        }
    }

    public var fireID: String
    public var status: Status

    public init(fireID: String, status: Status) {
        self.fireID = fireID
        self.status = status
    }
}
