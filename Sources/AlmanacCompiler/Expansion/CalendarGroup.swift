import AlmanacPlan
import AlmanacModel
import AlmanacTime

/// Plain calendar triggers that share one day rule, zone and policies (no bounds, `except`,
/// `during`, `count` or jitter), expanded together: the days are stepped once for all of them, and
/// a day that no offset change touches yields its fires straight from one list of (time of day,
/// member) sorted in plan order. A day near a transition is resolved member by member into a queue
/// ordered by `(instant, member)`, with the deduplication and lint records of `TriggerStream`.
/// A struct kept in a local array, so that the per-fire state needs no runtime exclusivity checks.
struct CalendarGroup {
    /// The members' ranks (member index order is rank order) and ids, for their fires.
    let ranks: [Int]
    let ids: [String]
    /// Every member's times, sorted: entry e is `time << 32 | member` (time of day in seconds).
    private let entries: [Int64]
    private let days: CalendarSource
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

    /// The day being emitted straight from `entries` (no transition touches it), its offset and next entry.
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
    /// Lint records by member: whether it fired in the window, and (rare, so kept sparse) its first
    /// fire daylight saving touched and first time `gap: skip` dropped.
    private(set) var emitted: [Bool]
    private(set) var firstAffected: [Int: Candidate] = [:]
    /// Per member, whether the spec stated its `dst.gap` and `dst.overlap` (those events are not linted).
    private let stated: [(gap: Bool, overlap: Bool)]
    private(set) var firstSkipped: [Int: (nominal: Int64, transition: Int64)] = [:]

    /// `members` are the triggers' positions in `triggers`, in rank order.
    init(
        _ triggers: [Trigger], members: [Int], ranks: [Int], rule: CalendarRule, table: OffsetTable, range: ExpansionRange,
        window: (from: Int64, to: Int64)
    ) {
        self.ranks = ranks
        ids = members.map { triggers[$0].id }
        stated = members.map { (triggers[$0].dstGapStated, triggers[$0].dstOverlapStated) }
        var entries: [Int64] = []
        entries.reserveCapacity(members.count)
        for (member, position) in members.enumerated() {
            guard case .calendar(let own) = triggers[position].kind else { preconditionFailure("a calendar group holds calendar triggers") }
            for time in own.times { entries.append(Int64(time.secondsOfDay) << 32 | Int64(member)) }
        }
        entries.sort()
        self.entries = entries
        let first = triggers[members[0]]
        var dayRule = rule
        dayRule.times = [.midnight]
        let firstDay = floorDiv(range.lowWall, 86_400) * 86_400
        days = CalendarSource(dayRule, invalidDates: first.invalidDates, from: firstDay, through: range.highWall)
        cursor = table.cursor()
        policy = first.dst
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
        emitted = Array(repeating: false, count: members.count)
    }

    /// Hands `sink` the group's fires, each with its trigger's rank, while they precede `bound` (a merge entry) in plan order, at most
    /// `limit` of them; returns how many. `head` is then the first fire not handed out.
    mutating func emit(before bound: FireHeap.Entry?, limit: Int, _ sink: (Fire, _ rank: Int) throws -> Void) rethrows -> Int {
        var count = 0
        // One value updated field by field: cheaper than building a `Fire` (and its strings) per fire.
        var out = Fire(at: Instant(secondsSinceEpoch: 0), trigger: "", offset: 0, nominalWall: 0)
        while count < limit, let fire = head {
            if let bound, fire.at > bound.at || (fire.at == bound.at && ranks[Int(fire.member)] > bound.rank) { break }
            out.at = Instant(secondsSinceEpoch: fire.at)
            out.trigger = ids[Int(fire.member)]
            out.offset = fire.offset
            out.nominalWall = fire.nominal
            out.secondPass = fire.secondPass
            out.isMoved = fire.shifted
            try sink(out, ranks[Int(fire.member)])
            count += 1
            advance()
        }
        return count
    }

    /// Moves `head` to the group's next fire inside the window, or nil when there is none.
    @inline(__always)
    mutating func advance() {
        // The common case, a clean day's next time inside the window, without the general loop.
        if cleanActive && !finished && entry < entries.count {
            let packed = entries[entry]
            let wall = cleanDay + packed >> 32
            let at = wall - Int64(cleanOffset)
            if wall >= lowWall && wall <= highWall && at >= windowFrom && at < windowTo {
                entry += 1
                var candidate = Candidate(at: at, offset: cleanOffset, nominal: wall)
                candidate.member = Int32(truncatingIfNeeded: packed)
                emitted[Int(candidate.member)] = true
                head = candidate
                return
            }
        }
        advanceInGeneral()
    }

    private func isStated(_ event: DSTEvent, _ member: Int) -> Bool {
        switch event {
        case .gapMoved, .gapSkipped: return stated[member].gap
        case .overlapFirst, .overlapLast, .overlapBoth: return stated[member].overlap
        case .none: return false
        }
    }

    /// `advance()` for every case: entries outside the window, days near a transition, the end.
    private mutating func advanceInGeneral() {
        while !finished, let candidate = nextCandidate() {
            if candidate.at < windowFrom { continue }
            if candidate.at >= windowTo { break }
            let member = Int(candidate.member)
            emitted[member] = true
            if candidate.dstEvent != .none && firstAffected[member] == nil && !isStated(candidate.dstEvent, member) {
                firstAffected[member] = candidate
            }
            head = candidate
            return
        }
        finished = true
        head = nil
    }

    /// The next candidate in plan order, before the window applies.
    private mutating func nextCandidate() -> Candidate? {
        while true {
            if cleanActive {
                if entry < entries.count {
                    let wall = cleanDay + entries[entry] >> 32
                    let member = entries[entry] & 0xFFFF_FFFF
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
    private mutating func resolveDay(_ day: Int64) {
        for packed in entries {
            let wall = day + packed >> 32
            guard wall >= lowWall && wall <= highWall else { continue }
            let member = Int(packed & 0xFFFF_FFFF)
            let resolution = cursor.resolve(wall: wall)
            switch DSTResolver.apply(policy, to: resolution, wall: wall) {
            case .none:
                if firstSkipped[member] == nil, case .gap(let transition, _, _) = resolution {
                    firstSkipped[member] = (wall, transition.secondsSinceEpoch)
                }
            case .one(let fire):
                enqueue(
                    Candidate(
                        at: fire.instant.secondsSinceEpoch, offset: fire.offset, nominal: wall, shifted: fire.shifted,
                        dstEvent: WallClockSource.event(resolution, policy)), member)
            case .two(let first, let second):
                enqueue(Candidate(at: first.instant.secondsSinceEpoch, offset: first.offset, nominal: wall, dstEvent: .overlapBoth), member)
                enqueue(
                    Candidate(
                        at: second.instant.secondsSinceEpoch, offset: second.offset, nominal: wall, secondPass: true,
                        dstEvent: .overlapBoth), member)
            }
        }
    }

    /// Queues a candidate in `(instant, member)` order; of one member's candidates on one instant the
    /// unshifted one stays, else the earlier nominal time (docs/spec.md), as in `TriggerStream`.
    private mutating func enqueue(_ candidate: Candidate, _ member: Int) {
        var candidate = candidate
        candidate.member = Int32(member)
        if let index = queue.indexOf(at: candidate.at, member: candidate.member) {
            if queue[index].shifted && !candidate.shifted { queue[index] = candidate }
            return
        }
        queue.insert(candidate, by: { $0.at != $1.at ? $0.at < $1.at : $0.member < $1.member })
    }
}
