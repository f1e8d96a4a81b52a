import AlmanacJSON
import AlmanacPlan

/// Records every call as one JSON line — the spy of the phone practice, as a file tests compare.
///
/// Compact: a line leaves out a payload the record already gave for its trigger
/// (`SpyRecordPayloads`), and the delivery of a fire registered with the same fields is written as
/// `{"call": "fire", "id": …}` alone (docs/executor.md, "The spy record").
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
    private var written = SpyRecordPayloads()
    /// Registered and not delivered, by id: the fields and payload it was registered with, so a
    /// delivery of the same is written by id.
    private var registered: [String: [UInt8]] = [:]
    private var line: [UInt8] = []
    private var fields: [UInt8] = []

    public init(output: LineSink, holding: [PendingFire] = []) {
        self.output = output
        for fire in holding { held[fire.id] = fire.signature }
    }

    /// Writes what a buffered sink still holds.
    public func finish() throws { try output.flush() }

    public func cancelAll() throws {
        held.removeAll()
        registered.removeAll()
        try output.write("{\"call\": \"cancelAll\"}")
    }

    public func schedule(_ fire: Fire, trigger: PlanTrigger) throws {
        held[fire.id] = PendingFire(fire, trigger: trigger).signature
        try write(call: "{\"call\": \"schedule\", ", fire, trigger, registering: true)
    }

    public func fire(_ fire: Fire, trigger: PlanTrigger) throws {
        // A delivered notification is no longer pending.
        held.removeValue(forKey: fire.id)
        try write(call: "{\"call\": \"fire\", ", fire, trigger, registering: false)
    }

    public func pending() throws -> [PendingFire] {
        let ids = held.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        try output.write("{\"call\": \"pending\", \"ids\": [" + ids.map(JSONWriter.quoted).joined(separator: ", ") + "]}")
        return ids.map { PendingFire(id: $0, signature: held[$0]!) }
    }

    public func add(_ fire: Fire, trigger: PlanTrigger) throws {
        held[fire.id] = PendingFire(fire, trigger: trigger).signature
        try write(call: "{\"call\": \"add\", ", fire, trigger, registering: true)
    }

    public func remove(_ ids: [String]) throws {
        for id in ids {
            held.removeValue(forKey: id)
            registered.removeValue(forKey: id)
        }
        try output.write("{\"call\": \"remove\", \"ids\": [" + ids.map(JSONWriter.quoted).joined(separator: ", ") + "]}")
    }

    /// What a spy record leaves registered: its calls replayed (`cancelAll`, `schedule`, `add`,
    /// `remove`, `fire`), read through `SpyRecordReader`. Lines that are not calls are skipped.
    public static func holding(afterRecord bytes: [UInt8]) -> [PendingFire] {
        var held: [String: String] = [:]
        var reader = SpyRecordReader()
        for line in bytes.split(separator: 0x0A) {
            let full = reader.expand(String(decoding: line, as: UTF8.self))
            guard let call = try? JSONReader.parse(Array(full.utf8), maxDepth: 64).objectValue,
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

    /// `{"call": …, <fields>[, "payload": …]}`, built as bytes: a simulation writes one or two of
    /// these lines per fire (`SpyGoldenTests` pin their text). A delivery of the fire as registered
    /// is `{"call": "fire", "id": …}`.
    private func write(call: StaticString, _ fire: Fire, _ trigger: PlanTrigger, registering: Bool) throws {
        fields.removeAll(keepingCapacity: true)
        FireDescription.appendFields(fire, formatter: &formatter, to: &fields)
        let payload: [UInt8]
        if let cached = payloads[fire.trigger], cached.payload == trigger.payload {
            payload = cached.text
        } else {
            payload = Array(FireDescription.payload(trigger).utf8)
            payloads[fire.trigger] = (trigger.payload, payload)
        }
        line.removeAll(keepingCapacity: true)
        line.append(contentsOf: UnsafeBufferPointer(start: call.utf8Start, count: call.utf8CodeUnitCount))
        let signature = fields + [0] + payload
        if registering {
            registered[fire.id] = signature
        } else if let asRegistered = registered.removeValue(forKey: fire.id), asRegistered == signature {
            line.append(contentsOf: fields[..<FireDescription.idFieldEnd(fields)])
            line.append(0x7D)
            try output.write(line: line)
            return
        }
        line.append(contentsOf: fields)
        written.append(payload, of: fire.trigger, to: &line)
        line.append(0x7D)
        try output.write(line: line)
    }

    /// A location fire: as `fire`, with `"event"` (`enter` or `exit`) before the payload.
    public func fire(_ fire: Fire, event: PlanRegion.Event, trigger: PlanTrigger) throws {
        line.removeAll(keepingCapacity: true)
        line.append(contentsOf: "{\"call\": \"fire\", \(FireDescription.fields(fire)), \"event\": \"\(event.rawValue)\"".utf8)
        written.append(Array(FireDescription.payload(trigger).utf8), of: fire.trigger, to: &line)
        line.append(0x7D)
        try output.write(line: line)
    }

    public func monitor(_ region: PlanRegion) throws {
        try output.write("{\"call\": \"monitor\", \(FireDescription.fields(region))}")
    }

    public func unmonitor(_ region: PlanRegion) throws {
        try output.write("{\"call\": \"unmonitor\", \"trigger\": \(JSONWriter.quoted(region.trigger))}")
    }
}
