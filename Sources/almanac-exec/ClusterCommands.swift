import AlmanacExecutor
import AlmanacJSON
import ArgumentParser
import Foundation

#if PostgreSQL
import AlmanacModel
import AlmanacPostgres
import Logging
import NIOConcurrencyHelpers
import ServiceLifecycle
#endif

/// `almanac-exec migrate --store …`: creates or upgrades the executor's schema.
struct MigrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Create or upgrade the executor's tables in a PostgreSQL store (idempotent).")

    @OptionGroup var storeOptions: StoreOptions

    func run() throws {
        let address = try requireStore(storeOptions)
        #if PostgreSQL
        let applied = try withStore(address) { store in try await store.migrate() }
        printLine(
            applied.isEmpty
                ? "schema is at version \(Migrations.current); nothing to do"
                : "applied \(applied.map { "version \($0)" }.joined(separator: ", ")); schema is at version \(Migrations.current)")
        #endif
    }
}

/// `almanac-exec status --store …`: the store's specs, fires by state, and executors.
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show a PostgreSQL store's plans, fires by state and executors (last seen, claims, lateness).")

    @OptionGroup var storeOptions: StoreOptions

    @Option(help: "text or json.")
    var format = "text"

    func validate() throws {
        guard format == "text" || format == "json" else { throw ValidationError("--format must be text or json, not '\(format)'") }
    }

    func run() throws {
        let address = try requireStore(storeOptions)
        #if PostgreSQL
        let status = try withStore(address) { store in try await store.status() }
        if format == "json" {
            print(JSONWriter.inline(status.json))
            return
        }
        printLine("schema version \(status.schema)")
        for spec in status.specs {
            let states = spec.states.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            let name = spec.name == spec.id ? "" : " (name '\(shown(spec.name))')"
            printLine(
                "spec \(shown(spec.id))\(name): revision \(spec.revision), sha256 \(spec.currentSHA256.map { shown(String($0.prefix(12))) } ?? "none"), window to \(spec.windowTo ?? "?"); fires: \(states.isEmpty ? "none" : states)"
            )
            printLine(
                "  published \(spec.published.map(shown) ?? "never"); next due \(spec.nextDue ?? "none"); executors last beat \(spec.lastBeat ?? "never")"
            )
        }
        printLine(status.executors.isEmpty ? "executors: none" : "executors:")
        for e in status.executors {
            let lateness =
                e.maxLateness.map { String(format: "lateness last %.3f s, max %.3f s", e.lastLateness ?? 0, $0) } ?? "nothing started"
            printLine(
                "  \(shown(e.id))  \(e.condition.rawValue), last seen \(e.lastSeen) (\(String(format: "%.0f", e.secondsSinceSeen)) s ago)"
                    + "; claimed \(e.claimed), started \(e.started), holding \(e.holding), claims lost \(e.leaseLosses); \(lateness)")
            if let why = e.standingBy, e.condition == .standingBy { printLine("    standing by: \(shown(why))") }
        }
        #endif
    }
}

/// The executor for `--store`, or a usage error naming how to give one.
func requireStore(_ options: StoreOptions) throws -> String {
    guard let address = options.address else { throw ValidationError("give a store with --store postgres://… or ALMANAC_STORE") }
    #if !PostgreSQL
    printError("this almanac-exec was built without PostgreSQL support (the PostgreSQL package trait); \(address) cannot be used")
    throw ExitCode(2)
    #else
    return address
    #endif
}

#if PostgreSQL
/// The store at `address`: an address that does not parse is a usage error, one that cannot be used
/// exit status 2 in words (its password never shown).
func openStore(_ address: String) throws -> ClusterStore {
    do { return try ClusterStore(address: try StoreAddress(address)) } catch let error as StoreAddress.Invalid {
        throw ValidationError(error.description)
    } catch {
        printError("store \(StoreAddress.redactedText(address)): \(StoreError.describe(error))")
        throw ExitCode(2)
    }
}

/// Opens the store at `address`, runs `body`, and turns store and connection errors into exit status
/// 2 with a message (in the server's words), and a refused publication into exit status 1.
func withStore<T: Sendable>(_ address: String, _ body: @escaping @Sendable (ClusterStore) async throws -> T) throws -> T {
    let store = try openStore(address)
    do {
        return try blockOn {
            do {
                let result = try await body(store)
                await store.close()
                return result
            } catch {
                await store.close()
                throw error
            }
        }
    } catch let error as PlanRefused {
        printError(error.description)
        throw ExitCode(1)
    } catch let error as ExitCode {
        throw error
    } catch {
        printError("store \(store.address.redacted): \(StoreError.describe(error))")
        throw ExitCode(2)
    }
}

/// A name, id or outcome from the store as the terminal should show it: controls and bidirectional
/// overrides written visibly (a spec or an executor may be named with anything).
func shown(_ text: String) -> String { DiagnosticRenderer.visible(text) }

