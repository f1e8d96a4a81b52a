import AlmanacTime

/// Which instants show a wall-clock interval in one zone: the zone's offsets as constant-offset
/// segments of the time line, so that "local time in `[a, b)`" becomes a union of instant intervals,
/// exact across gaps (the missing hour is simply not shown) and overlaps (both passes are).
struct WallPreimage: Sendable {
    /// `[start, end)` of each constant-offset stretch, ascending; the first starts at `.min`, the last ends at `.max`.
    private let segments: [(start: Int64, end: Int64, offset: Int64)]

    init(_ table: OffsetTable) {
        let changes = table.changes
        var segments: [(start: Int64, end: Int64, offset: Int64)] = []
        var start = Int64.min
        var offset = Int64(changes.first?.before ?? table.offset(at: Instant(secondsSinceEpoch: 0)))
        for change in changes {
            segments.append((start, change.instant.secondsSinceEpoch, offset))
            start = change.instant.secondsSinceEpoch
            offset = Int64(change.after)
        }
        segments.append((start, .max, offset))
        self.segments = segments
    }

    /// The instants whose wall time lies in `[wallFrom, wallTo)`, ascending.
    func instants(showing wallFrom: Int64, _ wallTo: Int64) -> [(from: Int64, to: Int64)] {
        guard wallFrom < wallTo else { return [] }
        // No zone is more than 14 h ahead of or 12 h behind UTC; a margin of a day covers both.
        let earliest = wallFrom - 86_400, latest = wallTo + 86_400
        var lo = 0, hi = segments.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if segments[mid].end <= earliest { lo = mid + 1 } else { hi = mid }
        }
        var result: [(from: Int64, to: Int64)] = []
        var i = lo
        while i < segments.count && segments[i].start < latest {
            let segment = segments[i]
            let from = max(segment.start, wallFrom - segment.offset), to = min(segment.end, wallTo - segment.offset)
            if from < to { result.append((from, to)) }
            i += 1
        }
        return result
    }

    /// The UTC offset in force at `instant`, in seconds.
    func offset(at instant: Int64) -> Int64 {
        var lo = 0, hi = segments.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if segments[mid].end <= instant { lo = mid + 1 } else { hi = mid }
        }
        return segments[min(lo, segments.count - 1)].offset
    }
}
