import AlmanacModel
import AlmanacTime

/// The `pendingBudget` lint: the window's densest `min_coverage` span, found in one pass over the
/// fires in plan order, and a warning when it holds more fires than `max_pending` can register —
/// naming every trigger with a fire that a registration anywhere in the window can leave out, not
/// only those of the densest span.
struct PendingBudget {
    /// What a registration holds: `max_pending`, within what a phone keeps (`phoneCeiling`).
    let maxPending: Int
    /// `max_pending` as the spec writes it.
    let written: Int
    let coverage: Int64
    let limitsRange: SourceRange?
    /// For `min_coverage` in calendar days, that many days; the spec zone's offsets (days are
    /// counted and times written there).
    let days: Int?
    let table: OffsetTable?
    /// `table` read in ascending order, as the spans' starts come: an offset lookup per fire from a
    /// fresh binary search each time made this lint most of the time of compiling 10,000 daily
    /// triggers (W5 8.4 ms before the lint, 17 ms with it, `scripts/bench/compiler.sh expand`).
    private var cursor: OffsetCursor?
    /// The end of the span starting at the last start asked, cached: fires often share an instant.
    private var headEnd: (start: Int64, end: Int64)?
    /// The times of the fires of the current span, from `head` on (a queue; compacted as it runs).
    private var times: [Int64] = []
    private var head = 0
    /// The most fires seen in one span so far, and where that span starts (an index into `times`),
    /// while that span is still in the queue.
    private var best = 0
    private var flagged: Int?
    /// The densest span over budget, once its queue was complete.
    private(set) var densest: Densest?
    /// Per trigger (by rank), its fires that a registration can leave out; and the ranks in the
    /// order of their first such fire. Counted by rank, never by id: a string hashed per fire would
    /// cost W5 (300,000 fires, nearly all over a budget of 64) more than the rest of this lint.
    private var atRisk: [Int32] = []
    private var riskOrder: [Int] = []

    /// A span that holds more fires than the budget.
    struct Densest: Equatable {
        var start: Int64
        var end: Int64
        var count: Int
        /// The first fire a registration at the span's start cannot hold.
        var firstUncovered: Int64
    }

    /// Every trigger (by rank) with a fire a registration can leave out, in the order of its first
    /// such fire (the soonest to lose coverage first), with how many of its fires are at risk.
    var losing: [(trigger: Int, fires: Int)] { riskOrder.map { ($0, Int(atRisk[$0])) } }

    init(limits: Limits, table: OffsetTable? = nil) {
        // The lint runs only for specs phones run, and a phone keeps 64 whatever `max_pending` says:
        // measured with the written 500, W0605 said a day of 720 fires was covered for 16 h 40 min,
        // where a phone covers 2 h 8 min.
        written = limits.maxPending
        maxPending = min(limits.maxPending, Self.phoneCeiling)
        coverage = max(1, limits.minCoverage.seconds)
        limitsRange = limits.maxPendingRange
        days = table == nil ? nil : limits.minCoverageDays
        self.table = table
        cursor = table.map(OffsetCursor.init(table:))
    }

    /// Where the span starting at `start` ends: `days` calendar days later on the wall clock (a
    /// time the clocks skip is read with the offset before the gap, so it moves forward by the
    /// gap's length), else `coverage` seconds later.
    mutating func end(of start: Int64) -> Int64 {
        guard let days, cursor != nil else { return start &+ coverage }
        let wall = start + Int64(cursor!.offset(at: Instant(secondsSinceEpoch: start))) + Int64(days) * 86_400
        switch cursor!.resolve(wall: wall) {
        case .unique(let i, _): return i.secondsSinceEpoch
        case .gap(_, let before, _): return wall - Int64(before)
        case .overlap(let first, _, _, _): return first.secondsSinceEpoch
        }
    }

    private mutating func headSpanEnd() -> Int64 {
        let start = times[head]
        if let cached = headEnd, cached.start == start { return cached.end }
        let end = end(of: start)
        headEnd = (start, end)
        return end
    }

