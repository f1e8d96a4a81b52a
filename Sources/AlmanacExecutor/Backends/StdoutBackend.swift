import AlmanacPlan

/// Prints one JSON line per fire; registrations and regions print nothing.
public final class StdoutBackend: Backend {
    public let output: LineSink

    public init(output: LineSink) { self.output = output }

    public func cancelAll() {}
    public func schedule(_ fire: Fire, trigger: PlanTrigger) {}
    public func monitor(_ region: PlanRegion) {}
    public func unmonitor(_ region: PlanRegion) {}

    public func fire(_ fire: Fire, trigger: PlanTrigger) throws {
        do {
            try output.write("{\(FireDescription.fields(fire)), \"payload\": \(FireDescription.payload(trigger))}")
        } catch let error as ExecutorError where error.message.isEmpty {
            // Already reported for this stall.
        }
    }

    /// Writes what a buffered sink still holds, and gives a stalled reader of a background sink at
    /// most half a second, so a stop stays prompt (the journal still has the fires whose lines are lost).
    public func finish() throws {
        try output.flush()
        output.drain(within: 0.5)
    }
}
