import AlmanacExecutor

/// The metrics of a single daemon (`run --state`), read off its journal as entries are written:
/// each fire is counted once in `almanac_fires_total`, by how it ended. A backend that runs commands
/// journals a fire when it starts and its `outcome` when it ends, so that fire is counted at the
/// outcome (`ok`, `failed`); any other backend's fire is `delivered` when it is journaled.
public struct JournalMetrics: Sendable {
    private let metrics: ExecutorMetrics
    private let countsOutcomes: Bool

    /// `countsOutcomes`: the backend reports an outcome for each fire (exec).
    public init(_ metrics: ExecutorMetrics, countsOutcomes: Bool) {
        self.metrics = metrics
        self.countsOutcomes = countsOutcomes
    }

    /// Counts what `entry` records; `now` is the daemon's clock (seconds since 1970), for lateness.
    public func observe(_ entry: Journal.Entry, now: Double) {
        switch entry {
        case .fire(_, _, let at, _):
            metrics.started(lateness: now - Double(at.secondsSinceEpoch))
            if !countsOutcomes { metrics.fire("delivered") }
        case .skip: metrics.fire("skipped")
        case .outcome(let outcome): metrics.fire(outcome.status.succeeded ? "ok" : "failed")
        case .start: break
        }
    }
}
