import AlmanacCommandLine
import AlmanacExecutor
import AlmanacPlan
import AlmanacTime
import ArgumentParser
import Foundation

/// Backend selection, shared by the commands that drive a backend.
struct BackendOptions: ParsableArguments {
    @Option(help: "spy, stdout or exec.")
    var backend = "stdout"

    @Option(help: "Spy backend: write every call as a JSON line to this file.")
    var record: String?

    @Option(
        help: ArgumentHelp(
            "How a reconcile changes what the backend holds: replace (cancel all, then register) or diff (list what it holds, add what is new or changed, then remove what is stale; spy).",
            valueName: "replace|diff"))
    var strategy = "replace"

    /// `--strategy` as the reconciler's.
    var reconcileStrategy: Reconciler.Strategy { Reconciler.Strategy(rawValue: strategy) ?? .replace }

    @Option(help: "Exec backend: seconds (or 90s, 5m…) before a command's process group is terminated, or none.")
    var timeout = "60s"

    @Option(help: "Exec backend: commands allowed to run at once.")
    var jobs = 4

    @Argument(parsing: .postTerminator, help: "Exec backend: the command and its arguments, after --.")
    var command: [String] = []

    func validate() throws {
        // First: whatever else is on the line, this backend cannot run here, and the user should hear why.
        if backend == "notifications" { throw ValidationError(BackendRegistry.notificationsRefusal) }
        guard timeout == "none" || TimeArgument.duration(timeout) != nil else {
            throw ValidationError("--timeout: '\(timeout)' is not a duration (like 90s, 5m or 1h, at most 100 years) or none")
        }
        if record != nil && backend != "spy" { throw ValidationError("--record is for --backend spy") }
        guard Reconciler.Strategy(rawValue: strategy) != nil else {
            throw ValidationError("--strategy must be replace or diff, not '\(strategy)'")
        }
        if strategy == "diff" && backend != "spy" {
            throw ValidationError("--strategy diff needs a backend that lists what it holds (spy); \(backend) cannot")
        }
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        if backend == "spy" && record == nil { throw ValidationError("--backend spy needs --record FILE") }
        if backend == "exec" && command.isEmpty { throw ValidationError("--backend exec needs a command after --") }
        guard BackendRegistry.standard.names.contains(backend) else {
            throw ValidationError("unknown backend '\(backend)'; expected one of \(BackendRegistry.standard.names.joined(separator: ", "))")
        }
    }

    /// The backend, exec outcomes reported to `onOutcome`; a `daemon`'s stdout is written by a thread of
    /// its own, and `buffered` (simulate) writes spy and stdout lines in blocks rather than each at once.
    /// `capacity` is how many pending requests the spy holds, as the device it stands for.
    func make(
        daemon: Bool = false, buffered: Bool = false, capacity: Int? = nil, onOutcome: @escaping @Sendable (FireOutcome) -> Void = { _ in }
    ) throws -> any Backend {
        var configuration = BackendRegistry.Configuration()
        configuration.writesInBackground = daemon
        configuration.recordPath = record
        configuration.command = command
        configuration.environment = ProcessInfo.processInfo.environment
        configuration.timeout = timeout == "none" ? nil : TimeArgument.duration(timeout) ?? 60
        configuration.maxConcurrent = jobs
        configuration.onOutcome = onOutcome
        configuration.bufferOutput = buffered
        configuration.pendingFromRecord = reconcileStrategy == .diff
        configuration.capacity = capacity
        return try orExit { try BackendRegistry.standard.make(backend, configuration) }
    }
}

/// Opens the plan (its header read and checked, its fires read as needed), reporting an unreadable
/// one with exit status 2.
func loadPlan(_ path: String) throws -> PlanFireSource {
    try orExit(prefix: "\(path): ") { try PlanFireSource.open(path: path) }
}

/// Runs `body`; a plan or executor error is printed and becomes exit status 2.
func orExit<R>(prefix: String = "", _ body: () throws -> R) throws -> R {
    do {
        return try body()
    } catch let error as PlanError {
        printError(prefix + error.description)
        throw ExitCode(2)
    } catch let error as ExecutorError {
        printError(prefix + error.description)
        throw ExitCode(2)
    }
}

func printError(_ message: String) {
    FileHandle.standardError.write(Data("almanac-exec: \(message)\n".utf8))
}

/// Parses a time argument (`now`, `today`, a date, RFC 3339) or fails as a usage error. Dates and
/// `today` are local midnight in `zone`: the plan's trigger zone when its triggers share one, else UTC.
func parseInstant(_ text: String, _ option: String, zone: String = "UTC") throws -> Instant {
    guard let argument = TimeArgument.parse(text), let instant = argument.resolve(now: try currentInstant(), zone: zone) else {
        throw ValidationError("\(option): '\(text)' is not \(TimeArgument.forms)")
    }
    return instant
}

/// The zone in which dates on the command line are read: the plan's trigger zone if all its zoned
/// triggers share one, else UTC.
func dateZone(of plan: Plan) -> String { plan.calendarZone }

/// The current instant; `SOURCE_DATE_EPOCH` (whole seconds) pins it, as for `almanac`.
func currentInstant() throws -> Instant {
    if let pinned = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"] {
        guard let seconds = Int64(pinned) else {
            throw ValidationError("SOURCE_DATE_EPOCH must be whole seconds since 1970 (an integer), not '\(pinned)'")
        }
        return Instant(secondsSinceEpoch: seconds)
    }
    return Instant(secondsSinceEpoch: Int64(Date().timeIntervalSince1970.rounded(.down)))
}
