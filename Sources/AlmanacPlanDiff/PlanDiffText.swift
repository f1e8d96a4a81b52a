import AlmanacEscaping
import AlmanacJSON
import AlmanacPlan
import AlmanacTime
import AlmanacVocabulary

/// How a `PlanDiff` is shown: the names of the two sides, how many fire changes to list per
/// trigger, and whether to colour the text (only ever on a terminal, decided by the caller).
public struct PlanDiffOptions: Sendable {
    public var oldLabel: String
    public var newLabel: String
    /// Fire changes listed per trigger; the rest are counted.
    public var limit: Int
    public var colour: Bool
    /// Each trigger's rule in words (an explanation, by trigger id) on the old and the new side,
    /// where that side is a spec; the Markdown form shows a changed trigger's before and after.
    public var oldRules: [String: String]
    public var newRules: [String: String]

    public init(
        oldLabel: String, newLabel: String, limit: Int = 20, colour: Bool = false,
        oldRules: [String: String] = [:], newRules: [String: String] = [:]
    ) {
        self.oldLabel = oldLabel
        self.newLabel = newLabel
        self.limit = limit
        self.colour = colour
        self.oldRules = oldRules
        self.newRules = newRules
    }
}

/// The text form of a plan diff, for a terminal or a log: the summary, plan-level changes, then one
/// block per trigger with `+` added, `-` removed and `~` moved fires in time order.
public enum PlanDiffText {
    /// The whole report, ending in a newline.
    public static func render(_ diff: PlanDiff, _ options: PlanDiffOptions) -> String {
        let paint = Paint(enabled: options.colour)
        var out = paint.bold("--- \(shown(options.oldLabel))") + "\n" + paint.bold("+++ \(shown(options.newLabel))") + "\n"
        out += paint.bold(shown(diff.summary)) + "\n"
        if diff.isEmpty { return out }
        var fields: [String] = []
        if let window = diff.window {
            fields.append("window: \(interval(window.old)) → \(interval(window.new))")
        }
        if let tzdata = diff.tzdata { fields.append("tzdata: \(shown(tzdata.old)) → \(shown(tzdata.new))") }
        if let limits = diff.limits {
            fields.append(
                "limits: max_pending \(limits.old.maxPending) → \(limits.new.maxPending), "
                    + "max_regions \(limits.old.maxRegions) → \(limits.new.maxRegions)")
        }
        if let spec = diff.spec {
            if spec.old.name != spec.new.name { fields.append("spec name: \(shown(spec.old.name)) → \(shown(spec.new.name))") }
            fields.append("spec sha256: \(PlanDiff.shortDigest(spec.old.sha256)) → \(PlanDiff.shortDigest(spec.new.sha256))")
        }
        if !fields.isEmpty { out += "\n" + fields.joined(separator: "\n") + "\n" }
        for trigger in diff.triggers {
            out += "\n" + header(trigger, diff, paint) + "\n"
            for line in attributeLines(trigger, quote: shown) { out += "    " + line + "\n" }
            for change in diff.fireChanges(of: trigger, limit: options.limit) {
                out += "  " + fireLine(change, paint) + "\n"
            }
            let rest = trigger.fireChangeCount - min(max(0, options.limit), trigger.fireChangeCount)
            if rest > 0 { out += "  … and \(rest) more fire change\(rest == 1 ? "" : "s")\n" }
        }
        return out
    }

    /// Text from a plan or the command line as a terminal shows it: names, zones and payload values
    /// can hold any character (a hand-edited plan, a payload value the spec allows), so every
    /// control, line-break and bidirectional character is written `\u{…}` (`TerminalText`).
    static func shown(_ text: String) -> String { TerminalText.visible(text) }

    /// `[2026-11-23T05:00:00Z, 2026-12-23T05:00:00Z)`.
    static func interval(_ window: Window) -> String { "[\(window.from), \(window.to))" }

    static func header(_ trigger: TriggerDiff, _ diff: PlanDiff, _ paint: Paint) -> String {
        let tail = fireCounts(trigger).map { ": " + $0 } ?? ""
        switch trigger.status {
        case .added:
            return paint.green("+ trigger \(trigger.id) (added, \(definition(diff.new.triggers[trigger.id])))") + tail
        case .removed:
            return paint.red("- trigger \(trigger.id) (removed, \(definition(diff.old.triggers[trigger.id])))") + tail
        case .changed:
            return paint.yellow("~ trigger \(trigger.id)") + tail
        }
    }

