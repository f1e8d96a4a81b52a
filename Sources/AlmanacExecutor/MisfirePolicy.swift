/// What to do with fires the executor could not deliver on time (it was down, or the machine slept)
/// once they are later than the grace period.
public enum MisfirePolicy: String, Sendable, CaseIterable {
    /// Drop them (journaled as skipped), like cron.
    case skip
    /// Deliver only the latest missed fire of each trigger, like anacron or systemd's `Persistent=`.
    case once
    /// Deliver every missed fire, in plan order.
    case all
}
