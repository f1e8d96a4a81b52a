import AlmanacCommandLine
import AlmanacExecutor
import AlmanacMetrics
import AlmanacPlan
import AlmanacTime
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

    @Option(help: "Serve metrics in the Prometheus text format at GET /metrics on HOST:PORT (like 127.0.0.1:9464).")
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
        if let metrics { _ = try MetricsEndpoint.parse(metrics) }
    }

    func run() throws {
        let endpoint = try metrics.map { address in
            do { return try MetricsEndpoint.start(address: address) } catch let error as MetricsEndpoint.Failure {
                printError(error.description)
                throw ExitCode(2)
            }
        }
        if let endpoint { printError("metrics at http://\(endpoint.host):\(endpoint.port)/metrics") }
        if state == nil, let address = storeOptions.address {
            _ = try requireStore(storeOptions)
            // ServiceLifecycle handles SIGTERM and SIGINT (a graceful stop) from here on.
            SignalWatcher.unblock()
            let log: @Sendable (String) -> Void = { message in
                let now = Instant(secondsSinceEpoch: Int64(Date().timeIntervalSince1970.rounded(.down)))
                FileHandle.standardError.write(Data("almanac-exec: \(now) \(message)\n".utf8))
            }
            try runCluster(
                plan: plan, address: address, misfire: misfire, grace: TimeArgument.duration(grace) ?? 60, cluster: clusterOptions,
                backendOptions: backendOptions, log: log)
            return
        }
        let clock = RealClock()
        // The signals were blocked in `main`, before any thread existed; this thread receives them.
        SignalWatcher.start(posting: clock)
        let log: @Sendable (String) -> Void = { message in
            let now = Instant(secondsSinceEpoch: Int64(clock.now().rounded(.down)))
            FileHandle.standardError.write(Data("almanac-exec: \(now) \(message)\n".utf8))
        }
        let path = plan, state = self.state
        // Before the first load, so a plan replaced while it is read is read again.
        PlanFileWatcher.start(path: plan, posting: clock, log: log)
        let databaseJournal = try state.flatMap { try openDatabaseJournal($0) }
        let journal = try orExit { try databaseJournal.map { Journal(store: $0) } ?? state.map { try Journal(directory: $0) } ?? Journal() }
        journal.warnings.forEach(log)
        journal.onProblem(log)
        if endpoint != nil { observe(journal, clock: clock) }
        let backend = try backendOptions.make(daemon: true) { outcome in
            // A slot is free: fires waiting for one can start. Woken first, the loop's next batch
            // shares this outcome's sync (the file store commits in groups).
            clock.post(.wake)
            do { try journal.append(.outcome(outcome)) } catch { log("cannot journal the outcome of \(outcome.fireID): \(error)") }
            log("\(outcome.fireID): \(outcome.status)")
        }
        let graceSeconds = TimeArgument.duration(grace) ?? 60
        let locations = try locationOptions.startReading(posting: clock, log: log)
            .map { LocationMonitor(feed: $0, grace: graceSeconds, log: log) }
        let loop = try orExit(prefix: "\(path): ") {
            try FireLoop(
                loadSource: { try PlanFireSource.open(path: path) }, backend: backend, journal: journal, clock: clock,
                options: FireLoop.Options(misfire: misfire, grace: graceSeconds, strategy: backendOptions.reconcileStrategy),
                log: log,
                onRegistration: { registration, plan, now in
                    if endpoint != nil {
                        ExecutorMetrics().planRemaining(seconds: Double(plan.window.to.secondsSinceEpoch - now.secondsSinceEpoch))
                    }
                    if let databaseJournal {
                        do {
                            try databaseJournal.recordRegistration(RegistrationRecord.render(registration, plan: plan, now: now))
                        } catch { log("\(error)") }
                        return
                    }
                    guard let state else { return }
                    do { try RegistrationRecord.write(registration, plan: plan, now: now, directory: state) } catch { log("\(error)") }
                },
                locations: locations)
        }
        log("running \(path)" + (state.map { " with state in \($0)" } ?? "") + ", misfire \(misfire.rawValue), grace \(grace)")
        let summary = try orExit { try loop.run() }
        log(
            "stopped: \(summary.fired) fired, \(summary.locationFires) location fires, \(summary.skipped) skipped"
                + (summary.forbidden > 0 ? ", \(summary.forbidden) forbidden" : "") + ", \(summary.reloads) reloads")
    }
}

extension MisfirePolicy: ExpressibleByArgument {}

/// Counts what the journal records, for `--metrics` with the file store.
private func observe(_ journal: Journal, clock: RealClock) {
    let metrics = ExecutorMetrics()
    (journal.store as? FileJournalStore)?.onSync { _ in metrics.journalSynced() }
    journal.onEntry { entry in
        switch entry {
        case .fire(_, _, let at, _):
            metrics.fire("delivered")
            metrics.started(lateness: clock.now() - Double(at.secondsSinceEpoch))
        case .skip: metrics.fire("skipped")
        case .outcome(let outcome): metrics.fire(outcome.status.succeeded ? "ok" : "failed")
        default: break
        }
    }
}
