/// How long before their instant the loop journals the next fires (the journal's sync ahead of the
/// due instant, so the sync is not between the instant and the start).
///
/// The lead follows the journal's recent syncs as the loop measured them on its own clock: twice the
/// longest of the last `window` syncs, at most `limit` seconds. A sync that takes no time on the
/// loop's clock (a virtual clock, a simulation) gives no lead: fires are journaled at their instant,
/// as before.
struct JournalLead {
    /// Syncs remembered.
    static let window = 16
    /// The longest lead, seconds: it bounds how much earlier than its instant a fire may be journaled.
    let limit: Double
    private var recent: [Double] = []
    private var next = 0

    init(limit: Double) {
        self.limit = max(0, limit)
    }

    /// Remembers that a sync took `seconds`.
    mutating func synced(taking seconds: Double) {
        let seconds = max(0, seconds)
        if recent.count < Self.window {
            recent.append(seconds)
        } else {
            recent[next] = seconds
        }
        next = (next + 1) % Self.window
    }

    /// Seconds before an instant to journal its fires; 0 journals them at the instant.
    var seconds: Double {
        // Twice the longest recent sync: one slow sync (another process's writes on the disk) must
        // not make the loop late at the next instant. Measured: syncs of 3-20 ms on the bench machine.
        min(limit, 2 * (recent.max() ?? 0))
    }
}
