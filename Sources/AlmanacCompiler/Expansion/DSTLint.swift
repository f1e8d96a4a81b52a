import AlmanacSpec
import AlmanacTime

/// The `dstAffected` warning: a wall-clock trigger whose fires daylight saving shifted, skipped,
/// silenced or doubled inside the window, naming the first affected nominal time and the fix.
struct DSTLint {
    let diagnostic: Diagnostic?

    /// `firstAffected` is the trigger's first fire in the window that daylight saving touched;
    /// `firstSkipped`, its first nominal time `gap: skip` dropped, with the instant of that gap.
    init(trigger: Trigger, firstAffected: Candidate?, firstSkipped: (nominal: Int64, transition: Int64)?,
         window: (from: Int64, to: Int64)) {
        guard trigger.kind.isWallClock else {
            diagnostic = nil
            return
        }
        let zone = trigger.timezone ?? "UTC"
        var message: String?
        var firstNominal = Int64.max
        if let fire = firstAffected {
            firstNominal = fire.nominal
            message = Self.describe(fire, trigger: trigger, zone: zone)
        }
        if let skipped = firstSkipped,
           skipped.transition >= window.from, skipped.transition < window.to, skipped.nominal < firstNominal {
            message = "'\(trigger.id)' does not fire at \(LocalDateTime(wallSeconds: skipped.nominal)), which clocks skip in \(zone) "
                + "(dst.gap: skip); set dst.gap: shift or next to fire after the jump"
        }
        diagnostic = message.map { Diagnostic(.dstAffected, $0, at: trigger.range) }
    }

    private static func describe(_ fire: Candidate, trigger: Trigger, zone: String) -> String {
        let nominal = LocalDateTime(wallSeconds: fire.nominal)
        let actual = LocalDateTime(wallSeconds: fire.at + Int64(fire.offset))
        switch fire.dstEvent {
        case .gapMoved:
            return "'\(trigger.id)' fires at \(actual) instead of \(nominal), which clocks skip in \(zone) "
                + "(dst.gap: \(trigger.dst.gap.rawValue)); set dst.gap: \(trigger.dst.gap == .next ? "shift" : "next") "
                + "or skip to change that"
        case .overlapFirst:
            return "'\(trigger.id)' fires once at \(nominal), which happens twice in \(zone) (dst.overlap: first), "
                + "so it is silent during the repeated hour; set dst.overlap: both to fire in both passes"
        case .overlapLast:
            return "'\(trigger.id)' fires at the second of the two \(nominal) in \(zone) (dst.overlap: last); "
                + "set dst.overlap: first or both to change that"
        case .overlapBoth, .gapSkipped, .none:
            return "'\(trigger.id)' fires twice at \(nominal), which happens twice in \(zone) (dst.overlap: both); "
                + "set dst.overlap: first to fire once"
        }
    }
}
