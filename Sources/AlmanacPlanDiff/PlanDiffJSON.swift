import AlmanacPlan
import AlmanacJSON
import AlmanacTime

/// The JSON form of a plan diff (`schemas/diff.schema.json`, format 1): keys in a fixed order,
/// one trigger per block and one fire change per line, so it is both parseable and readable.
public enum PlanDiffJSON {
    /// The document, ending in a newline, of a diff made without a scratch file (one made with
    /// one is written with `write`, which throws when the file cannot be read back).
    public static func render(_ diff: PlanDiff, _ options: PlanDiffOptions) -> String {
        var out = ""
        do {
            try write(diff, options) { out += $0 }
        } catch {
            preconditionFailure("\(error)")
        }
        return out
    }

    /// The document in pieces, one fire change at most in each: `diff --format json` lists every
    /// change, and writing them as they are rendered keeps a second copy of the listing (the whole
    /// document, then its bytes) out of memory.
    public static func write(_ diff: PlanDiff, _ options: PlanDiffOptions, to emit: (String) throws -> Void) throws {
        var head = "{\n  \"diff\": 1,\n"
        head += "  \"same\": \(diff.isEmpty),\n"
        head += "  \"summary\": \(JSONWriter.quoted(diff.summary)),\n"
        head += "  \"old\": \(side(diff.old, fires: diff.oldFireCount, label: options.oldLabel)),\n"
        head += "  \"new\": \(side(diff.new, fires: diff.newFireCount, label: options.newLabel)),\n"
        head += "  \"fields\": \(object(fields(diff))),\n"
        head += "  \"totals\": \(object(totals(diff))),\n"
        head += "  \"triggers\": ["
        try emit(head)
        for (i, trigger) in diff.triggers.enumerated() {
            try emit(i == 0 ? "\n    " : ",\n    ")
            try triggerBlock(trigger, diff, options, to: emit)
        }
        try emit(diff.triggers.isEmpty ? "]\n}\n" : "\n  ]\n}\n")
    }

    /// `{"label": …, "spec": …, "window": …, "tzdata": …, "fires": n}`.
    static func side(_ plan: Plan, fires: Int, label: String) -> String {
        object([
            ("label", JSONWriter.quoted(label)), ("spec", spec(plan.spec)), ("window", window(plan.window)),
            ("tzdata", JSONWriter.quoted(plan.tzdata)), ("fires", "\(fires)"),
        ])
    }

    /// The plan-level fields that changed, each as `{"old": …, "new": …}`.
    static func fields(_ diff: PlanDiff) -> [(String, String)] {
        var members: [(String, String)] = []
        if let s = diff.spec { members.append(("spec", change(spec(s.old), spec(s.new)))) }
        if let w = diff.window { members.append(("window", change(window(w.old), window(w.new)))) }
        if let t = diff.tzdata { members.append(("tzdata", change(JSONWriter.quoted(t.old), JSONWriter.quoted(t.new)))) }
        if let l = diff.limits { members.append(("limits", change(limits(l.old), limits(l.new)))) }
        return members
    }

    static func totals(_ diff: PlanDiff) -> [(String, String)] {
        [
            ("triggers_added", "\(diff.count(.added))"), ("triggers_removed", "\(diff.count(.removed))"),
            ("triggers_changed", "\(diff.count(.changed))"), ("fires_added", "\(diff.firesAdded)"),
            ("fires_removed", "\(diff.firesRemoved)"), ("fires_moved", "\(diff.firesMoved)"),
        ]
    }

