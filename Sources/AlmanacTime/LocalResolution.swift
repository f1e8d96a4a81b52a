/// What a wall time means in a zone: one instant, none (a spring-forward gap), or two (a fall-back overlap).
public enum LocalResolution: Hashable, Sendable {
    /// The wall time occurs exactly once.
    case unique(Instant, offset: Int)
    /// The wall time is skipped: clocks jump from `before` to `after` at `transition`.
    case gap(transition: Instant, before: Int, after: Int)
    /// The wall time occurs twice: first under `firstOffset`, then, after clocks fall back, under `secondOffset`.
    case overlap(first: Instant, firstOffset: Int, second: Instant, secondOffset: Int)
}

/// A wall time resolved to an instant under a DST policy.
public struct ResolvedTime: Hashable, Sendable {
    /// When it happens.
    public var instant: Instant
    /// The UTC offset in force at `instant`, in seconds east.
    public var offset: Int
    /// The wall time at `instant` differs from the nominal one (a gap read by `shift` or `next`).
    public var shifted: Bool
    /// The later of the two occurrences of a repeated wall time under `overlap: both`.
    public var secondPass: Bool

    public init(instant: Instant, offset: Int, shifted: Bool = false, secondPass: Bool = false) {
        self.instant = instant
        self.offset = offset
        self.shifted = shifted
        self.secondPass = secondPass
    }

    /// The wall time shown at `instant` in the zone.
    public var local: LocalDateTime {
        LocalDateTime(wallSeconds: instant.secondsSinceEpoch + Int64(offset))
    }
}

/// Zero, one or two resolved instants, in ascending order, without allocating.
public enum ResolvedTimes: Hashable, Sendable {
    case none
    case one(ResolvedTime)
    case two(ResolvedTime, ResolvedTime)

    /// The instants as an array, for tests and cold paths.
    public var all: [ResolvedTime] {
        switch self {
        case .none: return []
        case .one(let a): return [a]
        case .two(let a, let b): return [a, b]
        }
    }
}

extension LocalResolution {
    /// The instant a wall time *begins*, for the start of a day or a window: itself when unique, the
    /// transition when clocks skip it (the first instant after the gap), the first pass when it
    /// occurs twice. Windows, `today` and `start` bounds all read local times this one way.
    public var earliestInstant: Instant {
        switch self {
        case .unique(let instant, _): return instant
        case .gap(let transition, _, _): return transition
        case .overlap(let first, _, _, _): return first
        }
    }
}
