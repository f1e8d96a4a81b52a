import AlmanacPlan

/// Where an executor sends its calls: a spy, stdout, a command, or a platform's notification centre.
///
/// Calls come from one thread, in a stable order: `cancelAll`, then `schedule` for each registered
/// fire in plan order, `monitor` for each region, and `fire` as fires come due.
public protocol Backend: AnyObject {
    /// Forgets every registered fire and monitored region.
    func cancelAll() throws
    /// Registers a future fire (a notification request on a phone; nothing for a daemon's command).
    func schedule(_ fire: Fire, trigger: PlanTrigger) throws
    /// Delivers a fire now. May start work that completes later (see `finish`).
    func fire(_ fire: Fire, trigger: PlanTrigger) throws
    /// Delivers the fire of a location trigger whose region was crossed (`event` is enter or exit).
    func fire(_ fire: Fire, event: PlanRegion.Event, trigger: PlanTrigger) throws
    /// Starts watching a region.
    func monitor(_ region: PlanRegion) throws
    /// Stops watching a region.
    func unmonitor(_ region: PlanRegion) throws
    /// Waits for work started by `fire` to complete; called before a clean stop.
    func finish() throws
}

extension Backend {
    public func finish() throws {}

    /// Backends that do not tell crossings apart deliver them as any fire.
    public func fire(_ fire: Fire, event: PlanRegion.Event, trigger: PlanTrigger) throws {
        try self.fire(fire, trigger: trigger)
    }
}

/// The outcome of work a backend started for a fire, reported after `fire` returned.
public struct FireOutcome: Sendable, Equatable {
    public enum Status: Sendable, Equatable {
        case exited(Int32)
        case signalled(Int32)
        case timedOut
        case failedToStart(String)
    }

    public var fireID: String
    public var status: Status

    public init(fireID: String, status: Status) {
        self.fireID = fireID
        self.status = status
    }
}
