/// What an executor does with a trigger's fires it could not deliver on time (it was down, or the
/// machine slept) once they are later than the grace period. Written per trigger in specs
/// (`misfire:`), carried in plans, and the default of `almanac-exec run --misfire`.
public enum Misfire: String, Hashable, Sendable, CaseIterable {
    /// Drop them (journaled as skipped), like cron.
    case skip
    /// Deliver only the latest missed fire of each trigger, like anacron or systemd's `Persistent=`.
    case once
    /// Deliver every missed fire, in plan order.
    case all
}
