import AlmanacSpec
import AlmanacTime

/// Plain calendar triggers that share one day rule, zone and policies (no bounds, `except`,
/// `during`, `count` or jitter), expanded together: the days are stepped once for all of them, and
/// a day that no offset change touches yields its fires straight from one list of (time of day,
/// member) sorted in plan order. A day near a transition is resolved member by member into a queue
/// ordered by `(instant, member)`, with the deduplication and lint records of `TriggerStream`.
final class CalendarGroup {
    /// The members' triggers, in rank order (member index order is rank order).
    let triggers: [Trigger]
    let ranks: [Int]
    /// The members' ids, for their fires.
    let ids: [String]
    /// Every member's times: entry e is time `times[e]` of member `members[e]`, sorted by both.
    private let times: [Int64]
    private let members: [Int]
    private let days: CalendarSource
    private let table: OffsetTable
    private var cursor: OffsetCursor
    private let policy: DSTPolicy
    private let lowWall: Int64
    private let highWall: Int64
    private let windowFrom: Int64
    private let windowTo: Int64
    /// Wall intervals `[low, high)` that offset changes skip or repeat, ascending.
    private let transitions: [(low: Int64, high: Int64)]
    private var transitionIndex = 0
    /// The largest offset the table knows: `wall - maxOffset` bounds the instant of every later wall time.
    private let maxOffset: Int64

    /// The day being emitted straight from `times` (no transition touches it), its offset and next entry.
    private var cleanDay: Int64 = 0
    private var cleanOffset = 0
    private var entry = 0
    private var cleanActive = false
    /// Candidates of days near a transition, in plan order; `member` is in `Candidate.member`.
    private var queue = CandidateBuffer()
    /// A lower bound on the instant of every candidate of days not yet read.
    private var floor: Int64 = .min
    private var finished = false

    /// The next fire in the window and its member, once `advance()` found one.
    private(set) var head: Candidate?
    private(set) var emitted: [Int]
    private(set) var firstAffected: [Candidate?]
    private(set) var firstSkipped: [(nominal: Int64, transition: Int64)?]

    init(triggers: [Trigger], ranks: [Int], rule: CalendarRule, table: OffsetTable, range: ExpansionRange,
         window: (from: Int64, to: Int64)) {
        self.triggers = triggers
        self.ranks = ranks
        ids = triggers.map(\.id)
        var pairs: [(time: Int64, member: Int)] = []
        for (member, trigger) in triggers.enumerated() {
            guard case .calendar(let own) = trigger.kind else { preconditionFailure("a calendar group holds calendar triggers") }
            pairs += own.times.map { (Int64($0.secondsOfDay), member) }
        }
        pairs.sort { $0.time != $1.time ? $0.time < $1.time : $0.member < $1.member }
        times = pairs.map(\.time)
        members = pairs.map(\.member)
        var dayRule = rule
        dayRule.times = [.midnight]
        let firstDay = floorDiv(range.lowWall, 86_400) * 86_400
        days = CalendarSource(dayRule, invalidDates: triggers[0].invalidDates, from: firstDay, through: range.highWall)
        self.table = table
        cursor = table.cursor()
        policy = triggers[0].dst
        lowWall = range.lowWall
        highWall = range.highWall
        windowFrom = window.from
        windowTo = window.to
        let changes = table.changes
        transitions = changes.map { change in
            let t = change.instant.secondsSinceEpoch
            return (t + Int64(min(change.before, change.after)), t + Int64(max(change.before, change.after)))
        }
        maxOffset = Int64(changes.map { max($0.before, $0.after) }.max() ?? table.offset(at: Instant(secondsSinceEpoch: 0)))
        emitted = Array(repeating: 0, count: triggers.count)
        firstAffected = Array(repeating: nil, count: triggers.count)
        firstSkipped = Array(repeating: nil, count: triggers.count)
    }

    /// Moves `head` to the group's next fire inside the window, or nil when there is none.
    func advance() {
        while !finished, let candidate = nextCandidate() {
            if candidate.at < windowFrom { continue }
            if candidate.at >= windowTo { break }
            let member = Int(candidate.member)
            emitted[member] += 1
            if candidate.dstEvent != .none && firstAffected[member] == nil { firstAffected[member] = candidate }
            head = candidate
            return
        }
        finished = true
        head = nil
    }

