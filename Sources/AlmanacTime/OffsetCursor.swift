/// Resolves wall times and instants against an `OffsetTable` in amortised constant time when the
/// queries ascend, as expansion's do; any order stays correct, only slower.
public struct OffsetCursor: Sendable {
    @usableFromInline let table: OffsetTable
    /// The first transition whose wall interval ends after the last wall time asked.
    @usableFromInline var wallIndex: Int
    /// The first transition strictly after the last instant asked.
    @usableFromInline var instantIndex: Int

    public init(table: OffsetTable) {
        self.table = table
        self.wallIndex = 0
        self.instantIndex = 0
    }

    /// Which instants show the wall time `wall` (see `LocalDateTime.wallSeconds`).
    @inlinable
    public mutating func resolve(wall: Int64) -> LocalResolution {
        let transitions = table.transitions
        var i = wallIndex
        if i > 0 && transitions[i - 1].wallHigh > wall {
            // Went backwards: start over rather than walk back one by one.
            i = table.transitionIndex(wall: wall)
        } else {
            while i < transitions.count && transitions[i].wallHigh <= wall { i += 1 }
        }
        wallIndex = i
        return table.resolve(wall: wall, index: i)
    }

    /// Which instants show the wall time `local`.
    @inlinable
    public mutating func resolve(_ local: LocalDateTime) -> LocalResolution {
        resolve(wall: local.wallSeconds)
    }

    /// A lower bound on the instant of every wall time after `wall` (the last one resolved): wall
    /// times resolve in ascending order except near a transition, where a later wall time can fire
    /// up to the transition's size earlier. Lets an ascending expansion release fires early.
    @inlinable
    public func instantFloor(afterWall wall: Int64) -> Int64 {
        let transitions = table.transitions
        let i = wallIndex
        guard i < transitions.count else {
            return wall + 1 - Int64(i == 0 ? table.initialOffset : transitions[i - 1].after)
        }
        let t = transitions[i]
        let transitionFloor = t.instant - Int64(abs(t.after - t.before))
        return wall < t.wallLow ? min(wall + 1 - Int64(t.before), transitionFloor) : transitionFloor
    }

    /// The offset at `instant` and, when `instant` shows a wall time that clocks showed before (in
    /// the hour after falling back), the earlier instant that showed it.
    @inlinable
    public mutating func offsetAndEarlierTwin(at instant: Instant) -> (offset: Int, earlierTwin: Instant?) {
        let offset = offset(at: instant)
        let i = instantIndex
        guard i > 0 else { return (offset, nil) }
        let t = table.transitions[i - 1]
        let repeated = Int64(t.before - t.after)
        guard repeated > 0, instant.secondsSinceEpoch < t.instant + repeated,
            instant.secondsSinceEpoch >= t.instant
        else { return (offset, nil) }
        return (offset, Instant(secondsSinceEpoch: instant.secondsSinceEpoch - repeated))
    }

    /// Seconds east of UTC at `instant`.
    @inlinable
    public mutating func offset(at instant: Instant) -> Int {
        let transitions = table.transitions
        let t = instant.secondsSinceEpoch
        var i = instantIndex
        if i > 0 && transitions[i - 1].instant > t {
            return table.offset(at: instant)
        }
        while i < transitions.count && transitions[i].instant <= t { i += 1 }
        instantIndex = i
        return i == 0 ? table.initialOffset : transitions[i - 1].after
    }
}
