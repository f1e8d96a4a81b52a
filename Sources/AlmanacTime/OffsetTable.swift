import Foundation

/// The UTC-offset transitions of one IANA zone over a span, read once from Foundation's `TimeZone`,
/// answering "what offset at this instant" and "which instants show this wall time" without Foundation.
///
/// Exact inside the span it was built for (plus a margin of `OffsetTable.margin`); outside it the
/// nearest known offset is extrapolated, so callers build the table over everything they will ask.
public struct OffsetTable: Sendable {
    /// One change of offset, with the wall-clock interval it makes ambiguous or skips.
    @usableFromInline
    struct Transition: Sendable {
        /// The first second of the new offset.
        @usableFromInline var instant: Int64
        @usableFromInline var before: Int
        @usableFromInline var after: Int
        /// Wall times in `[wallLow, wallHigh)` are a gap (`after > before`) or an overlap.
        @usableFromInline var wallLow: Int64
        @usableFromInline var wallHigh: Int64
    }

    /// How far beyond the requested span transitions are collected, so that local times near the
    /// span's edges (up to a day of offset away) still resolve exactly.
    public static let margin: Int64 = 4 * 86_400

    /// The IANA identifier the table was built for.
    public let identifier: String
    /// The offset in force before the first transition (for a zone without one, always).
    @usableFromInline let initialOffset: Int
    /// Sorted by instant; their wall intervals are sorted and disjoint as well (checked at build).
    @usableFromInline let transitions: [Transition]

    /// The version of the zone database Foundation carries (`2025b`), recorded in every plan.
    public static var dataVersion: String { TimeZone.timeZoneDataVersion }

    /// Reads the zone's transitions over `[from, to]`; nil when Foundation does not know the zone.
    public init?(zone identifier: String, covering from: Instant, to: Instant) {
        if identifier == "UTC" || identifier == "Etc/UTC" {
            self.init(identifier: identifier, initialOffset: 0, transitions: [])
            return
        }
        guard let zone = TimeZone(identifier: identifier) else { return nil }
        let start = from.secondsSinceEpoch - Self.margin
        let end = max(to.secondsSinceEpoch, from.secondsSinceEpoch) + Self.margin
        let initial = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(start)))
        var found: [Transition] = []
        var cursor = Date(timeIntervalSince1970: Double(start))
        var current = initial
        // `nextDaylightSavingTimeTransition` reports standard-offset changes too (verified against a
        // daily scan of every known zone, 1900–2040); changes of name only are dropped here.
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next.timeIntervalSince1970 <= Double(end) {
            let instant = Int64(next.timeIntervalSince1970.rounded(.down))
            let after = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant)))
            if after != current {
                found.append(Self.transition(at: instant, before: current, after: after))
                current = after
            }
            guard next > cursor else { break }
            cursor = next
        }
        self.init(identifier: identifier, initialOffset: initial, transitions: found)
    }

    /// A table from explicit transitions `(instant, offset after)`; for tests and fixed-offset zones.
    public init(identifier: String, initialOffset: Int, changes: [(instant: Instant, offset: Int)]) {
        var current = initialOffset
        var found: [Transition] = []
        for change in changes.sorted(by: { $0.instant < $1.instant }) where change.offset != current {
            found.append(Self.transition(at: change.instant.secondsSinceEpoch, before: current, after: change.offset))
            current = change.offset
        }
        self.init(identifier: identifier, initialOffset: initialOffset, transitions: found)
    }

    private init(identifier: String, initialOffset: Int, transitions: [Transition]) {
        self.identifier = identifier
        self.initialOffset = initialOffset
        // Resolution assumes each transition's wall interval ends before the next begins; real zones
        // keep transitions weeks apart, so a violation means broken data, not a rare case.
        for (a, b) in zip(transitions, transitions.dropFirst()) {
            precondition(a.wallHigh <= b.wallLow, "overlapping transitions in zone \(identifier)")
        }
        self.transitions = transitions
    }

    private static func transition(at instant: Int64, before: Int, after: Int) -> Transition {
        let wallBefore = instant + Int64(before)
        let wallAfter = instant + Int64(after)
        return Transition(
            instant: instant, before: before, after: after,
            wallLow: min(wallBefore, wallAfter), wallHigh: max(wallBefore, wallAfter))
    }

    /// The table as text for a digest: the identifier, the initial offset and each transition as
    /// `instant:offset`, one zone per line. Two zone data builds that give this zone different offsets
    /// over the table's span give different text.
    public var canonicalText: String {
        var text = "\(identifier) \(initialOffset)"
        for t in transitions { text += " \(t.instant):\(t.after)" }
        return text + "\n"
    }

    /// The span zone data digests cover: 1800-01-01 to 2100-01-01, every offset a plan may use
    /// before tzdata's rules become a repeating pattern.
    public static let digestSpan = (from: Instant(secondsSinceEpoch: -5_364_662_400), to: Instant(secondsSinceEpoch: 4_102_444_800))

    /// The offset transitions inside the table, as `(instant, offset before, offset after)`.
    public var changes: [(instant: Instant, before: Int, after: Int)] {
        transitions.map { (Instant(secondsSinceEpoch: $0.instant), $0.before, $0.after) }
    }

    /// Seconds east of UTC at `instant`.
    @inlinable
    public func offset(at instant: Instant) -> Int {
        let t = instant.secondsSinceEpoch
        // The first transition strictly after t; the offset is the one before it.
        var lo = 0, hi = transitions.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if transitions[mid].instant <= t { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? initialOffset : transitions[lo - 1].after
    }

    /// The index of the first transition whose wall interval ends after `wall`.
    @inlinable
    func transitionIndex(wall: Int64) -> Int {
        var lo = 0, hi = transitions.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if transitions[mid].wallHigh <= wall { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// What the wall time `wall` (see `LocalDateTime.wallSeconds`) means, given the index of the first
    /// transition whose wall interval ends after it.
    @inlinable
    func resolve(wall: Int64, index i: Int) -> LocalResolution {
        if i == transitions.count {
            let offset = i == 0 ? initialOffset : transitions[i - 1].after
            return .unique(Instant(secondsSinceEpoch: wall - Int64(offset)), offset: offset)
        }
        let t = transitions[i]
        if wall < t.wallLow {
            return .unique(Instant(secondsSinceEpoch: wall - Int64(t.before)), offset: t.before)
        }
        if t.after > t.before {
            return .gap(transition: Instant(secondsSinceEpoch: t.instant), before: t.before, after: t.after)
        }
        return .overlap(
            first: Instant(secondsSinceEpoch: wall - Int64(t.before)), firstOffset: t.before,
            second: Instant(secondsSinceEpoch: wall - Int64(t.after)), secondOffset: t.after)
    }

    /// Which instants show the wall time `local` in this zone.
    @inlinable
    public func resolve(_ local: LocalDateTime) -> LocalResolution {
        let wall = local.wallSeconds
        return resolve(wall: wall, index: transitionIndex(wall: wall))
    }

    /// A cursor for resolving ascending wall times in amortised constant time.
    public func cursor() -> OffsetCursor { OffsetCursor(table: self) }
}