    /// The next candidate in plan order, before the window applies.
    private func nextCandidate() -> Candidate? {
        while true {
            if cleanActive {
                if entry < times.count {
                    let wall = cleanDay + times[entry]
                    let member = members[entry]
                    entry += 1
                    if wall < lowWall { continue }
                    // Later days only hold later wall times, and the queue is empty in this mode.
                    if wall > highWall { return nil }
                    var candidate = Candidate(at: wall - Int64(cleanOffset), offset: cleanOffset, nominal: wall)
                    candidate.member = Int32(member)
                    return candidate
                }
                cleanActive = false
            }
            if let first = queue.first, first.at < floor { return queue.removeFirst() }
            guard let day = days.next() else {
                if queue.isEmpty { return nil }
                floor = .max
                continue
            }
            floor = day + 86_400 - maxOffset
            while transitionIndex < transitions.count && transitions[transitionIndex].high <= day { transitionIndex += 1 }
            let clean = transitionIndex == transitions.count || transitions[transitionIndex].low >= day + 86_400
            if clean && queue.isEmpty, case .unique(_, let offset) = cursor.resolve(wall: day) {
                cleanDay = day
                cleanOffset = offset
                entry = 0
                cleanActive = true
            } else {
                resolveDay(day)
            }
        }
    }

    /// Resolves every member's times on `day` under the DST policy into the queue.
    private func resolveDay(_ day: Int64) {
        for e in 0..<times.count {
            let wall = day + times[e]
            guard wall >= lowWall && wall <= highWall else { continue }
            let member = members[e]
            let resolution = cursor.resolve(wall: wall)
            switch DSTResolver.apply(policy, to: resolution, wall: wall) {
            case .none:
                if firstSkipped[member] == nil, case .gap(let transition, _, _) = resolution {
                    firstSkipped[member] = (wall, transition.secondsSinceEpoch)
                }
            case .one(let fire):
                enqueue(Candidate(at: fire.instant.secondsSinceEpoch, offset: fire.offset, nominal: wall, shifted: fire.shifted,
                                  dstEvent: WallClockSource.event(resolution, policy)), member)
            case .two(let first, let second):
                enqueue(Candidate(at: first.instant.secondsSinceEpoch, offset: first.offset, nominal: wall, dstEvent: .overlapBoth), member)
                enqueue(Candidate(at: second.instant.secondsSinceEpoch, offset: second.offset, nominal: wall, secondPass: true,
                                  dstEvent: .overlapBoth), member)
            }
        }
    }

    /// Queues a candidate in `(instant, member)` order; of one member's candidates on one instant the
    /// unshifted one stays, else the earlier nominal time (SPEC), as in `TriggerStream`.
    private func enqueue(_ candidate: Candidate, _ member: Int) {
        var candidate = candidate
        candidate.member = Int32(member)
        if let index = queue.indexOf(at: candidate.at, member: candidate.member) {
            if queue[index].shifted && !candidate.shifted { queue[index] = candidate }
            return
        }
        queue.insert(candidate, by: { $0.at != $1.at ? $0.at < $1.at : $0.member < $1.member })
    }
}

extension CalendarGroup {
    /// What members of one group share: the day rule, zone and policies.
    private struct Shape: Hashable {
        var zone: String
        var months: [Int]?
        var days: [Int]?
        var weekdays: [WeekdaySelector]?
        var invalidDates: InvalidDatePolicy
        var dst: DSTPolicy
    }

    /// The ranks of `triggers` (sorted by id) that can share a group, in groups of at least
    /// `minimumSize`, each in rank order; every other trigger gets its own `TriggerStream`.
    static func partition(_ triggers: [Trigger], minimumSize: Int) -> [[Int]] {
        var groups: [Shape: [Int]] = [:]
        var order: [Shape] = []
        for (rank, trigger) in triggers.enumerated() {
            guard case .calendar(let rule) = trigger.kind, trigger.start == nil, trigger.end == nil, trigger.count == nil,
                  trigger.except.isEmpty, trigger.during == nil, (trigger.jitter?.seconds ?? 0) <= 1 else { continue }
            let shape = Shape(zone: Expansion.zone(of: trigger), months: rule.months, days: rule.days, weekdays: rule.weekdays,
                              invalidDates: trigger.invalidDates, dst: trigger.dst)
            if groups[shape] == nil { order.append(shape) }
            groups[shape, default: []].append(rank)
        }
        return order.compactMap { groups[$0]!.count >= minimumSize ? groups[$0] : nil }
    }
}
