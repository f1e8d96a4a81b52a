import AlmanacModel
import AlmanacTime

/// The `dstAffected` warning: a wall-clock trigger whose fires daylight saving shifted, skipped,
/// silenced or doubled inside the window, naming the first affected nominal time and the fix that
/// keeps the rule's intent. A policy the spec states (on the trigger or in `defaults`) was chosen
/// on purpose: it satisfies the lint.
struct DSTLint {
    let diagnostic: Diagnostic?

    /// `firstAffected` is the trigger's first fire in the window that daylight saving touched;
    /// `firstSkipped`, its first nominal time `gap: skip` dropped, with the instant of that gap.
    init(
        trigger: Trigger, firstAffected: Candidate?, firstSkipped: (nominal: Int64, transition: Int64)?,
        window: (from: Int64, to: Int64)
    ) {
        guard trigger.kind.isWallClock else {
            diagnostic = nil
            return
        }
        let zone = trigger.timezone ?? "UTC"
        let hourly = trigger.firesHourly
        var message: DiagnosticMessage?
        var firstNominal = Int64.max
        if let fire = firstAffected, !Self.isStated(fire.dstEvent, trigger) {
            firstNominal = fire.nominal
            message = Self.describe(fire, trigger: trigger, zone: zone, hourly: hourly)
        }
        if let skipped = firstSkipped, !trigger.dstGapStated,
            skipped.transition >= window.from, skipped.transition < window.to, skipped.nominal < firstNominal
        {
            let fix =
                hourly
                ? "write `dst: {gap: skip}` to confirm (the skipped times do not exist, and the rhythm goes on after the jump)"
                : "set `dst: {gap: shift}` to fire an hour later that day, or `{gap: next}` to fire at the jump; write `{gap: skip}` to confirm"
            message = .dstGapSkipped(trigger.id, at: "\(LocalDateTime(wallSeconds: skipped.nominal))", zone: zone, fix: fix)
        }
        diagnostic = message.map { Diagnostic($0, at: trigger.range) }
    }

    /// True when the spec wrote the policy part that decided this fire.
    static func isStated(_ event: DSTEvent, _ trigger: Trigger) -> Bool {
        switch event {
        case .gapMoved, .gapSkipped: return trigger.dstGapStated
        case .overlapFirst, .overlapLast, .overlapBoth: return trigger.dstOverlapStated
        case .none: return trigger.dstGapStated && trigger.dstOverlapStated
        }
    }

    private static func describe(_ fire: Candidate, trigger: Trigger, zone: String, hourly: Bool) -> DiagnosticMessage {
        let nominal = LocalDateTime(wallSeconds: fire.nominal)
        let actual = LocalDateTime(wallSeconds: fire.at + Int64(fire.offset))
        let id = trigger.id
        switch fire.dstEvent {
        case .gapMoved:
            let policy = trigger.dst.gap.rawValue
            // Moving a time out of the gap keeps a daily rule's day and, since moved times that land
            // on regular ones merge with them, an hourly rule's rhythm too; skipping would lose the day.
            let fix =
                hourly
                ? "write `dst: {gap: \(policy)}` to confirm (it keeps the rhythm through the jump), or `{gap: skip}` to drop the missing times"
                : "write `dst: {gap: \(policy)}` to confirm, or `{gap: \(trigger.dst.gap == .next ? "shift" : "next")}` to fire "
                    + (trigger.dst.gap == .next ? "as long after the jump as the time was after its start" : "at the jump")
            return .dstGapMoved(id, at: "\(actual)", instead: "\(nominal)", zone: zone, policy: policy, fix: fix)
        case .overlapFirst:
            return hourly ? .dstOverlapFirstHourly(id, at: "\(nominal)", zone: zone) : .dstOverlapFirst(id, at: "\(nominal)", zone: zone)
        case .overlapLast:
            return .dstOverlapLast(id, at: "\(nominal)", zone: zone)
        case .overlapBoth, .gapSkipped, .none:
            return .dstOverlapBoth(id, at: "\(nominal)", zone: zone, hourly: hourly)
        }
    }
}
