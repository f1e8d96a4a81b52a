import AlmanacCommandLine
import AlmanacExecutor
import AlmanacPlan
import AlmanacRegistration
import ArgumentParser
import AlmanacTime

/// `almanac-exec simulate PLAN --from T --until T`: the run loop on a virtual clock, instantly.
struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Run the executor loop on a virtual clock from --from until --until (exclusive), instantly; --locations replays fixes.")

    @Argument(help: "The plan file.")
    var plan: String

    @Option(help: "Where the virtual clock starts: RFC 3339, a date (local midnight in the plan's zone), `today` or `now`.")
    var from: String

    @Option(help: "Where it stops, exclusive, in the same forms as --from.")
    var until: String

    @OptionGroup var backendOptions: BackendOptions

    @OptionGroup var locationOptions: LocationOptions

    @Option(
        help: ArgumentHelp(
            "daemon: deliver every fire, as `run` does; phone: deliver only what the app registered, reconciling when it runs (--app-opens, --background-refresh, --taps), and report what was not delivered.",
            valueName: "daemon|phone"))
    var device = "daemon"

    @Option(
        help: ArgumentHelp(
            "Phone: when the user opens the app: `daily HH:MM[,HH:MM…]` in the plan's zone, `never`, or a file with one time per line (# comments).",
            valueName: "RULE|FILE"))
    var appOpens = "never"

    @Flag(
        help:
            "Phone: after each reconcile the app asks for background app refresh 15 min before refresh_by; the system runs it only sometimes, and late (--refresh-chance, --refresh-delay)."
    )
    var backgroundRefresh = false

    @Option(help: ArgumentHelp("Phone: the chance that the system runs a background refresh the app asked for.", valueName: "0…1"))
    var refreshChance = 0.5

    @Option(help: ArgumentHelp("Phone: the most a granted background refresh begins after the time asked for.", valueName: "DURATION"))
    var refreshDelay = "30m"

    @Option(help: "Phone: the seed of the background-refresh draws (the same seed, the same simulation).")
    var seed: UInt64 = 1

    @Flag(help: "Phone: the user taps every delivered notification, which opens the app.")
    var taps = false

    @Option(help: ArgumentHelp("Phone: the report's format.", valueName: "text|json"))
    var format = "text"

    func validate() throws {
        let from = try parseInstant(self.from, "--from"), until = try parseInstant(self.until, "--until")
        guard from <= until else { throw ValidationError("--from must not be after --until") }
        guard ["daemon", "phone"].contains(device) else { throw ValidationError("--device must be daemon or phone, not '\(device)'") }
        guard ["text", "json"].contains(format) else { throw ValidationError("--format must be text or json, not '\(format)'") }
        if device != "phone" && (appOpens != "never" || backgroundRefresh || taps || format != "text") {
            throw ValidationError("--app-opens, --background-refresh, --taps and --format are for --device phone")
        }
        guard refreshChance.isFinite, (0...1).contains(refreshChance) else {
            throw ValidationError("--refresh-chance must be from 0 to 1, not \(refreshChance)")
        }
        guard TimeArgument.duration(refreshDelay) != nil else {
            throw ValidationError("--refresh-delay: '\(refreshDelay)' is not a duration (like 90s, 30m or 2h)")
        }
        if !backgroundRefresh && (refreshChance != 0.5 || refreshDelay != "30m" || seed != 1) {
            throw ValidationError("--refresh-chance, --refresh-delay and --seed are for --background-refresh")
        }
        if device == "phone" && locationOptions.locations != nil {
            throw ValidationError("--device phone does not replay locations yet; simulate them with --device daemon")
        }
        if device == "phone" && backendOptions.backend == "exec" {
            throw ValidationError("--device phone registers notifications; record them with --backend spy, not exec")
        }
    }

    func run() throws {
        let source = try orExit(prefix: "\(plan): ") { try backendOptions.openPlan(plan) }
        let zone = dateZone(of: source.header)
        let from = try parseInstant(self.from, "--from", zone: zone), until = try parseInstant(self.until, "--until", zone: zone)
        guard from <= until else { throw ValidationError("--from must not be after --until") }
        if device == "phone" {
            try simulatePhone(source, from: from, until: until, zone: zone)
            return
        }
        let path = plan
        let outcomes = OutcomeTally()
        // Nothing watches a simulation's output while it runs: lines go out in blocks.
        let backend = try backendOptions.make(buffered: true, capacity: source.header.limits.maxPending) { outcome in
            outcomes.add(outcome)
            if !outcome.status.succeeded { printError("\(outcome.fireID): \(outcome.status)") }
        }
        // Fix times drive the virtual clock together with plan fires; all are read before it starts.
        let locations = try locationOptions.readAll().map { LocationMonitor(feed: $0, log: { printError($0) }) }
        if let spy = backend as? SpyBackend, locations == nil, backendOptions.reconcileStrategy == .replace, SpySimulation.covers(source) {
            // The same record as the loop below writes, from one read of the plan (see SpySimulation).
            warnOutside(source.header.window, from: from, until: until)
            let summary = try orExit(prefix: "\(path): ") { try SpySimulation.run(source, from: from, until: until, output: spy.output) }
            printError(summaryLine(summary, from: from, until: until))
            return
        }
        let loop = try orExit(prefix: "\(path): ") {
            try FireLoop(
                loadSource: { try backendOptions.openPlan(path) }, backend: backend, journal: Journal(),
                clock: VirtualClock(start: from),
                options: FireLoop.Options(
                    until: Double(until.secondsSinceEpoch), stopWhenFiresUnreadable: true, strategy: backendOptions.reconcileStrategy),
                log: { message in
                    // Only what a person must know: the loop's routine lines are for the daemon's log.
                    // Prefix and suffix tests, not Foundation's locale-aware `contains`: this runs for
                    // every fire, and `contains` took 6% of simulating a plan (perf, 86,400 fires).
                    if message.hasPrefix("reload") || message.hasSuffix("a restart sees them again") { printError(message) }

                }, locations: locations)
        }
        warnOutside(loop.window, from: from, until: until)
        let summary = try orExit(prefix: "\(path): ") { try loop.run() }
        var line = summaryLine(summary, from: from, until: until)
        if backend is ExecBackend { line += "; commands: " + outcomes.summary }
        printError(line)
        if outcomes.failures > 0 { throw ExitCode(1) }
    }

    /// `--device phone`: the report on standard output; the calls on the spy's record with `--backend spy`.
    private func simulatePhone(_ source: PlanFireSource, from: Instant, until: Instant, zone: String) throws {
        warnOutside(source.header.window, from: from, until: until)
        let opens = try AppOpens.instants(appOpens, from: from, until: until, zone: zone)
        // The spy stands for the phone: it holds what an iPhone holds.
        let device = DeviceLimits.iPhone
        let backend = backendOptions.backend == "spy" ? try backendOptions.make(buffered: true, capacity: device.pending) : nil
        let refresh =
            backgroundRefresh
            ? BackgroundRefresh(chance: refreshChance, maxDelay: Int64(TimeArgument.duration(refreshDelay) ?? 1_800), seed: seed) : nil
        let options = PhoneSimulation.Options(
            appOpens: opens, backgroundRefresh: refresh, tapsOpenTheApp: taps, strategy: backendOptions.reconcileStrategy, device: device)
        if source.header.spec.runsOn != .phone {
            printError(
                "warning: the plan's spec says runs_on: \(source.header.spec.runsOn.rawValue), so no phone runs it; "
                    + "simulating it as a phone anyway (simulate it as it runs without --device phone)")
        }
        if source.header.limits.maxPending > device.pending {
            printError(
                "warning: max_pending is \(source.header.limits.maxPending), but a phone holds \(device.pending) pending notifications; "
                    + "simulating with \(device.pending)")
        }
        let report = try orExit(prefix: "\(plan): ") {
            try PhoneSimulation.run(source, from: from, until: until, options: options, backend: backend)
        }
        print(format == "json" ? report.json : report.text, terminator: "")
    }

    private func warnOutside(_ window: Window, from: Instant, until: Instant) {
        if from < window.from || until > window.to {
            printError(
                "warning: the range \(from) to \(until) reaches outside the plan's window \(window.from) to \(window.to); "
                    + "no fires exist there")
        }
    }

    private func summaryLine(_ summary: FireLoop.Summary, from: Instant, until: Instant) -> String {
        var line =
            "simulated \(from) to \(until): \(summary.fired) fired, \(summary.locationFires) location fires, "
            + "\(summary.skipped) skipped, \(summary.reconciles) reconciles"
        if summary.forbidden > 0 { line += ", \(summary.forbidden) forbidden (concurrency)" }
        if summary.waited > 0 { line += ", \(summary.waited) waited for a slot" }
        return line
    }
}

/// How the commands of a simulation ended, counted.
final class OutcomeTally: @unchecked Sendable {
    private let lock = Lock()
    private var succeeded = 0, failed = 0, timedOut = 0, notStarted = 0, stopped = 0

    func add(_ outcome: FireOutcome) {
        lock.withLock {
            switch outcome.status {
            case .exited(0): succeeded += 1
            case .exited, .signalled: failed += 1
            case .timedOut: timedOut += 1
            case .failedToStart: notStarted += 1
            case .replaced, .stopped: stopped += 1
            }
        }
    }

    /// Commands that did not succeed (stopped by a replacement is not a failure).
    var failures: Int { lock.withLock { failed + timedOut + notStarted } }

    /// `3 succeeded, 1 failed, 0 timed out, 0 could not start, 0 replaced`.
    var summary: String {
        lock.withLock {
            "\(succeeded) succeeded, \(failed) failed, \(timedOut) timed out, \(notStarted) could not start, \(stopped) replaced"
        }
    }
}
