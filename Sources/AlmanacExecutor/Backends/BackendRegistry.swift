import AlmanacPlan
import AlmanacTime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The backends an executor can use, by name — a value passed in, so tests and apps add their own.
public struct BackendRegistry {
    /// What a backend may be built from: the command line's options and the process's environment.
    public struct Configuration {
        /// `--record FILE` (spy).
        public var recordPath: String?
        /// The command after `--` (exec); empty: each trigger runs its own `payload.command`.
        public var command: [String] = []
        /// The environment commands inherit (exec); the executable passes its own.
        public var environment: [String: String] = [:]
        /// Seconds before a command is stopped (exec); nil for no limit.
        public var timeout: Double? = 60
        public var maxConcurrent: Int = 4
        /// Where exec reports how each command ended (the executable journals it).
        public var onOutcome: @Sendable (FireOutcome) -> Void = { _ in }
        /// Output is written by a thread of its own (stdout), so a stalled reader cannot stop a daemon.
        public var writesInBackground = false
        /// spy and stdout: write lines in blocks (a simulation), not each at once (a daemon).
        public var bufferOutput = false
        /// spy: start from what the existing record leaves registered (`--strategy diff` reads it).
        public var pendingFromRecord = false
        /// spy: at most this many pending requests, as a phone (nil: no limit).
        public var capacity: Int?

        public init() {}
    }

    public typealias Factory = (Configuration) throws -> any Backend

    private var factories: [String: Factory] = [:]

    public init() {}

    /// Adds or replaces the backend called `name`.
    public mutating func register(_ name: String, _ factory: @escaping Factory) {
        factories[name] = factory
    }

    /// Registered names, sorted.
    public var names: [String] { factories.keys.sorted() }

    /// The backend called `name`, built for `configuration`.
    public func make(_ name: String, _ configuration: Configuration) throws -> any Backend {
        guard let factory = factories[name] else {
            throw ExecutorError("unknown backend '\(name)'; expected one of \(names.joined(separator: ", "))")
        }
        return try factory(configuration)
    }

    /// Why `--backend notifications` cannot run in a command-line executor, and what to do instead.
    public static let notificationsRefusal =
        "the notifications backend registers with UNUserNotificationCenter, which only an app (a bundle) can use; "
        + "a command-line executor cannot. Link AlmanacExecutor and AlmanacApple into the app and reconcile there "
        + "with PhoneReconciler (docs/apps.md); here, record what a phone would get with --backend spy"

    /// spy, stdout and exec; `notifications` refuses with what to do instead.
    public static var standard: BackendRegistry {
        var registry = BackendRegistry()
        registry.register("spy") { configuration in
            guard let path = configuration.recordPath else { throw ExecutorError("the spy backend needs --record FILE") }
            // Appended to: a restarted daemon adds to the record instead of erasing it.
            var holding: [PendingFire] = [], regions: [PlanRegion] = []
            if configuration.pendingFromRecord, access(path, F_OK) == 0 {
                let record = try FileBytes.read(path)
                holding = SpyBackend.holding(afterRecord: record)
                regions = SpyBackend.regions(afterRecord: record)
            }
            return SpyBackend(
                output: try LineSink(path: path, append: true, buffered: configuration.bufferOutput), holding: holding, regions: regions,
                capacity: configuration.capacity)
        }
        registry.register("stdout") { configuration in
            StdoutBackend(
                output: LineSink(
                    fileDescriptor: 1, inBackground: configuration.writesInBackground,
                    buffered: configuration.bufferOutput))
        }
        registry.register("exec") { configuration in
            ExecBackend(
                command: configuration.command, environment: configuration.environment,
                timeout: configuration.timeout, maxConcurrent: configuration.maxConcurrent,
                onOutcome: configuration.onOutcome)
        }
        // UNUserNotificationCenter belongs to an app: `current()` needs the app's bundle and aborts a
        // command-line process. Named here so the refusal says what to do instead, on every platform.
        registry.register("notifications") { _ in throw ExecutorError(notificationsRefusal) }
        return registry
    }
}
