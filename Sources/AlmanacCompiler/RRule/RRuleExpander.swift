import AlmanacSpec
import AlmanacTime

/// The nominal wall-clock occurrences of an `rrule` trigger, in ascending order: the rule's
/// occurrences from DTSTART (DTSTART itself only when it matches the rule), UNTIL inclusive,
/// COUNT counted over the rule's occurrences, then RDATEs merged in and EXDATEs removed.
/// HOURLY and finer step on wall-clock time, as dateutil does; the caller resolves DST.
public struct RRuleExpander: Sendable {
    /// How far a scan may run past the last occurrence (or DTSTART) before it gives up: 400
    /// years is the Gregorian cycle, so a rule silent that long never fires again.
    static let scanLimitDays = 146_097

    private var periods: RRulePeriods
    private let start: LocalDateTime
    private let until: LocalDateTime?
    private var remaining: Int?
    private let rdates: [LocalDateTime]
    private let exdates: Set<LocalDateTime>

    private var nextPeriod = 0
    /// Occurrences computed but not yet handed out, sorted; `pendingHead` indexes the next one.
    private var pending: [LocalDateTime] = []
    private var pendingHead = 0
    /// Pending occurrences below this are final: no later period can produce an earlier one.
    private var releasedBelow: LocalDateTime
    private var ruleDone = false
    private var nextRule: LocalDateTime?
    private var rdateIndex = 0
    private var floor: LocalDateTime?
    private var lastProgressDay: Int
    private var last: LocalDateTime?

    /// True when iteration stopped because the rule stayed silent for 400 years (or reached year
    /// 9999) rather than because COUNT or UNTIL ended it: the caller may warn that it rarely fires.
    public private(set) var gaveUp = false

    /// `untilOffsetSeconds` is the trigger zone's UTC offset at a UTC `UNTIL` (ignored otherwise),
    /// so UNTIL can be compared with wall-clock occurrences.
    public init(_ trigger: RRuleTrigger, invalidDates: InvalidDatePolicy, untilOffsetSeconds: Int = 0) {
        let shape = RRuleShape(trigger.rule, start: trigger.start)
        periods = RRulePeriods(shape: shape, invalidDates: invalidDates)
        start = trigger.start
        switch trigger.rule.until {
        case .none: until = nil
        case .date(let d): until = LocalDateTime(date: d, time: LocalTime(hour: 23, minute: 59, second: 59))
        case .local(let l): until = l
        case .utc(let i): until = LocalDateTime(wallSeconds: i.secondsSinceEpoch + Int64(untilOffsetSeconds))
        }
        remaining = trigger.rule.count
        rdates = Array(Set(trigger.rdates)).sorted()
        exdates = Set(trigger.exdates)
        releasedBelow = periods.start(of: 0)
        lastProgressDay = trigger.start.date.daysSinceEpoch
        if shape.setPositionsUnreachable {
            ruleDone = true
            gaveUp = true
        }
    }

    /// Skips ahead so that the next occurrence is the first at or after `target`, without walking
    /// the periods in between. With COUNT every earlier occurrence must be counted, so this only
    /// filters.
    public mutating func skip(to target: LocalDateTime) {
        floor = max(floor ?? target, target)
        while rdateIndex < rdates.count, rdates[rdateIndex] < target { rdateIndex += 1 }
        if let n = nextRule, n < target { nextRule = nil }
        guard remaining == nil, !ruleDone else { return }
        // One period back: RFC 7529 SKIP may move a date from the next period into this one.
        let k = periods.period(containing: target) - 1
        if k > nextPeriod {
            nextPeriod = k
            pending.removeAll()
            pendingHead = 0
            releasedBelow = periods.start(of: k)
            lastProgressDay = target.date.daysSinceEpoch
        }
    }

    /// The next occurrence, or nil when there are no more.
    public mutating func next() -> LocalDateTime? {
        while true {
            if nextRule == nil { nextRule = nextRuleOccurrence() }
            let rdate = rdateIndex < rdates.count ? rdates[rdateIndex] : nil
            let candidate: LocalDateTime
            switch (nextRule, rdate) {
            case (nil, nil): return nil
            case (let r?, nil): candidate = r; nextRule = nil
            case (nil, let d?): candidate = d; rdateIndex += 1
            case (let r?, let d?):
                if d <= r { candidate = d; rdateIndex += 1 } else { candidate = r; nextRule = nil }
            }
            if let last, candidate <= last { continue }
            if let floor, candidate < floor { continue }
            last = candidate
            if exdates.contains(candidate) { continue }
            return candidate
        }
    }

    /// The rule's next occurrence after DTSTART, UNTIL and COUNT.
    private mutating func nextRuleOccurrence() -> LocalDateTime? {
        guard !ruleDone else { return nil }
        guard let o = nextCandidate() else {
            ruleDone = true
            return nil
        }
        if let until, o > until {
            ruleDone = true
            return nil
        }
        if let r = remaining {
            if r == 0 {
                ruleDone = true
                return nil
            }
            remaining = r - 1
        }
        return o
    }

    /// The next occurrence at or after DTSTART from the periods, in order.
    private mutating func nextCandidate() -> LocalDateTime? {
        while true {
            if pendingHead < pending.count, pending[pendingHead] < releasedBelow {
                let o = pending[pendingHead]
                pendingHead += 1
                return o
            }
            nextPeriod = periods.firstPossiblePeriod(from: nextPeriod)
            let periodStart = periods.start(of: nextPeriod)
            let first = periodStart.date
            let exhausted = first.year > 9999 || first.daysSinceEpoch - lastProgressDay > Self.scanLimitDays
            if exhausted || (until.map { periodStart > $0 } ?? false) {
                if exhausted { gaveUp = true }
                // Nothing later can come; hand out what is left.
                releasedBelow = LocalDateTime(date: CivilDate(year: 10_000, month: 1, day: 1), time: .midnight)
                if pendingHead < pending.count { continue }
                return nil
            }
            let batch = periods.occurrences(of: nextPeriod).filter { $0 >= start }
            nextPeriod += 1
            if !batch.isEmpty {
                lastProgressDay = batch.last!.date.daysSinceEpoch
                pending = mergeUnique(Array(pending[pendingHead...]), batch)
                pendingHead = 0
            }
            releasedBelow = periodStart
        }
    }
}
