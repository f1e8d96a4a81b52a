import AlmanacTime

/// How daylight saving touched a candidate fire, for the `dstAffected` lint.
enum DSTEvent: UInt8, Sendable {
    case none
    /// The nominal time fell in a gap and was moved (`shift` or `next`).
    case gapMoved
    /// The nominal time fell in a gap and was dropped (`skip`); carried only by lint records.
    case gapSkipped
    /// The nominal time was repeated and fired at its first occurrence only.
    case overlapFirst
    /// The nominal time was repeated and fired at its second occurrence only.
    case overlapLast
    /// The nominal time was repeated and fired at both occurrences.
    case overlapBoth
}

/// A fire of one trigger before the common filters: plain values only, so the hot loop does not
/// allocate; the `Fire` with its strings is built when the merge hands it out.
struct Candidate: Sendable {
    /// The instant before jitter, seconds since the epoch.
    var at: Int64
    /// The UTC offset at `at`.
    var offset: Int
    /// The rule's wall time (see `LocalDateTime.wallSeconds`); the fire id names it.
    var nominal: Int64
    /// The fire's wall time differs from `nominal` because of a gap.
    var shifted: Bool
    /// The later of two fires sharing `nominal`: its id gets `~2`.
    var secondPass: Bool
    var dstEvent: DSTEvent
    /// The instant after jitter; equal to `at` until jitter is applied.
    var final: Int64
    /// The trigger within a `CalendarGroup`; 0 elsewhere.
    var member: Int32 = 0

    init(at: Int64, offset: Int, nominal: Int64, shifted: Bool = false, secondPass: Bool = false, dstEvent: DSTEvent = .none) {
        self.at = at
        self.offset = offset
        self.nominal = nominal
        self.shifted = shifted
        self.secondPass = secondPass
        self.dstEvent = dstEvent
        self.final = at
    }
}

/// Yields a trigger's candidate fires in ascending nominal order (not necessarily ascending instants:
/// daylight saving reorders them near transitions).
///
/// Sources, and the streams that read them, are classes that one expansion owns on one thread.
/// Their mutable stored properties are marked `@exclusivity(unchecked)`: the compiler still checks
/// exclusive access statically, and the runtime check it would otherwise emit on every access was
/// a quarter of the cost of a fire (`scripts/bench/compiler.sh expand`, W2: 10.4 ms without the mark, 6.2 ms
/// with it).
protocol CandidateSource: AnyObject {
    /// The next candidate, or nil when the rule has no more inside the expansion range.
    func next() -> Candidate?
    /// A lower bound on the instant of every candidate not yet returned.
    var floor: Int64 { get }
}

/// Yields a wall-clock rule's nominal times (`LocalDateTime.wallSeconds`), strictly ascending.
protocol NominalSource: AnyObject {
    func next() -> Int64?
}

/// Integer division and remainder rounding toward negative infinity, for wall seconds before 1970.
@inline(__always)
func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
}
