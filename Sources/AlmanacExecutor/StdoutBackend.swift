import AlmanacPlan

/// Prints one JSON line per fire; registrations and regions print nothing.
public final class StdoutBackend: Backend {
    public let output: LineSink

    public init(output: LineSink) { self.output = output }

    /// Writes what a buffered sink still holds.
    public func finish() throws { try output.flush() }

    public func cancelAll() {}
    public func schedule(_ fire: Fire, trigger: PlanTrigger) {}
    public func monitor(_ region: PlanRegion) {}
    public func unmonitor(_ region: PlanRegion) {}

    public func fire(_ fire: Fire, trigger: PlanTrigger) throws {
        try output.write("{\(FireDescription.fields(fire)), \"payload\": \(FireDescription.payload(trigger))}")
    }
}
