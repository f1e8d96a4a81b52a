import Metrics

/// What an executor measures, through swift-metrics, whichever store it uses. Nothing is recorded
/// anywhere until a metrics backend is bootstrapped (`PrometheusExposition.bootstrap`), or a factory
/// is given; without one the calls go to swift-metrics' no-op handlers.
///
/// Names follow Prometheus conventions (base units, `_total` for counters); each has its `# HELP`
/// text in `help`, and docs/cluster.md lists them.
public struct ExecutorMetrics: Sendable {
    public static let firesName = "almanac_fires_total"
    public static let latenessName = "almanac_fire_lateness_seconds"
    public static let claimsName = "almanac_claims_total"
    public static let leaseLossesName = "almanac_lease_losses_total"
    public static let inDoubtName = "almanac_fires_in_doubt_total"
    public static let planEndName = "almanac_plan_window_end_timestamp_seconds"
    /// Not recorded by the executor: computed from `planEndName` and the clock at each scrape.
    public static let planRemainingName = "almanac_plan_remaining_seconds"
    public static let journalSyncsName = "almanac_journal_syncs_total"
    /// `almanac-exec serve`: the store's fires by spec and state, and each spec's time left, at the scrape.
    public static let storeFiresName = "almanac_store_fires"
    public static let specRemainingName = "almanac_spec_plan_remaining_seconds"

    /// The `# HELP` line of each metric.
    public static let help: [String: String] = [
        firesName:
            "Fires by how they ended, each counted once: delivered (spy, stdout), ok or failed (a command's exit), skipped, cancelled, in_doubt.",
        latenessName: "Seconds between a fire's instant and its start.",
        claimsName: "Fires this executor claimed from the shared store.",
        leaseLossesName: "Claimed fires another executor recovered before this one recorded them.",
        inDoubtName: "Fires found in doubt: their executor died after starting them.",
        planEndName: "When the current plan's window ends, in seconds since 1970.",
        journalSyncsName: "Syncs (fsync) of the file journal: one per group of entries written together.",
        storeFiresName: "Fires in the shared store by spec and state, at the scrape (almanac-exec serve).",
        specRemainingName: "Seconds until each spec's current plan window ends, at the scrape (almanac-exec serve).",
        planRemainingName:
            "Seconds until the current plan's window ends, at the scrape (negative once it has): compile the next plan before 0.",
    ]

    /// Buckets of the lateness histogram, in seconds: a fire on time is late by milliseconds; one that
    /// waited for a slot or a lease, by seconds; a misfire, by minutes or more.
    public static let latenessBuckets: [Double] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 3600]

    private let factory: any MetricsFactory
    private let lateness: Recorder
    private let claims: Counter
    private let leaseLosses: Counter
    private let inDoubt: Counter
    private let planEnd: Gauge
    private let journalSyncs: Counter

    /// Records through `factory`, else through the factory swift-metrics was bootstrapped with.
    public init(factory: (any MetricsFactory)? = nil) {
        let factory = factory ?? MetricsSystem.factory
        self.factory = factory
        lateness = Recorder(label: Self.latenessName, dimensions: [], aggregate: true, factory: factory)
        claims = Counter(label: Self.claimsName, factory: factory)
        leaseLosses = Counter(label: Self.leaseLossesName, factory: factory)
        inDoubt = Counter(label: Self.inDoubtName, factory: factory)
        planEnd = Gauge(label: Self.planEndName, factory: factory)
        journalSyncs = Counter(label: Self.journalSyncsName, factory: factory)
    }

    /// A fire ended as `outcome`: `delivered` (handed to a backend that runs nothing), `ok` and
    /// `failed` (a command's exit, or a backend's error), `skipped` (a misfire or `concurrency:
    /// forbid`), `cancelled`, `in_doubt`. Each fire is counted once, when its outcome is known.
    public func fire(_ outcome: String) {
        Counter(label: Self.firesName, dimensions: [("outcome", outcome)], factory: factory).increment()
    }

    /// How late a fire started, in seconds after its instant.
    public func started(lateness seconds: Double) {
        lateness.record(max(0, seconds))
    }

    /// Fires this executor claimed from a shared store.
    public func claimed(_ count: Int) {
        if count > 0 { claims.increment(by: count) }
    }

    /// A claimed fire whose lease another executor took over before this one recorded it.
    public func leaseLost() { leaseLosses.increment() }

    /// Fires found in doubt (their executor died after starting them).
    public func foundInDoubt(_ count: Int) {
        if count > 0 { inDoubt.increment(by: count) }
    }

    /// The file journal was synced once (one `fsync` for a group of entries).
    public func journalSynced() { journalSyncs.increment() }

    /// The current plan's window ends at `seconds` since 1970: the exposition subtracts the time of
    /// each scrape from it (`planRemainingName`), so the alert on time left follows the clock.
    public func planEnds(at seconds: Double) { planEnd.record(seconds) }
}
