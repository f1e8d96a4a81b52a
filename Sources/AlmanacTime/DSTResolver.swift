/// Applies a trigger's DST policy to a nominal wall time (docs/spec.md, "Time zones and daylight saving").
///
/// A gap under `shift` reads the wall time with the offset before the gap (RFC 5545 §3.3.5: 02:30 →
/// 03:30 in New York); under `next` it fires at the transition instant (03:00 New York, 02:30 Lord Howe,
/// 03:45 Chatham); under `skip`, not at all. An overlap fires at its `first` or `last` occurrence as a
/// plain fire, or at `both`, the later one marked as a second pass.
public enum DSTResolver {
    /// The instants at which the nominal wall time `wall` (see `LocalDateTime.wallSeconds`) fires.
    @inlinable
    public static func apply(_ policy: DSTPolicy, to resolution: LocalResolution, wall: Int64) -> ResolvedTimes {
        switch resolution {
        case .unique(let instant, let offset):
            return .one(ResolvedTime(instant: instant, offset: offset))
        case .gap(let transition, let before, let after):
            switch policy.gap {
            case .skip:
                return .none
            case .next:
                return .one(ResolvedTime(instant: transition, offset: after, shifted: true))
            case .shift:
                // Read with the old offset, the instant falls after the transition (the wall time is
                // past the gap's start), so the new offset is the one in force there.
                let instant = Instant(secondsSinceEpoch: wall - Int64(before))
                return .one(ResolvedTime(instant: instant, offset: after, shifted: true))
            }
        case .overlap(let first, let firstOffset, let second, let secondOffset):
            switch policy.overlap {
            case .first:
                return .one(ResolvedTime(instant: first, offset: firstOffset))
            case .last:
                return .one(ResolvedTime(instant: second, offset: secondOffset))
            case .both:
                return .two(
                    ResolvedTime(instant: first, offset: firstOffset),
                    ResolvedTime(instant: second, offset: secondOffset, secondPass: true))
            }
        }
    }
}

extension OffsetTable {
    /// The instants at which the nominal wall time `local` fires under `policy`.
    @inlinable
    public func resolve(_ local: LocalDateTime, policy: DSTPolicy) -> ResolvedTimes {
        let wall = local.wallSeconds
        return DSTResolver.apply(policy, to: resolve(wall: wall, index: transitionIndex(wall: wall)), wall: wall)
    }
}

extension OffsetCursor {
    /// The instants at which the nominal wall time `wall` fires under `policy`; fastest when ascending.
    @inlinable
    public mutating func resolve(wall: Int64, policy: DSTPolicy) -> ResolvedTimes {
        DSTResolver.apply(policy, to: resolve(wall: wall), wall: wall)
    }

    /// The instants at which the nominal wall time `local` fires under `policy`.
    @inlinable
    public mutating func resolve(_ local: LocalDateTime, policy: DSTPolicy) -> ResolvedTimes {
        resolve(wall: local.wallSeconds, policy: policy)
    }
}
