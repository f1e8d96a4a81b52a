import AlmanacModel
import AlmanacTime

/// The `pendingBudget` lint: the window's densest `min_coverage` span, found in one pass over the
/// fires in plan order, and a warning when it holds more fires than `max_pending` can register.
struct PendingBudget {
    let maxPending: Int
    let coverage: Int64
    let limitsRange: SourceRange?
    /// For `min_coverage` in calendar days, that many days; the spec zone's offsets (days are
    /// counted and times written there).
    let days: Int?
    let table: OffsetTable?
    /// `table` read in ascending order, as the spans' starts come: an offset lookup per fire from a
    /// fresh binary search each time made this lint most of the time of compiling 10,000 daily
    /// triggers (W5 8.4 ms before the lint, 17 ms with it, `scripts/bench.sh expand`).
    private var cursor: OffsetCursor?
    /// The end of the span starting at the last start asked, cached: fires often share an instant.
    private var headEnd: (start: Int64, end: Int64)?
    /// The fires of the current span, from `head` on (a queue kept in two arrays; compacted as it runs).
    private var times: [Int64] = []
    private var triggers: [String] = []
    private var head = 0
    /// The most fires seen in one span so far, and where that span starts (an index into `times`),
    /// while that span is still in the queue.
    private var best = 0
    private var flagged: Int?
    /// The densest span over budget, once its queue was complete.
    private(set) var densest: Densest?

    /// A span that holds more fires than the budget.
    struct Densest: Equatable {
        var start: Int64
        var end: Int64
        var count: Int
        /// The first fire a registration at the span's start cannot hold.
        var firstUncovered: Int64
        /// The trigger of each fire from `firstUncovered` to the span's end.
        var lostFires: [String]

        /// The triggers with fires from `firstUncovered` to the span's end, most fires lost first,
        /// then by id, so the order is stable. Counted here, once, for the warning: a span becomes
        /// the densest many times in one pass, and counting each time made this lint dominate the
        /// compile of 10,000 daily triggers (W5 22 ms → see docs/benchmarks.md).
        var losing: [String] { Self.ordered(counts).map(\.key) }

        /// The first `n` of `losing` and how many there are in all, without ordering the rest:
        /// the warning names five. Sorting all 10,000 triggers of W5 cost 3 ms of its 21.
        func losing(first n: Int) -> (first: [String], total: Int) {
            let counts = counts
            var best: [(key: String, value: Int)] = []
            for entry in counts {
                if best.count < n {
                    best.append(entry)
                } else if let last = best.last, Self.before(entry, last) {
                    best[best.count - 1] = entry
                } else {
                    continue
                }
                best = Self.ordered(best)
            }
            return (best.map(\.key), counts.count)
        }

        private var counts: [(key: String, value: Int)] {
            var lost: [String: Int] = [:]
            for trigger in lostFires { lost[trigger, default: 0] += 1 }
            return lost.map { ($0.key, $0.value) }
        }

        private static func before(_ a: (key: String, value: Int), _ b: (key: String, value: Int)) -> Bool {
            a.value != b.value ? a.value > b.value : a.key.utf8.lexicographicallyPrecedes(b.key.utf8)
        }

        private static func ordered(_ entries: [(key: String, value: Int)]) -> [(key: String, value: Int)] {
            entries.sorted(by: before)
        }
    }

    init(limits: Limits, table: OffsetTable? = nil) {
        maxPending = limits.maxPending
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

    /// Takes the next fire in plan order.
    mutating func observe(at: Int64, trigger: String) {
        // Fires of the queue are all before front + coverage, so at the front's exit the queue is
        // exactly the front's span.
        while head < times.count, headSpanEnd() <= at {
            if flagged == head { snapshot() }
            head += 1
        }
        if head >= 4096, head * 2 >= times.count {
            times.removeFirst(head)
            triggers.removeFirst(head)
            flagged = flagged.map { $0 - head }
            head = 0
        }
        times.append(at)
        triggers.append(trigger)
        let count = times.count - head
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
        densest = Densest(
            start: times[head], end: end(of: times[head]), count: times.count - head, firstUncovered: times[cut],
            lostFires: Array(triggers[cut..<times.count]))
        flagged = nil
    }

    /// The warning for the densest span, if it is over budget; located at `max_pending` (or
    /// `min_coverage`) when written, else at the first trigger that loses coverage.
    func diagnostic(range: (String) -> SourceRange?) -> Diagnostic? {
        guard let d = densest else { return nil }
        let (losing, total) = d.losing(first: 5)
        let start = local(d.start), end = local(d.end)
        let shown =
            losing.prefix(5).map { "'\($0)'" }.joined(separator: ", ")
            + (total > 5 ? " and \(total - 5) more" : "")
        let length = days.map { "\($0) day\($0 == 1 ? "" : "s")" } ?? Self.format(coverage)
        let message = DiagnosticMessage.pendingBudget(
            length: length, from: "\(start)", to: "\(end)", fires: d.count, maxPending: maxPending,
            covers: Self.format(d.firstUncovered - d.start), until: "\(local(d.firstUncovered))", losing: shown)
        return Diagnostic(message, at: limitsRange ?? losing.first.flatMap(range))
    }

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
