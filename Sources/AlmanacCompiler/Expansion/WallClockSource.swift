import AlmanacTime

/// Turns a wall-clock rule's nominal times into candidates by resolving each in the trigger's zone
/// under its DST policy (0, 1 or 2 instants per nominal time).
final class WallClockSource: CandidateSource {
    private let nominals: NominalSource
    @exclusivity(unchecked) private var cursor: OffsetCursor
    private let policy: DSTPolicy
    @exclusivity(unchecked) private var pending: Candidate?
    @exclusivity(unchecked) private(set) var floor: Int64 = .min
    /// The first nominal time dropped by `gap: skip`, with the instant of its gap, for the lint.
    @exclusivity(unchecked) private(set) var firstSkipped: (nominal: Int64, transition: Int64)?

    init(nominals: NominalSource, table: OffsetTable, policy: DSTPolicy) {
        self.nominals = nominals
        self.cursor = table.cursor()
        self.policy = policy
    }

    func next() -> Candidate? {
        if let second = pending {
            pending = nil
            return second
        }
        while let wall = nominals.next() {
            let resolution = cursor.resolve(wall: wall)
            floor = cursor.instantFloor(afterWall: wall)
            switch DSTResolver.apply(policy, to: resolution, wall: wall) {
            case .none:
                if firstSkipped == nil, case .gap(let transition, _, _) = resolution {
                    firstSkipped = (wall, transition.secondsSinceEpoch)
                }
                continue
            case .one(let fire):
                return Candidate(
                    at: fire.instant.secondsSinceEpoch, offset: fire.offset, nominal: wall,
                    shifted: fire.shifted, dstEvent: Self.event(resolution, policy))
            case .two(let first, let second):
                pending = Candidate(
                    at: second.instant.secondsSinceEpoch, offset: second.offset, nominal: wall,
                    secondPass: true, dstEvent: .overlapBoth)
                return Candidate(
                    at: first.instant.secondsSinceEpoch, offset: first.offset, nominal: wall,
                    dstEvent: .overlapBoth)
            }
        }
        floor = .max
        return nil
    }

    /// How daylight saving touched a nominal time resolved under `policy`.
    static func event(_ resolution: LocalResolution, _ policy: DSTPolicy) -> DSTEvent {
        switch resolution {
        case .unique: return .none
        case .gap: return .gapMoved
        case .overlap: return policy.overlap == .last ? .overlapLast : .overlapFirst
        }
    }
}
