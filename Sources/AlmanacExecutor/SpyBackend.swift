import AlmanacJSON
import AlmanacPlan

/// Records every call as one JSON line — the spy of the phone practice, as a file tests compare.
public final class SpyBackend: Backend {
    public let output: LineSink
    private var formatter = FireFieldsFormatter()
    /// Each trigger's payload text, with the payload it was made from (a reload may change it).
    private var payloads: [String: (payload: [String: JSONValue], text: [UInt8])] = [:]
    private var line: [UInt8] = []

    public init(output: LineSink) { self.output = output }

    /// Writes what a buffered sink still holds.
    public func finish() throws { try output.flush() }

    public func cancelAll() throws {
        try output.write("{\"call\": \"cancelAll\"}")
    }

    public func schedule(_ fire: Fire, trigger: PlanTrigger) throws {
        try write(call: "{\"call\": \"schedule\", ", fire, trigger)
    }

    public func fire(_ fire: Fire, trigger: PlanTrigger) throws {
        try write(call: "{\"call\": \"fire\", ", fire, trigger)
    }

    /// `{"call": …, <fields>, "payload": …}`, built as bytes: a simulation writes one or two of
    /// these lines per fire (`SpyGoldenTests` pin their text).
    private func write(call: StaticString, _ fire: Fire, _ trigger: PlanTrigger) throws {
        line.removeAll(keepingCapacity: true)
        line.append(contentsOf: UnsafeBufferPointer(start: call.utf8Start, count: call.utf8CodeUnitCount))
        FireDescription.appendFields(fire, formatter: &formatter, to: &line)
        line.append(contentsOf: ", \"payload\": ".utf8)
        if let cached = payloads[fire.trigger], cached.payload == trigger.payload {
            line.append(contentsOf: cached.text)
        } else {
            let text = Array(FireDescription.payload(trigger).utf8)
            payloads[fire.trigger] = (trigger.payload, text)
            line.append(contentsOf: text)
        }
        line.append(0x7D)
        try output.write(line: line)
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
