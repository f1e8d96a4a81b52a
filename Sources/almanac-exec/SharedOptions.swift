import AlmanacCommandLine
import AlmanacEscaping
import AlmanacExecutor
import AlmanacPlan
import AlmanacRegistration
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

    @Argument(
        parsing: .postTerminator,
        help:
            "Exec backend: the command and its arguments, after --, for every trigger; without one, each trigger runs its payload.command.")
    var command: [String] = []

    /// `--backend exec` without a command: each trigger runs its own.
    var runsTriggerCommands: Bool { backend == "exec" && command.isEmpty }

    /// Opens the plan at `path` (see `loadPlan`), refusing one with a trigger that has no command of its
    /// own when each trigger runs its own: a located error at startup and at a reload, never a skip at
    /// the trigger's first fire.
    func openPlan(_ path: String) throws -> PlanFireSource {
        let source = try openPlanOrSayItIsASpec(path)
        if runsTriggerCommands {
            let problems = TriggerCommand.problems(in: source.header)
            if !problems.isEmpty { throw TriggerCommand.planError(problems, text: planHead(path)) }
        }
        return source
    }

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
        if !command.isEmpty && backend != "exec" {
            throw ValidationError("a command after -- is for --backend exec, not \(backend)")
        }
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
    try orExit(prefix: "\(path): ") { try openPlanOrSayItIsASpec(path) }
}

/// `PlanFireSource.open`, except that a spec given where a plan belongs (the first thing a new user
/// tries) is named as one, with the command that makes its plan, rather than "not valid JSON".
func openPlanOrSayItIsASpec(_ path: String) throws -> PlanFireSource {
    do {
        return try PlanFireSource.open(path: path)
    } catch let error as PlanError {
        guard looksLikeSpec(path) else { throw error }
        throw PlanError(
            "a spec, not a plan: compile it first, `almanac compile \(path) -o PLAN`, and give almanac-exec PLAN")
    }
}

/// A `.yaml`/`.yml` file, or text that does not open with `{` and has a top-level `version:` line.
func looksLikeSpec(_ path: String) -> Bool {
    if path.hasSuffix(".yaml") || path.hasSuffix(".yml") { return true }
    let text = String(decoding: planHead(path).prefix(64 << 10), as: UTF8.self)
    guard let first = text.first(where: { !$0.isWhitespace }), first != "{" else { return false }
    return text.split(separator: "\n").contains { $0.hasPrefix("version:") || $0.hasPrefix("triggers:") }
}

/// The first megabyte of the file at `path`, where a plan's triggers are declared (empty if unreadable).
func planHead(_ path: String) -> [UInt8] {
    guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
    defer { try? handle.close() }
    return Array((try? handle.read(upToCount: 1 << 20)) ?? Data())
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
    writeStandardError("almanac-exec: \(TerminalText.visible(message))\n")
}

/// One line of the daemon's log on standard error, stamped `now`. Messages quote fire ids, plan
/// and journal text and commands' errors: shown through `TerminalText` like every other line.
func printLog(at now: Instant, _ message: String) {
    printLog(at: now, lines: [message])
}

/// Lines of the daemon's log stamped `now`, in one write (a batch of fires); each as `printLog(at:_:)`
/// shows it.
func printLog(at now: Instant, lines: [String]) {
    let stamp = LogStamp.shared.text(now)
    writeStandardError(lines.map { "almanac-exec: \(stamp) \(TerminalText.visible($0))\n" }.joined())
}

/// The stamp of log lines, made once a second: the daemon logs each fire, and formatting the
/// instant for each line was a tenth of its work in a burst of instant deliveries (perf, 2,000
/// stdout fires a second).
private final class LogStamp: @unchecked Sendable {
    static let shared = LogStamp()
    private let lock = Lock()
    private var last: (instant: Instant, text: String)?

    func text(_ instant: Instant) -> String {
        lock.withLock {
            if let last, last.instant == instant { return last.text }
            let text = PlanTimestamp.format(instant)
            last = (instant, text)
            return text
        }
    }
}

/// Writes `line` to standard error in one `write` where it can (lines of threads do not interleave),
/// without Foundation's `FileHandle` and a `Data` copy: the daemon logs two lines a fire.
private func writeStandardError(_ line: String) {
    var line = line
    line.withUTF8 { bytes in
        var offset = 0
        while offset < bytes.count {
            let written = write(2, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 && errno == EINTR { continue }
            // Nowhere to report a failure to write the log (a closed or full standard error).
            if written <= 0 { return }
            offset += written
        }
    }
}

/// One line of a report on standard output. Names and ids in it come from plans, journals and the
/// shared store, which any spec or hand-edited file may fill: every control, line-break and
/// bidirectional character is shown as `\u{…}` (`TerminalText`), never sent to the terminal.
func printLine(_ line: String) {
    print(TerminalText.visible(line))
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

/// The current instant; `SOURCE_DATE_EPOCH` pins it, as for `almanac` (`SourceDateEpoch`).
func currentInstant() throws -> Instant {
    try SourceDateEpoch.now(environment: ProcessInfo.processInfo.environment) { Date().timeIntervalSince1970 }
}
