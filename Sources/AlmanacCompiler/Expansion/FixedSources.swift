import AlmanacTime

/// A fixed, sorted list of nominal times (a `once` rule, or a test's).
final class FixedNominals: NominalSource {
    private let walls: [Int64]
    @exclusivity(unchecked) private var index = 0

    init(_ walls: [Int64]) { self.walls = walls.sorted() }

    func next() -> Int64? {
        guard index < walls.count else { return nil }
        index += 1
        return walls[index - 1]
    }
}

/// Instants fixed in advance (a `once` rule written with an offset): nominal is the zone's wall time.
final class FixedInstants: CandidateSource {
    @exclusivity(unchecked) private var remaining: [Candidate]
    @exclusivity(unchecked) private(set) var floor: Int64

    init(_ instants: [Int64], table: OffsetTable) {
        remaining = instants.sorted(by: >).map { at in
            let offset = table.offset(at: Instant(secondsSinceEpoch: at))
            return Candidate(at: at, offset: offset, nominal: at + Int64(offset))
        }
        floor = remaining.last?.at ?? .max
    }

    func next() -> Candidate? {
        let candidate = remaining.popLast()
        floor = remaining.last?.at ?? .max
        return candidate
    }
}
