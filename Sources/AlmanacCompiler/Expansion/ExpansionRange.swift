import AlmanacPlan
import AlmanacModel
import AlmanacTime

/// How far a trigger's rule must be iterated to produce every fire of the window: from the window
/// start (less the jitter, which only moves fires later) or, with `count`, from `start`; up to the
/// window end (plus the jitter, for the next fire that bounds a jittered one) or `end`. Wall times get two days of slack each side, as no zone is more than a day
/// from UTC and a gap moves a time by at most a day; the filters then cut exactly.
struct ExpansionRange: Sendable {
    /// Nominal wall times to iterate, inclusive.
    var lowWall: Int64
    var highWall: Int64
    /// Instants an elapsed-time rule must cover, inclusive.
    var lowInstant: Int64
    var highInstant: Int64

    static let slack: Int64 = 2 * 86_400

    init(_ trigger: Trigger, window: Window) {
        let jitter = trigger.jitter?.seconds ?? 0
        let from = window.from.secondsSinceEpoch - jitter
        let to = window.to.secondsSinceEpoch
        var low = from - Self.slack
        var lowInstant = from
        let startWall: Int64?
        switch trigger.start {
        case .date(let d)?: startWall = Int64(d.daysSinceEpoch) * 86_400
        case .local(let l)?: startWall = l.wallSeconds
        case .instant(let i)?: startWall = i.secondsSinceEpoch - Self.slack
        case nil: startWall = nil
        }
        if let startWall {
            // `count` counts from `start`, so the rule must run from there whatever the window.
            if trigger.count != nil {
                low = startWall
                lowInstant = startWall - Self.slack
            } else {
                low = max(low, startWall)
                lowInstant = max(lowInstant, startWall - Self.slack)
            }
        }
        var high = to + Self.slack
        switch trigger.end {
        case .date(let d)?: high = min(high, Int64(d.daysSinceEpoch + 1) * 86_400)
        case .local(let l)?: high = min(high, l.wallSeconds)
        case .instant(let i)?: high = min(high, i.secondsSinceEpoch + Self.slack)
        case nil: break
        }
        lowWall = low
        highWall = high
        self.lowInstant = lowInstant
        // A jittered fire's offset is bounded by the next fire, which may come up to a jitter past the window.
        highInstant = min(to + jitter, high + Self.slack)
    }
}