    /// One trigger's object; its fire changes are emitted one by one.
    static func triggerBlock(
        _ trigger: TriggerDiff, _ diff: PlanDiff, _ options: PlanDiffOptions, to emit: (String) throws -> Void
    ) throws {
        var members: [(String, String)] = [("id", JSONWriter.quoted(trigger.id)), ("status", JSONWriter.quoted(trigger.status.rawValue))]
        switch trigger.status {
        case .added: members.append(("definition", definition(diff.new.triggers[trigger.id])))
        case .removed: members.append(("definition", definition(diff.old.triggers[trigger.id])))
        case .changed: break
        }
        if let k = trigger.kind { members.append(("kind", change(JSONWriter.quoted(k.old), JSONWriter.quoted(k.new)))) }
        if let z = trigger.timezone { members.append(("timezone", change(optionalString(z.old), optionalString(z.new)))) }
        if let p = trigger.priority { members.append(("priority", change("\(p.old)", "\(p.new)"))) }
        if let c = trigger.concurrency {
            members.append(("concurrency", change(JSONWriter.quoted(c.old.rawValue), JSONWriter.quoted(c.new.rawValue))))
        }
        if !trigger.payload.isEmpty {
            let keys = trigger.payload.map { p -> String in
                var m = [("key", JSONWriter.quoted(p.key))]
                if let old = p.old { m.append(("old", JSONWriter.inline(old))) }
                if let new = p.new { m.append(("new", JSONWriter.inline(new))) }
                return object(m)
            }
            members.append(("payload", "[" + keys.joined(separator: ", ") + "]"))
        }
        if let r = trigger.region { members.append(("region", change(region(r.old), region(r.new)))) }
        let listed = min(max(0, options.limit), trigger.keptCount)
        var fires = object([
            ("added", "\(trigger.added)"), ("removed", "\(trigger.removed)"),
            ("moved", "\(trigger.moved)"), ("listed", "\(listed)"),
        ])
        fires.removeLast()
        // The object with `fires` last and open: `{…, "fires": {…, "changes": [`, the changes, `]}}`.
        members.append(("fires", fires + ", \"changes\": ["))
        var open = object(members)
        open.removeLast()
        try emit(open)
        var first = true
        try diff.forEachFireChange(of: trigger, limit: listed) { item in
            try emit((first ? "\n      " : ",\n      ") + fireChange(item))
            first = false
        }
        try emit(listed == 0 ? "]}}" : "\n    ]}}")
    }

    /// `{"change": "moved", "id": …, "old": {"at", "local"}, "new": {…}}`.
    static func fireChange(_ change: PlanDiff.FireChange) -> String {
        switch change {
        case .added(let f): return object([("change", "\"added\""), ("id", JSONWriter.quoted(f.id)), ("new", fire(f))])
        case .removed(let f): return object([("change", "\"removed\""), ("id", JSONWriter.quoted(f.id)), ("old", fire(f))])
        case .moved(let a, let b):
            return object([
                ("change", "\"moved\""), ("id", JSONWriter.quoted(b.id)), ("old", fire(a)), ("new", fire(b)),
                ("seconds", "\(b.at.secondsSinceEpoch - a.at.secondsSinceEpoch)"),
            ])
        }
    }

    static func fire(_ fire: Fire) -> String {
        var m = [
            ("at", JSONWriter.quoted(PlanTimestamp.format(fire.at))),
            ("local", JSONWriter.quoted(PlanTimestamp.format(fire.local, offset: fire.offset))),
        ]
        if let nominal = fire.nominal { m.append(("nominal", JSONWriter.quoted(nominal.description))) }
        return object(m)
    }

    static func definition(_ trigger: PlanTrigger?) -> String {
        guard let trigger else { return "null" }
        var m = [("kind", JSONWriter.quoted(trigger.kind))]
        if let zone = trigger.timezone { m.append(("timezone", JSONWriter.quoted(zone))) }
        m.append(("priority", "\(trigger.priority)"))
        if trigger.concurrency != .allow { m.append(("concurrency", JSONWriter.quoted(trigger.concurrency.rawValue))) }
        m.append(("payload", JSONWriter.inline(.object(trigger.payload))))
        return object(m)
    }

    static func region(_ region: PlanRegion?) -> String {
        guard let region else { return "null" }
        func number(_ literal: String) -> String { JSONValue.isNumberLiteral(literal) ? literal : JSONWriter.quoted(literal) }
        var m = [
            ("on", JSONWriter.quoted(region.on.rawValue)), ("latitude", number(region.latitude)),
            ("longitude", number(region.longitude)), ("radius", number(region.radius)),
        ]
        if let cooldown = region.cooldown { m.append(("cooldown", "\(cooldown)")) }
        m.append(("armed", "[" + region.armed.map(window).joined(separator: ", ") + "]"))
        return object(m)
    }

    static func spec(_ s: SpecInfo) -> String {
        object([("name", JSONWriter.quoted(s.name))] + (s.sha256.map { [("sha256", JSONWriter.quoted($0))] } ?? []))
    }

    static func window(_ w: Window) -> String {
        object([("from", JSONWriter.quoted(PlanTimestamp.format(w.from))), ("to", JSONWriter.quoted(PlanTimestamp.format(w.to)))])
    }

    static func limits(_ l: PlanLimits) -> String {
        object([("max_pending", "\(l.maxPending)"), ("max_regions", "\(l.maxRegions)")])
    }

    static func optionalString(_ s: String?) -> String { s.map(JSONWriter.quoted) ?? "null" }

    static func change(_ old: String, _ new: String) -> String { object([("old", old), ("new", new)]) }

    /// An inline object from members already rendered, in the order given.
    static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { "\(JSONWriter.quoted($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
    }
}
