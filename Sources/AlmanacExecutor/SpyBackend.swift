import AlmanacJSON
import AlmanacPlan

/// Records every call as one JSON line — the spy of the phone practice, as a file tests compare.
///
/// It also keeps what a phone would hold after those calls (registered, not yet delivered), so it
/// answers `pending` for `--strategy diff`; a spy that appends to an earlier record starts from what
/// that record leaves registered (`holding(afterRecord:)`).
public final class SpyBackend: PendingBackend {
    public let output: LineSink
    /// Registered and not delivered: id → signature.
    private var held: [String: String] = [:]
    private var formatter = FireFieldsFormatter()
    /// Each trigger's payload text, with the payload it was made from (a reload may change it).
    private var payloads: [String: (payload: [String: JSONValue], text: [UInt8])] = [:]
    private var line: [UInt8] = []

    public init(output: LineSink, holding: [PendingFire] = []) {
        self.output = output
        for fire in holding { held[fire.id] = fire.signature }
    }

    /// Writes what a buffered sink still holds.
    public func finish() throws { try output.flush() }

    public func cancelAll() throws {
        held.removeAll()
        try output.write("{\"call\": \"cancelAll\"}")
    }

    public func schedule(_ fire: Fire, trigger: PlanTrigger) throws {
        held[fire.id] = PendingFire(fire, trigger: trigger).signature
        try write(call: "{\"call\": \"schedule\", ", fire, trigger)
    }

    public func fire(_ fire: Fire, trigger: PlanTrigger) throws {
        // A delivered notification is no longer pending.
        held.removeValue(forKey: fire.id)
        try write(call: "{\"call\": \"fire\", ", fire, trigger)
    }

    public func pending() throws -> [PendingFire] {
        let ids = held.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        try output.write("{\"call\": \"pending\", \"ids\": [" + ids.map(JSONWriter.quoted).joined(separator: ", ") + "]}")
        return ids.map { PendingFire(id: $0, signature: held[$0]!) }
    }

    public func add(_ fire: Fire, trigger: PlanTrigger) throws {
        held[fire.id] = PendingFire(fire, trigger: trigger).signature
        try write(call: "{\"call\": \"add\", ", fire, trigger)
    }

    public func remove(_ ids: [String]) throws {
        for id in ids { held.removeValue(forKey: id) }
        try output.write("{\"call\": \"remove\", \"ids\": [" + ids.map(JSONWriter.quoted).joined(separator: ", ") + "]}")
    }

    /// What a spy record leaves registered: its calls replayed (`cancelAll`, `schedule`, `add`,
    /// `remove`, `fire`). Lines that are not calls are skipped.
    public static func holding(afterRecord bytes: [UInt8]) -> [PendingFire] {
        var held: [String: String] = [:]
        for line in bytes.split(separator: 0x0A) {
            guard let call = try? JSONReader.parse(Array(line), maxDepth: 64).objectValue,
                case .string(let name)? = call["call"]
            else { continue }
            switch name {
            case "cancelAll":
                held.removeAll()
            case "schedule", "add":
                if case .string(let id)? = call["id"], case .string(let at)? = call["at"], let payload = call["payload"] {
                    held[id] = PendingFire.signature(at: at, payload: JSONWriter.inline(payload))
                }
            case "remove":
                if case .array(let ids)? = call["ids"] { for case .string(let id) in ids { held.removeValue(forKey: id) } }
            case "fire":
                if case .string(let id)? = call["id"] { held.removeValue(forKey: id) }
            default:
                continue
            }
        }
        return held.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { PendingFire(id: $0, signature: held[$0]!) }
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
