import AlmanacModel
import AlmanacTime

/// The fires of an `every:` rule: `anchor + k·interval` for every integer k, as elapsed time that
/// daylight saving does not move. The nominal time is the zone's wall time at the instant; when the
/// clocks fall back and both instants showing one wall time are fires, the later gets `~2`.
final class EverySource: CandidateSource {
    let interval: Int64
    private let anchor: Int64
    private let lastInstant: Int64
    @exclusivity(unchecked) private var offsets: OffsetCursor
    @exclusivity(unchecked) private var nextInstant: Int64
    var floor: Int64 { nextInstant }

    init(_ rule: EveryRule, table: OffsetTable, from: Int64, through: Int64) {
        interval = max(rule.interval.seconds, 1)
        anchor = rule.anchor.secondsSinceEpoch
        lastInstant = through
        offsets = table.cursor()
        // The first k with anchor + k·interval >= from.
        let k = -floorDiv(anchor - from, interval)
        nextInstant = anchor + k * interval
    }

    /// Passes over the next `count` fires without producing them (`count` counted arithmetically).
    func skip(_ count: Int64) {
        nextInstant += count * interval
    }

    func next() -> Candidate? {
        let at = nextInstant
        guard at <= lastInstant else {
            nextInstant = .max
            return nil
        }
        nextInstant = at + interval
        let (offset, twin) = offsets.offsetAndEarlierTwin(at: Instant(secondsSinceEpoch: at))
        // The later of two instants showing one wall time gets `~2` only if the earlier is a fire too.
        let secondPass = twin.map { ($0.secondsSinceEpoch - anchor) % interval == 0 } ?? false
        return Candidate(at: at, offset: offset, nominal: at + Int64(offset), secondPass: secondPass)
    }
}
