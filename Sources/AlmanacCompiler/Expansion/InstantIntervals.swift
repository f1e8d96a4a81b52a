import AlmanacPlan
import AlmanacTime

/// A set of instants as sorted, disjoint, non-adjacent half-open intervals `[from, to)` in seconds
/// since the epoch: what a region's armed windows are built from.
struct InstantIntervals: Equatable, Sendable {
    /// Sorted by `from`; `from < to`; consecutive intervals neither overlap nor touch.
    private(set) var intervals: [(from: Int64, to: Int64)]

    init() { intervals = [] }

    /// The union of `pieces`, in any order; empty pieces are dropped.
    init(_ pieces: [(from: Int64, to: Int64)]) {
        var merged: [(from: Int64, to: Int64)] = []
        for piece in pieces.filter({ $0.from < $0.to }).sorted(by: { $0.from < $1.from }) {
            if let last = merged.last, piece.from <= last.to {
                merged[merged.count - 1].to = max(last.to, piece.to)
            } else {
                merged.append(piece)
            }
        }
        intervals = merged
    }

    static func == (a: InstantIntervals, b: InstantIntervals) -> Bool {
        a.intervals.elementsEqual(b.intervals) { $0.from == $1.from && $0.to == $1.to }
    }

    var isEmpty: Bool { intervals.isEmpty }

    /// The part of this set inside `[from, to)`.
    func clipped(from: Int64, to: Int64) -> InstantIntervals {
        InstantIntervals(intervals.map { (max($0.from, from), min($0.to, to)) })
    }

    /// This set without the instants of `other`.
    func subtracting(_ other: InstantIntervals) -> InstantIntervals {
        var result: [(from: Int64, to: Int64)] = []
        var j = 0
        for var piece in intervals {
            // `other` is sorted, so intervals wholly before this piece never matter again.
            while j < other.intervals.count && other.intervals[j].to <= piece.from { j += 1 }
            var k = j
            while k < other.intervals.count && other.intervals[k].from < piece.to {
                let cut = other.intervals[k]
                if cut.from > piece.from { result.append((piece.from, cut.from)) }
                piece.from = max(piece.from, cut.to)
                k += 1
            }
            if piece.from < piece.to { result.append(piece) }
        }
        return InstantIntervals(result)
    }

    /// The instants in both this set and `other`.
    func intersecting(_ other: InstantIntervals) -> InstantIntervals {
        subtracting(subtracting(other))
    }

    /// The union of this set and `other`.
    func union(_ other: InstantIntervals) -> InstantIntervals {
        InstantIntervals(intervals + other.intervals)
    }

    /// The instants covered by at least `threshold` of `sets` (a sweep over their boundaries).
    static func covered(atLeast threshold: Int, by sets: [InstantIntervals]) -> InstantIntervals {
        guard threshold > 0 else { return InstantIntervals([(.min, .max)]) }
        var events: [(at: Int64, delta: Int)] = []
        for set in sets {
            for interval in set.intervals { events += [(interval.from, 1), (interval.to, -1)] }
        }
        // Closings before openings at the same instant: the intervals are half-open.
        events.sort { $0.at != $1.at ? $0.at < $1.at : $0.delta < $1.delta }
        var result: [(from: Int64, to: Int64)] = []
        var count = 0
        var openedAt: Int64?
        for event in events {
            count += event.delta
            if count >= threshold, openedAt == nil {
                openedAt = event.at
            } else if count < threshold, let from = openedAt {
                result.append((from, event.at))
                openedAt = nil
            }
        }
        return InstantIntervals(result)
    }

    /// As plan windows.
    var windows: [Window] {
        intervals.map { Window(from: Instant(secondsSinceEpoch: $0.from), to: Instant(secondsSinceEpoch: $0.to)) }
    }
}
