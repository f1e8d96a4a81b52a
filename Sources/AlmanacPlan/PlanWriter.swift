import AlmanacJSON
import AlmanacTime

/// Writes a plan file in the canonical v1 form (docs/plan-file.md), streaming into a sink:
/// `writeHeader` once, `append` for every fire in plan order, then `finish`.
///
/// Bytes are formatted directly, one fire per line, so millions of fires stream in bounded memory.
public struct PlanWriter<Sink: ByteSink> {
    /// Where the bytes go; returned by `finish`.
    public private(set) var sink: Sink
    private var lines = FireFormatter()
    /// The slow path's buffer, for fires whose strings need escapes.
    private var scratch: [UInt8] = []
    private var stage = Stage.header
    private var fireCount = 0
    /// The previous fire, for the order check (its strings are shared, not copied).
    private var last: Fire?

    private enum Stage { case header, fires, finished }

    public init(into sink: Sink) {
        self.sink = sink
        scratch.reserveCapacity(512)
    }

    /// How many fires were appended.
    public var firesWritten: Int { fireCount }

    /// Writes everything before the fires: version, spec, window, tzdata, limits, triggers, regions.
    /// `plan.fires` is ignored; append the fires next.
    public mutating func writeHeader(_ plan: Plan) throws {
        precondition(stage == .header, "writeHeader must be called once, first")
        var text = "{\n  \"plan\": \(Plan.formatVersion),\n"
        text +=
            "  \"spec\": {\"name\": \(JSONWriter.quoted(plan.spec.name))"
            + (plan.spec.sha256.map { ", \"sha256\": \(JSONWriter.quoted($0))" } ?? "")
            // Written only when it is not the default, so plans of phone specs stay as they were.
            + (plan.spec.runsOn == .default ? "" : ", \"runs_on\": \"\(plan.spec.runsOn.rawValue)\"") + "},\n"
        text += "  \"window\": \(windowText(plan.window)),\n"
        text += "  \"tzdata\": \(JSONWriter.quoted(plan.tzdata)),\n"
        text += "  \"limits\": {\"max_pending\": \(plan.limits.maxPending), \"max_regions\": \(plan.limits.maxRegions)"
        // Written only when it is not the default, so plans of specs that do not set it stay as they were.
        let coverage = plan.limits.minCoverage
        if coverage != PlanLimits.defaultMinCoverage {
            let parts = [
                coverage.days > 0 ? "\"days\": \(coverage.days)" : nil, coverage.seconds > 0 ? "\"seconds\": \(coverage.seconds)" : nil,
            ]
            text += ", \"min_coverage\": {" + parts.compactMap { $0 }.joined(separator: ", ") + "}"
        }
        text += "},\n"
        text += "  \"triggers\": {"
        for (i, id) in JSONWriter.sortedKeys(plan.triggers).enumerated() {
            text += i == 0 ? "\n    " : ",\n    "
            text += JSONWriter.quoted(id) + ": " + triggerText(plan.triggers[id]!)
        }
        text += plan.triggers.isEmpty ? "},\n" : "\n  },\n"
        text += "  \"regions\": ["
        for (i, region) in plan.regions.enumerated() {
            text += i == 0 ? "\n    " : ",\n    "
            text += regionText(region)
        }
        text += plan.regions.isEmpty ? "],\n" : "\n  ],\n"
        text += "  \"fires\": ["
        try write(Array(text.utf8))
        stage = .fires
    }

    /// Appends one fire; fires must come strictly in plan order `(at, trigger, id)`.
    public mutating func append(_ fire: Fire) throws {
        precondition(stage == .fires, "append comes after writeHeader and before finish")
        if let last, !Fire.precedes(last, fire) {
            throw PlanError("fire \(fire.id) does not come after \(last.id) in plan order (at, trigger, id)")
        }
        last = fire
        defer { fireCount += 1 }
        // Moved out (leaving an empty one) so the closure may write to `sink` without copying the buffer.
        var formatter = lines
        lines = FireFormatter()
        defer { lines = formatter }
        if try formatter.withLine(fire, first: fireCount == 0, { try sink.write($0) }) { return }
        scratch.removeAll(keepingCapacity: true)
        appendLiteral(fireCount == 0 ? "\n    {\"at\": \"" : ",\n    {\"at\": \"")
        PlanTimestamp.appendInstant(fire.at, to: &scratch)
        appendLiteral("\", \"trigger\": ")
        appendString(fire.trigger)
        appendLiteral(", \"local\": \"")
        PlanTimestamp.appendLocal(fire.local, offset: fire.offset, to: &scratch)
        appendLiteral("\", \"id\": ")
        appendString(fire.id)
        if let nominal = fire.nominal {
            appendLiteral(", \"nominal\": \"")
            PlanTimestamp.appendWallTime(nominal.wallSeconds, to: &scratch)
            scratch.append(0x22)
        }
        scratch.append(0x7D)
        try scratch.withUnsafeBufferPointer { try sink.write($0) }
    }