/// `pending --store`: the next fires not yet delivered and the last settled, across the cluster.
func printStorePending(_ address: String, last: Int) throws {
    let (upcoming, settled) = try withStore(address) { store in
        try await store.checkSchema()
        return try await store.fires(limit: last)
    }
    printLine(upcoming.isEmpty ? "pending: none" : "pending (next \(upcoming.count)):")
    for f in upcoming {
        printLine("  \(f.dueAt)  \(shown(f.spec))  \(shown(f.id))  \(f.state)" + (f.owner.map { " by \(shown($0))" } ?? ""))
    }
    printLine(settled.isEmpty ? "last settled: none" : "last settled:")
    for f in settled {
        printLine(
            "  \(f.dueAt)  \(shown(f.spec))  \(shown(f.id))  \(f.state) at \(f.finishedAt ?? "?")"
                + (f.attempt > 1 ? " (attempt \(f.attempt))" : "")
                + (f.outcome.map { ": \(shown($0))" } ?? ""))
    }
}

/// `run PLAN --store …`: this process joins the cluster until SIGTERM or SIGINT.
func runCluster(
    plan: String, address: String, misfire: MisfirePolicy, grace: Double, cluster: ClusterOptions, backendOptions: BackendOptions,
    log: @escaping @Sendable (String) -> Void
) throws {
    let store: ClusterStore
    do {
        // An operation may take a third of the lease: a frozen store is given up on, and its
        // connection closed, well before this executor's claims lapse.
        store = try ClusterStore(address: try StoreAddress(address), operationTimeout: min(10, max(1, cluster.leaseSeconds / 3)))
    } catch let error as StoreAddress.Invalid {
        throw ValidationError(error.description)
    }
    // A plan whose triggers cannot run is refused here, at its line, before the store is touched.
    _ = try orExit(prefix: "\(plan): ") { try backendOptions.openPlan(plan) }
    let outcomes = OutcomeRelay()
    let backend = try backendOptions.make(daemon: true) { outcome in
        log("\(outcome.fireID): \(outcome.status)")
        outcomes.deliver(outcome)
    }
    let options = ClusterRunner.Options(
        executorID: cluster.resolvedExecutorID,
        policy: DeliveryPolicy(misfire: misfire, inDoubt: InDoubtPolicy(rawValue: cluster.inDoubt) ?? .skip), grace: grace,
        lease: cluster.leaseSeconds, specID: cluster.specID)
    let runner = ClusterRunner(store: store, planPath: plan, backend: backend, options: options, log: log)
    outcomes.attach(runner)
    log(
        "running \(plan) with store \(store.address.redacted) as \(options.executorID), misfire \(misfire.rawValue), lease \(cluster.lease), in doubt: \(cluster.inDoubt)"
    )
    var logger = Logger(label: "almanac.exec")
    logger.logLevel = .critical
    let group = ServiceGroup(
        configuration: ServiceGroupConfiguration(
            services: [
                .init(
                    service: runner, successTerminationBehavior: .gracefullyShutdownGroup,
                    failureTerminationBehavior: .gracefullyShutdownGroup)
            ],
            gracefulShutdownSignals: [], logger: logger))
    // SIGHUP reads the plan again; SIGTERM and SIGINT stop gracefully (ServiceLifecycle's shutdown).
    SignalWatcher.start { signal in
        if signal == SIGHUP {
            runner.requestReload()
        } else {
            Task { await group.triggerGracefulShutdown() }
        }
    }
    do {
        try blockOn { try await group.run() }
    } catch let error as PlanRefused {
        printError(error.description)
        throw ExitCode(1)
    } catch let error as PlanUnreadable {
        printError(error.description)
        throw ExitCode(2)
    } catch {
        printError("store \(store.address.redacted): \(StoreError.describe(error))")
        throw ExitCode(2)
    }
}

/// Hands a command's outcome from the exec backend (its own threads) to the runner, made after the
/// backend; set once before the first fire.
final class OutcomeRelay: Sendable {
    private let runner = NIOLockedValueBox<ClusterRunner?>(nil)
    func attach(_ runner: ClusterRunner) { self.runner.withLockedValue { $0 = runner } }
    func deliver(_ outcome: FireOutcome) { runner.withLockedValue { $0 }?.outcome(outcome) }
}

/// `--state postgres://…#NAME`: one executor's journal in PostgreSQL (the name defaults to `default`);
/// nil for a state directory.
func openDatabaseJournal(_ state: String) throws -> (any JournalStore)? {
    guard state.hasPrefix("postgres://") || state.hasPrefix("postgresql://") else { return nil }
    let parts = state.split(separator: "#", maxSplits: 1)
    let name = parts.count > 1 ? String(parts[1]) : "default"
    let address: StoreAddress
    do { address = try StoreAddress(String(parts[0])) } catch let error as StoreAddress.Invalid {
        throw ValidationError(error.description.replacingOccurrences(of: "--store", with: "--state"))
    }
    do {
        return try PostgresJournalStore(address: address, name: name)
    } catch {
        printError("\(error)")
        throw ExitCode(2)
    }
}
#else
func openDatabaseJournal(_ state: String) throws -> (any JournalStore)? {
    guard state.hasPrefix("postgres://") || state.hasPrefix("postgresql://") else { return nil }
    printError("this almanac-exec was built without PostgreSQL support (the PostgreSQL package trait); --state \(state) cannot be used")
    throw ExitCode(2)
}
func printStorePending(_ address: String, last: Int) throws {}
func runCluster(
    plan: String, address: String, misfire: MisfirePolicy, grace: Double, cluster: ClusterOptions, backendOptions: BackendOptions,
    log: @escaping @Sendable (String) -> Void
) throws {}
#endif
