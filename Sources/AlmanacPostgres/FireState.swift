import AlmanacExecutor

/// A fire's state in the shared store (`almanac_fires.state`): `pending → claimed → started → done`,
/// or one of the other settled states.
public enum FireState: String, Sendable, CaseIterable {
    case pending
    case claimed
    case started
    case done
    /// Not delivered: a misfire, `concurrency: forbid`, replaced, or no trigger in its plan.
    case skipped
    /// Pending when a newer plan without it became current.
    case cancelled
    /// Its executor stopped answering after starting it (`--in-doubt skip`).
    case inDoubt = "in_doubt"
    /// Already past when its plan arrived: never delivered.
    case expired

    /// Settled: nothing more happens to it.
    public var isSettled: Bool { ![.pending, .claimed, .started].contains(self) }
}

/// How a fire the store handed out ended: its settled state, the outcome text kept in the store
/// (`status`, `pending --store`), and the metrics label.
public enum FireResult: Sendable, Equatable {
    /// Handed to a backend whose delivery is instant (spy, stdout).
    case delivered
    /// The backend refused it.
    case backendFailed(String)
    /// The command of an exec backend ended so.
    case command(FireOutcome.Status)
    /// Not delivered, and why.
    case skipped(SkipReason, detail: String)
    /// Its trigger is not in its plan (a plan edited by hand, or a store written by another tool).
    case noTrigger(String)

    public var state: FireState {
        switch self {
        case .delivered, .backendFailed, .command: return .done
        case .skipped, .noTrigger: return .skipped
        }
    }

    /// The `outcome` column.
    public var text: String {
        switch self {
        case .delivered: return "delivered"
        case .backendFailed(let why): return "failed: \(why)"
        case .command(let status): return status.description
        case .skipped(let reason, let detail): return "\(reason.rawValue): \(detail)"
        case .noTrigger(let trigger): return "skipped: no trigger '\(trigger)' in its plan"
        }
    }

    /// `almanac_fires_total{outcome}`.
    public var metric: String {
        switch self {
        case .delivered: return "delivered"
        case .backendFailed: return "failed"
        case .command(let status): return status.succeeded ? "ok" : "failed"
        case .skipped, .noTrigger: return "skipped"
        }
    }
}
