import AlmanacJSON
import AlmanacPlan

/// Records every call as one JSON line — the spy of the phone practice, as a file tests compare.
public final class SpyBackend: Backend {
    public let output: LineSink

    public init(output: LineSink) { self.output = output }

    /// Writes what a buffered sink still holds.
    public func finish() throws { try output.flush() }

    public func cancelAll() throws {
        try output.write("{\"call\": \"cancelAll\"}")
    }

    public func schedule(_ fire: Fire, trigger: PlanTrigger) throws {
        try output.write("{\"call\": \"schedule\", \(FireDescription.fields(fire)), \"payload\": \(FireDescription.payload(trigger))}")
    }

    public func fire(_ fire: Fire, trigger: PlanTrigger) throws {
        try output.write("{\"call\": \"fire\", \(FireDescription.fields(fire)), \"payload\": \(FireDescription.payload(trigger))}")
    }

    /// A location fire: as `fire`, with `"event"` (`enter` or `exit`) before the payload.
    public func fire(_ fire: Fire, event: PlanRegion.Event, trigger: PlanTrigger) throws {
        try output.write(
            "{\"call\": \"fire\", \(FireDescription.fields(fire)), \"event\": \"\(event.rawValue)\", \"payload\": \(FireDescription.payload(trigger))}"
        )
    }

    public func monitor(_ region: PlanRegion) throws {
        try output.write("{\"call\": \"monitor\", \(FireDescription.fields(region))}")
    }

    public func unmonitor(_ region: PlanRegion) throws {
        try output.write("{\"call\": \"unmonitor\", \"trigger\": \(JSONWriter.quoted(region.trigger))}")
    }
}
