import AlmanacPlan

/// A backend whose fires start work that lasts (exec). The loop starts a fire only while a slot is
/// free, holds the others in plan order until one frees, and applies each trigger's `concurrency`
/// to what still runs.
public protocol SlottedBackend: Backend {
    /// Commands that may run at once.
    var slots: Int { get }
    /// Commands running now.
    func runningCount() -> Int
    /// Commands of `trigger` running now.
    func runningCount(trigger: String) -> Int
    /// Starts stopping the running commands of `trigger` (`replace`); they end, and free their slot, later.
    func stop(trigger: String)
    /// Stops every running command promptly (a daemon's SIGTERM) and returns once all have ended.
    func stopAll()
    /// When the next running command ends, for work measured on the executor's clock (tests); nil
    /// for real processes, which wake the loop through the backend's outcome callback instead.
    func nextEnd() -> Double?
    /// Blocks until some running command ends (a simulation waiting for real processes).
    func waitForEnd()
}
