import AlmanacModel
import AlmanacTime

/// The nominal wall-clock occurrences of an `rrule` trigger, in ascending order: the rule's
/// occurrences from DTSTART (DTSTART itself only when it matches the rule), UNTIL inclusive,
/// COUNT counted over the rule's occurrences, then RDATEs merged in and EXDATEs removed.
/// HOURLY and finer step on wall-clock time, as dateutil does; the caller resolves DST.
public struct RRuleExpander: Sendable {
    /// How far a scan may run past the last occurrence (or DTSTART) before it gives up: 400
    /// years is the Gregorian cycle, so a rule silent that long never fires again.
    static let scanLimitDays = 146_097
    /// 10000-01-01 in days since the epoch: periods from there on are past year 9999.
    static let year10000 = CivilDate(year: 10_000, month: 1, day: 1).daysSinceEpoch

    private var periods: RRulePeriods
    // Occurrences are wall-clock seconds since the epoch (Int) from here on: one integer compare
    // instead of two structs'.
    private let start: Int
    private let until: Int?
    private var remaining: Int?
    private let rdates: [Int]
    private let exdates: Set<Int>

    private var nextPeriod = 0
    /// Occurrences computed but not yet handed out, sorted; `pendingHead` indexes the next one.
    private var pending: [Int] = []
    private var pendingHead = 0
    /// The period being computed, reused between periods.
    private var batch: [Int] = []
    /// Pending occurrences below this are final: no later period can produce an earlier one.
    private var releasedBelow: Int
    private var ruleDone = false
    private var nextRule: Int?
    private var rdateIndex = 0
    private var floor: Int?
    private var lastProgressDay: Int
    private var last: Int?

    /// True when iteration stopped because the rule stayed silent for 400 years (or reached year
    /// 9999) rather than because COUNT or UNTIL ended it: the caller may warn that it rarely fires.
    public private(set) var gaveUp = false

    /// `untilOffsetSeconds` is the trigger zone's UTC offset at a UTC `UNTIL` (ignored otherwise),
    /// so UNTIL can be compared with wall-clock occurrences.
    public init(_ trigger: RRuleTrigger, invalidDates: InvalidDatePolicy, untilOffsetSeconds: Int = 0) {
        let shape = RRuleShape(trigger.rule, start: trigger.start)
        periods = RRulePeriods(shape: shape, invalidDates: invalidDates)
        start = Int(trigger.start.wallSeconds)
        switch trigger.rule.until {
        case .none: until = nil
        case .date(let d): until = d.daysSinceEpoch * 86_400 + 86_399
        case .local(let l): until = Int(l.wallSeconds)
        case .utc(let i): until = Int(i.secondsSinceEpoch) + untilOffsetSeconds
        }
        remaining = trigger.rule.count
        rdates = Set(trigger.rdates.map { Int($0.wallSeconds) }).sorted()
        exdates = Set(trigger.exdates.map { Int($0.wallSeconds) })
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
        let wall = Int(target.wallSeconds)
        floor = max(floor ?? wall, wall)
        while rdateIndex < rdates.count, rdates[rdateIndex] < wall { rdateIndex += 1 }
        if let n = nextRule, n < wall { nextRule = nil }
        guard remaining == nil, !ruleDone else { return }
        // One period back: RFC 7529 SKIP may move a date from the next period into this one.
        let k = periods.period(containing: target) - 1
        if k > nextPeriod {
            nextPeriod = k
            pending.removeAll(keepingCapacity: true)
            pendingHead = 0
            releasedBelow = periods.start(of: k)
            lastProgressDay = target.date.daysSinceEpoch
        }
    }

    /// The next occurrence, or nil when there are no more.
    public mutating func next() -> LocalDateTime? {
        nextWallSeconds().map { LocalDateTime(wallSeconds: $0) }
    }

    /// The next occurrence as wall-clock seconds since the epoch (`LocalDateTime.wallSeconds`).
    public mutating func nextWallSeconds() -> Int64? {
        while true {
            if nextRule == nil { nextRule = nextRuleOccurrence() }
            let rdate = rdateIndex < rdates.count ? rdates[rdateIndex] : nil
            let candidate: Int
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
            if !exdates.isEmpty, exdates.contains(candidate) { continue }
            return Int64(candidate)
        }
    }

    /// The rule's next occurrence after DTSTART, UNTIL and COUNT.
    private mutating func nextRuleOccurrence() -> Int? {
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
    private mutating func nextCandidate() -> Int? {
        while true {
            if pendingHead < pending.count, pending[pendingHead] < releasedBelow {
                let o = pending[pendingHead]
                pendingHead += 1
                return o
            }
            nextPeriod = periods.firstPossiblePeriod(from: nextPeriod)
            let periodStart = periods.start(of: nextPeriod)
            let first = floorDiv(periodStart, 86_400)
            let exhausted = first >= Self.year10000 || first - lastProgressDay > Self.scanLimitDays
            if exhausted || (until.map { periodStart > $0 } ?? false) {
                if exhausted { gaveUp = true }
                // Nothing later can come; hand out what is left.
                releasedBelow = Int.max
                if pendingHead < pending.count { continue }
                return nil
            }
            batch.removeAll(keepingCapacity: true)
            periods.occurrences(of: nextPeriod, into: &batch)
            nextPeriod += 1
            if let f = batch.first, f < start { batch.removeAll { $0 < start } }
            if let newest = batch.last {
                lastProgressDay = floorDiv(newest, 86_400)
                absorbBatch()
            }
            // A period's occurrences are final once the next period starts, unless a later period
            // can reach back before its own start (see `RRulePeriods.staysInPeriod`).
            releasedBelow = periods.staysInPeriod ? periods.start(of: nextPeriod) : periodStart
        }
    }

    /// Moves `batch` into `pending`: usually it simply follows (or replaces) what is there.
    private mutating func absorbBatch() {
        if pendingHead == pending.count {
            swap(&pending, &batch)
            pendingHead = 0
        } else if batch[0] > pending[pending.count - 1] {
            if pendingHead > 0 {
                pending.removeFirst(pendingHead)
                pendingHead = 0
            }
            pending.append(contentsOf: batch)
        } else {
            pending = mergeUnique(Array(pending[pendingHead...]), batch)
            pendingHead = 0
        }
    }
}
