import AlmanacCommandLine
import AlmanacExecutor
import AlmanacMetrics
import AlmanacPlan
import AlmanacTime
import AlmanacVocabulary
import ArgumentParser
import Foundation

/// `almanac-exec run PLAN`: the daemon on the real clock.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Wait for each fire and deliver it; journal durably; reload on SIGHUP or plan change; stop on SIGTERM.")

    @Argument(help: "The plan file.")
    var plan: String

    @Option(
        help:
            "State directory for the journal (without it, a restart forgets what fired), or postgres://…#NAME for a journal kept in PostgreSQL."
    )
    var state: String?

    @OptionGroup var storeOptions: StoreOptions

    @OptionGroup var clusterOptions: ClusterOptions

    @Option(
        help:
            "Serve GET /metrics (Prometheus text format) and GET /healthz on HOST:PORT: 127.0.0.1:9464, [::1]:9464, or :9464 for every interface."
    )
    var metrics: String?

    @Option(help: "Fires missed by more than --grace: skip, once (latest per trigger) or all.")
    var misfire: MisfirePolicy = .skip

    @Option(help: "How late a fire may be and still count as on time (90s, 5m…).")
    var grace = "60s"

    @OptionGroup var backendOptions: BackendOptions

    @OptionGroup var locationOptions: LocationOptions

    func validate() throws {
        guard TimeArgument.duration(grace) != nil else { throw ValidationError("--grace: '\(grace)' is not a duration") }
        if state != nil && storeOptions.store != nil { throw ValidationError("--state and --store are two stores; give one") }
        if let metrics { try MetricsServing.validate(metrics) }
    }

    func run() throws {
        let served = try metrics.map(MetricsServing.start)
        if let served { printError("metrics at http://\(served)/metrics") }
        if state == nil, let address = storeOptions.address {
            _ = try requireStore(storeOptions)
            // The signals stay blocked: `runCluster` watches them (SIGTERM and SIGINT stop gracefully).
            let log: @Sendable (String) -> Void = { message in
                printLog(at: Instant(secondsSinceEpoch: Int64(Date().timeIntervalSince1970.rounded(.down))), message)
            }
            try runCluster(
                plan: plan, address: address, misfire: misfire, grace: TimeArgument.duration(grace) ?? 60, cluster: clusterOptions,
                backendOptions: backendOptions, log: log)
            return
        }
        let clock = RealClock()
        // The signals were blocked in `main`, before any thread existed; this thread receives them.
        SignalWatcher.start(posting: clock)
        // A log line's instant: the clock's second.
        let stamp: @Sendable () -> Instant = { Instant(secondsSinceEpoch: Int64(clock.now().rounded(.down))) }
        let log: @Sendable (String) -> Void = { message in printLog(at: stamp(), message) }
        let path = plan, state = self.state
        // Before the first load, so a plan replaced while it is read is read again.
        PlanFileWatcher.start(path: plan, posting: clock, log: log)
        let databaseJournal = try state.flatMap { try openDatabaseJournal($0) }
        let journal = try orExit { try databaseJournal.map { Journal(store: $0) } ?? state.map { try Journal(directory: $0) } ?? Journal() }
        journal.warnings.forEach(log)
        journal.onProblem(log)
        if served != nil {
            let metrics = ExecutorMetrics()
            let counting = JournalMetrics(metrics, countsOutcomes: backendOptions.backend == "exec")
            (journal.store as? FileJournalStore)?.onSync { _ in metrics.journalSynced() }
            journal.onEntry { entry in counting.observe(entry, now: clock.now()) }
        }
        let backend = try backendOptions.make(daemon: true) { outcome in
            // Nothing waits on an outcome's sync: it goes with the loop's next batch, or `outcomeDelay`
            // later (FireLoop). Queued before the wake, so the loop that wakes sees it.
            journal.appendLater(.outcome(outcome))
            log("\(outcome.fireID): \(outcome.status)")
            // A slot is free: fires waiting for one can start.
            clock.post(.wake)
        }
        let graceSeconds = TimeArgument.duration(grace) ?? 60
        let locations = try locationOptions.startReading(posting: clock, log: log)
            .map { LocationMonitor(feed: $0, grace: graceSeconds, log: log) }
        // The record for `pending`, written off the loop's thread (file store; a database store records it itself).
        let registrationWriter = databaseJournal == nil ? state.map { RegistrationRecordWriter(directory: $0, log: log) } : nil
        let loop = try orExit(prefix: "\(path): ") {
            try FireLoop(
                loadSource: { try backendOptions.openPlan(path) }, backend: backend, journal: journal, clock: clock,
                options: FireLoop.Options(misfire: misfire, grace: graceSeconds, strategy: backendOptions.reconcileStrategy),
                log: log, logLines: { printLog(at: stamp(), lines: $0) },
                onRegistration: { registration, plan, now in
                    if served != nil { ExecutorMetrics().planEnds(at: Double(plan.window.to.secondsSinceEpoch)) }
                    if let databaseJournal {
                        do {
                            try databaseJournal.recordRegistration(RegistrationRecord.render(registration, plan: plan, now: now))
                        } catch { log("\(error)") }
                        return
                    }
                    registrationWriter?.submit(registration, plan: plan, now: now)
                },
                locations: locations)
        }
        log("running \(path)" + (state.map { " with state in \($0)" } ?? "") + ", misfire \(misfire.rawValue), grace \(grace)")
        let summary = try orExit { try loop.run() }
        registrationWriter?.flush()
        log(
            "stopped: \(summary.fired) fired, \(summary.locationFires) location fires, \(summary.skipped) skipped"
                + (summary.forbidden > 0 ? ", \(summary.forbidden) forbidden" : "") + ", \(summary.reloads) reloads")
    }
}

extension MisfirePolicy: ExpressibleByArgument {}
