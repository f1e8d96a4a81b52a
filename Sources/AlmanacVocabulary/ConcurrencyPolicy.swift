/// A trigger's `concurrency`: what an executor that runs commands does when the trigger fires while
/// its previous command still runs. Written in specs and carried in plans.
public enum ConcurrencyPolicy: String, Hashable, Sendable, CaseIterable {
    /// Both run (the default).
    case allow
    /// The new fire is skipped, and journaled as such.
    case forbid
    /// The running command is stopped (its whole process group), then the new one starts.
    case replace
    /// The new fire starts when the previous command ends.
    case queue
}