    /// Closes the fires array and the document, flushes the sink and returns it.
    public mutating func finish() throws -> Sink {
        precondition(stage == .fires, "finish comes after writeHeader, once")
        try write(Array((fireCount == 0 ? "]\n}\n" : "\n  ]\n}\n").utf8))
        try sink.flush()
        stage = .finished
        return sink
    }

    private mutating func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBufferPointer { try sink.write($0) }
    }

    private mutating func appendLiteral(_ literal: StaticString) {
        scratch.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// A JSON string; ids never need escapes, so the common case is one copy.
    private mutating func appendString(_ s: String) {
        var plain = true
        for b in s.utf8 where b < 0x20 || b == 0x22 || b == 0x5C {
            plain = false
            break
        }
        if plain {
            scratch.append(0x22)
            scratch.append(contentsOf: s.utf8)
            scratch.append(0x22)
        } else {
            scratch.append(contentsOf: JSONWriter.quoted(s).utf8)
        }
    }

    private func windowText(_ window: Window) -> String {
        "{\"from\": \"\(PlanTimestamp.format(window.from))\", \"to\": \"\(PlanTimestamp.format(window.to))\"}"
    }

    private func triggerText(_ trigger: PlanTrigger) -> String {
        var text = "{\"kind\": \(JSONWriter.quoted(trigger.kind))"
        if let zone = trigger.timezone { text += ", \"timezone\": \(JSONWriter.quoted(zone))" }
        // Only when not the default, so plans without it keep their bytes.
        if trigger.concurrency != .allow { text += ", \"concurrency\": \"\(trigger.concurrency.rawValue)\"" }
        if let misfire = trigger.misfire { text += ", \"misfire\": \"\(misfire.rawValue)\"" }
        text += ", \"priority\": \(trigger.priority), \"payload\": \(JSONWriter.inline(.object(trigger.payload)))}"
        return text
    }

    private func regionText(_ region: PlanRegion) -> String {
        var text = "{\"trigger\": \(JSONWriter.quoted(region.trigger)), \"on\": \"\(region.on.rawValue)\""
        text += ", \"latitude\": \(numberText(region.latitude)), \"longitude\": \(numberText(region.longitude))"
        text += ", \"radius\": \(numberText(region.radius))"
        if let cooldown = region.cooldown { text += ", \"cooldown\": \(cooldown)" }
        text += ", \"armed\": [" + region.armed.map(windowText).joined(separator: ", ") + "]}"
        return text
    }

    /// A number literal as written; anything else is quoted so the output stays JSON (and the reader rejects it).
    private func numberText(_ literal: String) -> String {
        JSONValue.isNumberLiteral(literal) ? literal : JSONWriter.quoted(literal)
    }
}

extension PlanWriter where Sink == ByteBuffer {
    /// The canonical bytes of a whole plan; fires are written in plan order whatever their order in `plan`.
    public static func render(_ plan: Plan) -> [UInt8] {
        var fires = plan.fires
        if !zip(fires, fires.dropFirst()).allSatisfy({ Fire.precedes($0, $1) }) {
            fires.sort(by: Fire.precedes)
        }
        var writer = PlanWriter(into: ByteBuffer(capacity: 1024 + 128 * fires.count))
        // A ByteBuffer never fails to write, and the fires are in order, so nothing here can throw
        // (exact duplicates, which the order forbids, are dropped).
        try! writer.writeHeader(plan)
        var previous: Fire?
        for fire in fires where previous.map({ Fire.precedes($0, fire) }) ?? true {
            try! writer.append(fire)
            previous = fire
        }
        return try! writer.finish().bytes
    }
}
