import AlmanacJSON
import AlmanacPlan
@testable import AlmanacExecutor

/// The spy as it wrote before its record was made compact: every call's line whole, each
/// `schedule`, `add` and `fire` with its fields and payload. Kept as the reference of
/// `CompactSpyRecordTests`: a compact record read back through `SpyRecordReader` gives these lines.
final class WholeLineSpyBackend: PendingBackend {
    let output: LineSink
    /// Registered and not delivered: id → signature.
    private var held: [String: String] = [:]
    /// Watched: trigger → region (so a diff reconcile makes the same calls as with the real spy).
    private var watched: [String: PlanRegion] = [:]

    init(output: LineSink) {
        self.output = output
    }

    func finish() throws { try output.flush() }

    func cancelAll() throws {
        held.removeAll()
        watched.removeAll()
        try output.write("{\"call\": \"cancelAll\"}")
    }

    func schedule(_ fire: Fire, trigger: PlanTrigger) throws {
        held[fire.id] = PendingFire(fire, trigger: trigger).signature
        try output.write(Self.line("schedule", fire, trigger))
    }

    func fire(_ fire: Fire, trigger: PlanTrigger) throws {
        held.removeValue(forKey: fire.id)
        try output.write(Self.line("fire", fire, trigger))
    }

    func fire(_ fire: Fire, event: PlanRegion.Event, trigger: PlanTrigger) throws {
        try output.write(
            "{\"call\": \"fire\", \(FireDescription.fields(fire)), \"event\": \"\(event.rawValue)\", \"payload\": \(FireDescription.payload(trigger))}"
        )
    }

    func pending() throws -> [PendingFire] {
        let ids = held.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        try output.write("{\"call\": \"pending\", \"ids\": [" + ids.map(JSONWriter.quoted).joined(separator: ", ") + "]}")
        return ids.map { PendingFire(id: $0, signature: held[$0]!) }
    }

    func add(_ fire: Fire, trigger: PlanTrigger) throws {
        held[fire.id] = PendingFire(fire, trigger: trigger).signature
        try output.write(Self.line("add", fire, trigger))
    }

    func remove(_ ids: [String]) throws {
        for id in ids { held.removeValue(forKey: id) }
        try output.write("{\"call\": \"remove\", \"ids\": [" + ids.map(JSONWriter.quoted).joined(separator: ", ") + "]}")
    }

    func monitoredRegions() throws -> [PlanRegion] {
        watched.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { watched[$0]! }
    }

    func monitor(_ region: PlanRegion) throws {
        watched[region.trigger] = region
        try output.write("{\"call\": \"monitor\", \(FireDescription.fields(region))}")
    }

    func unmonitor(_ region: PlanRegion) throws {
        watched.removeValue(forKey: region.trigger)
        try output.write("{\"call\": \"unmonitor\", \"trigger\": \(JSONWriter.quoted(region.trigger))}")
    }

    static func line(_ call: String, _ fire: Fire, _ trigger: PlanTrigger) -> String {
        "{\"call\": \"\(call)\", \(FireDescription.fields(fire)), \"payload\": \(FireDescription.payload(trigger))}"
    }
}
