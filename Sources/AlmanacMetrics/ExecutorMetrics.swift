import Metrics

/// What an executor measures, through swift-metrics, whichever store it uses. Nothing is recorded
/// anywhere until a metrics backend is bootstrapped (`MetricsEndpoint.start`); without one the calls
/// go to swift-metrics' no-op handlers.
///
/// Names follow Prometheus conventions (base units, `_total` for counters); `docs/operations.md`
/// lists them with their meaning.
public struct ExecutorMetrics: Sendable {
    public static let firesName = "almanac_fires_total"
    public static let latenessName = "almanac_fire_lateness_seconds"
    public static let claimsName = "almanac_claims_total"
    public static let leaseLossesName = "almanac_lease_losses_total"
    public static let inDoubtName = "almanac_fires_in_doubt_total"
    public static let planRemainingName = "almanac_plan_remaining_seconds"
    public static let journalSyncsName = "almanac_journal_syncs_total"

    /// Buckets of the lateness histogram, in seconds: a fire on time is late by milliseconds; one that
    /// waited for a slot or a lease, by seconds; a misfire, by minutes or more.
    public static let latenessBuckets: [Double] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 3600]

    private let lateness = Recorder(label: latenessName, aggregate: true)
    private let claims = Counter(label: claimsName)
    private let leaseLosses = Counter(label: leaseLossesName)
    private let inDoubt = Counter(label: inDoubtName)
    private let planRemaining = Gauge(label: planRemainingName)
    private let journalSyncs = Counter(label: journalSyncsName)

    public init() {}

    /// A fire ended as `outcome`: `delivered` (started or handed over), `ok` and `failed` (a command's
    /// exit), `skipped` (a misfire or `concurrency: forbid`), `cancelled`, `in_doubt`.
    public func fire(_ outcome: String) {
        Counter(label: Self.firesName, dimensions: [("outcome", outcome)]).increment()
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

    /// Seconds until the last plan's window ends (negative once it has): when to compile the next one.
    public func planRemaining(seconds: Double) { planRemaining.record(seconds) }
}