    /// `2 fires added, 1 removed, 1 moved`; nil when no fire changed.
    static func fireCounts(_ trigger: TriggerDiff) -> String? {
        var counts: [String] = []
        for (n, verb) in [(trigger.added, "added"), (trigger.removed, "removed"), (trigger.moved, "moved")] where n > 0 {
            counts.append(counts.isEmpty ? PlanDiff.count(n, "fire") + " " + verb : "\(n) \(verb)")
        }
        return counts.isEmpty ? nil : counts.joined(separator: ", ")
    }

    /// `calendar in America/New_York`, `every`.
    static func definition(_ trigger: PlanTrigger?) -> String {
        guard let trigger else { return "?" }
        return shown(trigger.kind) + (trigger.timezone.map { " in \(shown($0))" } ?? "")
            + (trigger.priority != 0 ? ", priority \(trigger.priority)" : "")
            + (trigger.concurrency != .allow ? ", concurrency \(trigger.concurrency.rawValue)" : "")
    }

    /// `timezone: America/New_York → America/Chicago`, one per changed attribute; `quote` marks up
    /// the values and payload keys (code spans in Markdown).
    static func attributeLines(_ trigger: TriggerDiff, quote: (String) -> String) -> [String] {
        var lines: [String] = []
        if let kind = trigger.kind { lines.append("kind: \(quote(kind.old)) → \(quote(kind.new))") }
        if let zone = trigger.timezone {
            lines.append("timezone: \(zone.old.map(quote) ?? "none") → \(zone.new.map(quote) ?? "none")")
        }
        if let priority = trigger.priority { lines.append("priority: \(priority.old) → \(priority.new)") }
        if let concurrency = trigger.concurrency {
            lines.append("concurrency: \(quote(concurrency.old.rawValue)) → \(quote(concurrency.new.rawValue))")
        }
        for change in trigger.payload {
            lines.append(
                "payload.\(quote(change.key)): \(change.old.map { quote(JSONWriter.inline($0)) } ?? "(absent)")"
                    + " → \(change.new.map { quote(JSONWriter.inline($0)) } ?? "(absent)")")
        }
        if let region = trigger.region, let old = region.old, let new = region.new, sameGeometry(old, new) {
            // Only the armed windows moved (the plan's window did, usually): count them, since the
            // two descriptions would read the same.
            let before = Set(old.armed), after = Set(new.armed)
            lines.append("region armed windows: \(after.subtracting(before).count) added, \(before.subtracting(after).count) removed")
        } else if let region = trigger.region {
            lines.append(
                "region: \(region.old.map { quote(describe($0)) } ?? "none") → \(region.new.map { quote(describe($0)) } ?? "none")")
        }
        return lines
    }

    /// Equal but for their armed windows.
    static func sameGeometry(_ a: PlanRegion, _ b: PlanRegion) -> Bool {
        var a = a, b = b
        a.armed = []
        b.armed = []
        return a == b
    }

    /// `enter 40.7484,-73.9857 r150 m, 5 armed windows`.
    static func describe(_ region: PlanRegion) -> String {
        var text = "\(region.on.rawValue) \(region.latitude),\(region.longitude) r\(region.radius) m"
        if let cooldown = region.cooldown { text += ", cooldown \(PlanDiff.duration(cooldown))" }
        return text + ", " + PlanDiff.count(region.armed.count, "armed window")
    }

    /// `+ standup@2026-11-23T09:00:00  2026-11-23T09:00:00-05:00`, or a move with both times.
    static func fireLine(_ change: PlanDiff.FireChange, _ paint: Paint) -> String {
        switch change {
        case .added(let fire):
            return paint.green("+ \(fire.id)  \(local(fire))")
        case .removed(let fire):
            return paint.red("- \(fire.id)  \(local(fire))")
        case .moved(let from, let to):
            return paint.yellow("~ \(to.id)  \(local(from)) → \(local(to)) (\(PlanDiff.shift(from: from.at, to: to.at)))")
        }
    }

    static func local(_ fire: Fire) -> String { PlanTimestamp.format(fire.local, offset: fire.offset) }
}

/// ANSI colours, or nothing.
struct Paint {
    var enabled: Bool

    func bold(_ s: String) -> String { wrap(s, "1") }
    func red(_ s: String) -> String { wrap(s, "31") }
    func green(_ s: String) -> String { wrap(s, "32") }
    func yellow(_ s: String) -> String { wrap(s, "33") }

    private func wrap(_ s: String, _ code: String) -> String {
        TerminalStyle.paint(s, code, enabled: enabled)
    }
}
