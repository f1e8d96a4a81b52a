import AlmanacPlan
import AlmanacTime

extension PlanDiff {
    /// One line a reviewer reads first, e.g.
    /// `3 triggers changed (1 added): 12 fires added, 4 removed, 2 moved; window moved by 7 d`.
    public var summary: String {
        if isEmpty { return "no changes" }
        var parts: [String] = []
        if !triggers.isEmpty {
            var text = PlanDiff.count(triggers.count, "trigger") + " changed"
            let added = count(.added), removed = count(.removed)
            var detail: [String] = []
            if added > 0 { detail.append("\(added) added") }
            if removed > 0 { detail.append("\(removed) removed") }
            if !detail.isEmpty { text += " (" + detail.joined(separator: ", ") + ")" }
            if firesAdded + firesRemoved + firesMoved > 0 {
                text += ": " + PlanDiff.count(firesAdded, "fire") + " added, \(firesRemoved) removed, \(firesMoved) moved"
            } else {
                text += ": no fire changed"
            }
            parts.append(text)
        }
        if let window { parts.append(PlanDiff.describe(window)) }
        if let tzdata { parts.append("tzdata \(tzdata.old) → \(tzdata.new)") }
        if limits != nil { parts.append("limits changed") }
        if let spec {
            if spec.old.name != spec.new.name {
                parts.append("spec renamed \(spec.old.name) → \(spec.new.name)")
            } else if parts.isEmpty {
                // Only the spec's bytes differ (a comment, the key order): say so, since the exit status is 1.
                parts.append("spec text changed; the schedule is the same")
            }
        }
        return parts.joined(separator: "; ")
    }

    /// `window moved by 7 d`, `window extended by 1 d`, or how each end moved.
    static func describe(_ window: ValueChange<Window>) -> String {
        let start = window.new.from.secondsSinceEpoch - window.old.from.secondsSinceEpoch
        let end = window.new.to.secondsSinceEpoch - window.old.to.secondsSinceEpoch
        if start == end {
            return start > 0 ? "window moved by \(duration(start))" : "window moved back by \(duration(-start))"
        }
        if start == 0 {
            return end > 0 ? "window extended by \(duration(end))" : "window shortened by \(duration(-end))"
        }
        func shift(_ seconds: Int64) -> String {
            seconds == 0 ? "unchanged" : seconds > 0 ? "\(duration(seconds)) later" : "\(duration(-seconds)) earlier"
        }
        return "window start \(shift(start)), end \(shift(end))"
    }

    /// `7 d`, `1 d 2 h`, `3 h 30 min`, `45 s`: at most two units, for a positive span.
    public static func duration(_ seconds: Int64) -> String {
        let units: [(Int64, String)] = [(86_400, "d"), (3600, "h"), (60, "min"), (1, "s")]
        var rest = seconds, parts: [String] = []
        for (size, name) in units where rest >= size && parts.count < 2 {
            parts.append("\(rest / size) \(name)")
            rest %= size
        }
        return parts.isEmpty ? "0 s" : parts.joined(separator: " ")
    }

    /// `1 fire`, `12 fires`.
    static func count(_ n: Int, _ noun: String) -> String {
        "\(n) \(noun)\(n == 1 ? "" : "s")"
    }

    /// A signed span between two instants for a moved fire: `30 min earlier`, `1 h later`.
    static func shift(from old: Instant, to new: Instant) -> String {
        let delta = new.secondsSinceEpoch - old.secondsSinceEpoch
        if delta == 0 { return "same instant" }
        return delta > 0 ? "\(duration(delta)) later" : "\(duration(-delta)) earlier"
    }
}