    /// Takes the next fire in plan order, of the trigger of rank `trigger` (its place in id order).
    mutating func observe(at: Int64, trigger: Int) {
        // Fires of the queue are all before front + coverage, so at the front's exit the queue is
        // exactly the front's span.
        while head < times.count, headSpanEnd() <= at {
            if flagged == head { snapshot() }
            head += 1
        }
        if head >= 4096, head * 2 >= times.count {
            times.removeFirst(head)
            flagged = flagged.map { $0 - head }
            head = 0
        }
        times.append(at)
        let count = times.count - head
        // The front's span is the earliest that holds this fire, so the one where it comes latest: a
        // registration there holds the `maxPending` before it, and this fire is left out if any is.
        if count > maxPending {
            if trigger >= atRisk.count { atRisk += repeatElement(0, count: trigger + 1 - atRisk.count) }
            if atRisk[trigger] == 0 { riskOrder.append(trigger) }
            atRisk[trigger] += 1
        }
        // Later spans replace the first only when strictly denser: the earliest densest span wins.
        if count > best {
            best = count
            if count > maxPending { flagged = head }
        }
    }

    /// Ends the pass; `densest` is final from here.
    mutating func finish() {
        // A flagged front still in the queue is the current one.
        if flagged != nil { snapshot() }
    }

    private mutating func snapshot() {
        let cut = head + maxPending
        densest = Densest(start: times[head], end: end(of: times[head]), count: times.count - head, firstUncovered: times[cut])
        flagged = nil
    }

    /// The warning for the densest span, if it is over budget; located at `max_pending` (or
    /// `min_coverage`) when written, else at the first trigger that loses coverage. It names every
    /// trigger that loses coverage anywhere in the window, and lists them with their fires at risk
    /// and priority in its details. `trigger` gives a rank's id, place and priority.
    func diagnostic(trigger: (Int) -> (id: String, range: SourceRange?, priority: Int)) -> Diagnostic? {
        guard let d = densest else { return nil }
        let losing = self.losing.map { (trigger($0.trigger), $0.fires) }
        let start = local(d.start), end = local(d.end)
        let named = losing.map { "'\($0.0.id)' (\($0.1))" }.joined(separator: ", ")
        let length = days.map { "\($0) day\($0 == 1 ? "" : "s")" } ?? Self.format(coverage)
        let covers = Self.format(d.firstUncovered - d.start)
        let message = DiagnosticMessage.pendingBudget(
            length: length, from: "\(start)", to: "\(end)", fires: d.count, maxPending: written, holds: maxPending, covers: covers,
            until: "\(local(d.firstUncovered))", triggers: losing.count, losing: named, phoneCeiling: Self.phoneCeiling)
        var diagnostic = Diagnostic(message, at: limitsRange ?? losing.first?.0.range)
        diagnostic.details = [
            "span": .object(["from": .string("\(start)"), "to": .string("\(end)")]),
            "fires": .number(String(d.count)), "max_pending": .number(String(written)), "covers": .string(covers),
            "covered_until": .string("\(local(d.firstUncovered))"),
            "triggers": .array(
                losing.map {
                    .object([
                        "id": .string($0.0.id), "fires_losing_coverage": .number(String($0.1)), "priority": .number(String($0.0.priority)),
                    ])
                }),
        ]
        return diagnostic
    }

    /// What a phone holds at most: iOS keeps the soonest-firing 64 pending notifications of an app.
    static let phoneCeiling = 64

    /// `2026-11-23T00:00:00-05:00` in the spec's zone, else UTC.
    func local(_ seconds: Int64) -> String {
        let instant = Instant(secondsSinceEpoch: seconds)
        guard let table else { return instant.description }
        let offset = table.offset(at: instant)
        return RFC3339.format(LocalDateTime(wallSeconds: seconds + Int64(offset)), offset: offset)
    }

    /// `1d`, `5h 20m`, `40m`, `30s`, `0s`.
    static func format(_ seconds: Int64) -> String {
        if seconds <= 0 { return "0s" }
        var parts: [String] = []
        var rest = seconds
        for (unit, size) in [("d", Int64(86_400)), ("h", 3600), ("m", 60), ("s", 1)] where rest >= size {
            parts.append("\(rest / size)\(unit)")
            rest %= size
        }
        return parts.prefix(2).joined(separator: " ")
    }
}
