import AlmanacJSON
import AlmanacPlan

/// The JSON forms of fires and regions that backends print, with keys in a fixed order so lines are
/// stable and golden-comparable.
enum FireDescription {
    /// `"id": …, "trigger": …, "at": …, "local": …[, "nominal": …]`.
    static func fields(_ fire: Fire) -> String {
        var text = "\"id\": \(JSONWriter.quoted(fire.id)), \"trigger\": \(JSONWriter.quoted(fire.trigger))"
        text += ", \"at\": \"\(PlanTimestamp.format(fire.at))\", \"local\": \"\(PlanTimestamp.format(fire.local, offset: fire.offset))\""
        if let nominal = fire.nominal { text += ", \"nominal\": \"\(nominal)\"" }
        return text
    }

    /// Appends `fields(fire)`'s bytes, through `formatter` when it handles the fire.
    static func appendFields(_ fire: Fire, formatter: inout FireFormatter, to out: inout [UInt8]) {
        if !formatter.appendFields(fire, to: &out) { out.append(contentsOf: fields(fire).utf8) }
    }

    /// Where `"id": "…"` ends in fields made by `fields` or `appendFields` (they start with it).
    static func idFieldEnd<Bytes: RandomAccessCollection>(_ fields: Bytes) -> Int where Bytes.Element == UInt8, Bytes.Index == Int {
        // `"id": "` is 7 bytes; the id's closing quote is the next one not escaped.
        var i = fields.startIndex + 7
        while i < fields.endIndex && fields[i] != 0x22 { i += fields[i] == 0x5C ? 2 : 1 }
        return min(i + 1, fields.endIndex) - fields.startIndex
    }

    /// The trigger's payload as canonical inline JSON.
    static func payload(_ trigger: PlanTrigger) -> String {
        JSONWriter.inline(.object(trigger.payload))
    }

    /// `"trigger": …, "on": …, "latitude": …, "longitude": …, "radius": …[, "cooldown": …]`.
    static func fields(_ region: PlanRegion) -> String {
        var text = "\"trigger\": \(JSONWriter.quoted(region.trigger)), \"on\": \"\(region.on.rawValue)\""
        text += ", \"latitude\": \(region.latitude), \"longitude\": \(region.longitude), \"radius\": \(region.radius)"
        if let cooldown = region.cooldown { text += ", \"cooldown\": \(cooldown)" }
        return text
    }
}
