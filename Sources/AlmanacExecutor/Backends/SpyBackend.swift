import AlmanacJSON
import AlmanacPlan

/// Records every call as one JSON line — the spy of the phone practice, as a file tests compare.
///
/// Compact: a line leaves out a payload the record already gave for its trigger
/// (`SpyRecordPayloads`), and the delivery of a fire registered with the same fields is written as
/// `{"call": "fire", "id": …}` alone (docs/executor.md, "The spy record").
///
/// It also keeps what a phone would hold after those calls (registered, not yet delivered, and the
/// regions watched), so it answers `pending` and `monitoredRegions` for `--strategy diff`; a spy that
/// appends to an earlier record starts from what that record leaves (`holding(afterRecord:)`,
/// `regions(afterRecord:)`). With a `capacity` it holds no more than a phone would: past it, the
/// latest request is dropped, as iOS keeps the soonest, and the record says so
/// (`{"call": "dropped", "id": …}`), so a reconcile that overflows the device shows in the record.
public final class SpyBackend: PendingBackend {
    public let output: LineSink
    /// At most this many requests are held; nil for no limit.
    public let capacity: Int?
    /// Registered and not delivered: id → signature (which starts with the fire's instant).
    private var held: [String: String] = [:]
    /// Watched: trigger → region.
    private var watched: [String: PlanRegion] = [:]
    private var formatter = FireFormatter()
    /// Each trigger's payload text, with the payload it was made from (a reload may change it).
    private var payloads: [String: (payload: [String: JSONValue], text: [UInt8])] = [:]
    private var written = SpyRecordPayloads()
    /// Registered and not delivered, by id: the fields and payload it was registered with, so a
    /// delivery of the same is written by id.
    private var registered: [String: [UInt8]] = [:]
    private var line: [UInt8] = []
    private var fields: [UInt8] = []

    public init(output: LineSink, holding: [PendingFire] = [], regions: [PlanRegion] = [], capacity: Int? = nil) {
        self.output = output
        self.capacity = capacity
        for fire in holding { held[fire.id] = fire.signature }
        for region in regions { watched[region.trigger] = region }
    }

    /// Writes what a buffered sink still holds.
    public func finish() throws { try output.flush() }

    public func cancelAll() throws {
        held.removeAll()
        watched.removeAll()
        registered.removeAll()
        try output.write("{\"call\": \"cancelAll\"}")
    }

    public func schedule(_ fire: Fire, trigger: PlanTrigger) throws {
        held[fire.id] = PendingFire(fire, trigger: trigger).signature
        try write(call: "{\"call\": \"schedule\", ", fire, trigger, registering: true)
        try dropPastCapacity()
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
        try dropPastCapacity()
    }

    public func monitoredRegions() throws -> [PlanRegion] {
        watched.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { watched[$0]! }
    }

    /// Past the capacity a phone keeps the soonest requests: the latest (by instant, then id) goes.
    private func dropPastCapacity() throws {
        guard let capacity else { return }
        while held.count > capacity {
            let latest = held.max { a, b in
                let (x, y) = (Self.instant(of: a.value), Self.instant(of: b.value))
                return x != y ? x.utf8.lexicographicallyPrecedes(y.utf8) : a.key.utf8.lexicographicallyPrecedes(b.key.utf8)
            }!
            held.removeValue(forKey: latest.key)
            registered.removeValue(forKey: latest.key)
            try output.write("{\"call\": \"dropped\", \"id\": \(JSONWriter.quoted(latest.key))}")
        }
    }

    /// The instant a signature starts with (`PendingFire.signature`): fixed-width RFC 3339 in UTC,
    /// so comparing the text compares the instants.
    private static func instant(of signature: String) -> Substring {
        signature.prefix { $0 != " " }
    }

    public func remove(_ ids: [String]) throws {
        for id in ids {
            held.removeValue(forKey: id)
            registered.removeValue(forKey: id)
        }
        try output.write("{\"call\": \"remove\", \"ids\": [" + ids.map(JSONWriter.quoted).joined(separator: ", ") + "]}")
    }

    /// What a spy record leaves registered: its calls replayed (`cancelAll`, `schedule`, `add`,
    /// `remove`, `fire`, `dropped`), read through `SpyRecordReader`. Lines that are not calls are skipped.
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
            case "fire", "dropped":
                if case .string(let id)? = call["id"] { held.removeValue(forKey: id) }
            default:
                continue
            }
        }
        return held.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { PendingFire(id: $0, signature: held[$0]!) }
    }

    /// The regions a spy record leaves watched: `monitor`, `unmonitor` and `cancelAll` replayed.
    public static func regions(afterRecord bytes: [UInt8]) -> [PlanRegion] {
        var watched: [String: PlanRegion] = [:]
        for line in bytes.split(separator: 0x0A) {
            guard let call = try? JSONReader.parse(Array(line), maxDepth: 64).objectValue, case .string(let name)? = call["call"],
                ["cancelAll", "monitor", "unmonitor"].contains(name)
            else { continue }
            if name == "cancelAll" {
                watched.removeAll()
                continue
            }
            guard case .string(let trigger)? = call["trigger"] else { continue }
            if name == "unmonitor" {
                watched.removeValue(forKey: trigger)
                continue
            }
            guard case .string(let on)? = call["on"], let event = PlanRegion.Event(rawValue: on),
                case .number(let latitude)? = call["latitude"],
                case .number(let longitude)? = call["longitude"], case .number(let radius)? = call["radius"]
            else { continue }
            var cooldown: Int64?
            if case .number(let text)? = call["cooldown"] { cooldown = Int64(text) }
            watched[trigger] = PlanRegion(
                trigger: trigger, on: event, latitude: latitude, longitude: longitude, radius: radius, cooldown: cooldown, armed: [])
        }
        return watched.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { watched[$0]! }
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
        watched[region.trigger] = region
        try output.write("{\"call\": \"monitor\", \(FireDescription.fields(region))}")
    }

    public func unmonitor(_ region: PlanRegion) throws {
        watched.removeValue(forKey: region.trigger)
        try output.write("{\"call\": \"unmonitor\", \"trigger\": \(JSONWriter.quoted(region.trigger))}")
    }
}
