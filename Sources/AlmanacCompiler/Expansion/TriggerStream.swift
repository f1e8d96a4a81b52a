import AlmanacPlan
import AlmanacModel
import AlmanacTime

/// One trigger's fires inside the window, in plan order: candidates from its source pass the
/// bounds, `except` and `during`; fires landing on one instant are deduplicated; `count` keeps the
/// first N from `start`; jitter moves each fire later, never past the next; the window `[from, to)` applies last, to the
/// time the fire actually happens, so consecutive windows split fires exactly.
final class TriggerStream {
    /// The trigger's position among all triggers sorted by id: the merge's tie-break.
    let rank: Int
    let trigger: Trigger
    @exclusivity(unchecked) private(set) var identity: FireIdentity
    private let source: CandidateSource
    private let filters: TriggerFilters
    @exclusivity(unchecked) private var remaining: Int
    private let jitter: Int64
    private let windowFrom: Int64
    private let windowTo: Int64
    /// Candidates in instant order, waiting until no later candidate can come before them.
    @exclusivity(unchecked) private var byInstant = CandidateBuffer()
    /// With jitter, the last fire taken from `byInstant`, waiting for the next one to bound its offset.
    @exclusivity(unchecked) private var held: Candidate?
    @exclusivity(unchecked) private var sourceDone = false
    @exclusivity(unchecked) private var countDone = false
    @exclusivity(unchecked) private var windowDone = false
    @exclusivity(unchecked) private var offsets: OffsetCursor

    /// The next fire, once `advance()` found one.
    @exclusivity(unchecked) private(set) var head: Candidate?
    /// Fires handed out inside the window.
    @exclusivity(unchecked) private(set) var emitted = 0
    /// The first fire inside the window that daylight saving affected under a policy the spec did not
    /// state, for the lint.
    @exclusivity(unchecked) private(set) var firstAffected: Candidate?
    /// Candidates the source may still hand over; at zero the stream stops and `overBudget` is set.
    @exclusivity(unchecked) private var budget: Int
    /// True when the stream stopped because it examined its budget of candidates.
    @exclusivity(unchecked) private(set) var overBudget = false

    /// The most candidates one trigger may examine in a compile, unless told otherwise. Work is
    /// bounded by what is looked at, not only by what fires: a rule whose `except` or `during` drops
    /// nearly everything, or a `count` run from a `start` centuries back, would otherwise run for
    /// minutes or forever.
    static let defaultMaxCandidates = 50_000_000

    init(
        rank: Int, trigger: Trigger, source: CandidateSource, table: OffsetTable, window: (from: Int64, to: Int64),
        maxCandidates: Int = TriggerStream.defaultMaxCandidates
    ) {
        self.rank = rank
        self.trigger = trigger
        identity = FireIdentity(trigger: trigger.id)
        self.source = source
        filters = TriggerFilters(trigger)
        remaining = trigger.count ?? .max
        countDone = remaining <= 0
        jitter = trigger.jitter?.seconds ?? 0
        windowFrom = window.from
        windowTo = window.to
        offsets = table.cursor()
        budget = maxCandidates
    }

    /// The source, for lint records it keeps (skipped gap times).
    var candidateSource: CandidateSource { source }

    /// Moves `head` to the next fire in the window, or nil when there is none.
    func advance() {
        head = nextInWindow()
        if let fire = head {
            emitted += 1
            if firstAffected == nil && fire.dstEvent != .none && !DSTLint.isStated(fire.dstEvent, trigger) { firstAffected = fire }
        }
    }

    /// The plan's fire for `head`, with the zone's offset at its final instant (jitter may cross a transition).
    func headFire() -> Fire {
        let fire = head!
        let offset = fire.final == fire.at ? fire.offset : offsets.offset(at: Instant(secondsSinceEpoch: fire.final))
        return identity.fire(fire, offset: offset)
    }

    private func nextInWindow() -> Candidate? {
        while !windowDone {
            if !countDone, let first = byInstant.first, sourceDone || first.at < source.floor {
                // No candidate still to come can happen before `first`: it is the next fire.
                let fire = byInstant.removeFirst()
                remaining -= 1
                countDone = remaining == 0
                guard jitter > 1 else {
                    if let fire = inWindow(fire) { return fire }
                    continue
                }
                // Jitter never moves a fire to or past the next fire of its trigger, so each fire
                // waits here until its successor is known (docs/spec.md, `jitter`).
                let previous = held
                held = fire
                if let previous, let fire = inWindow(jittered(previous, before: fire.at)) { return fire }
                continue
            }
            // The queue is drained as far as it can be: with nothing upstream, the stream is over.
            if sourceDone || countDone {
                guard let last = held else { return nil }
                held = nil
                if let fire = inWindow(jittered(last, before: nil)) { return fire }
                continue
            }
            if budget == 0 {
                overBudget = true
                return nil
            }
            budget -= 1
            if let candidate = source.next() {
                guard filters.admits(candidate) else { continue }
                if jitter <= 1 && byInstant.isEmpty && candidate.at < source.floor {
                    // Already in order and alone at its instant: skip the queue (the common case).
                    remaining -= 1
                    countDone = remaining == 0
                    if candidate.final < windowFrom {
                        skipCountedFiresBeforeTheWindow(after: candidate)
                        continue
                    }
                    if candidate.final >= windowTo {
                        windowDone = true
                        return nil
                    }
                    return candidate
                }
                insertDeduplicated(candidate)
            } else {
                sourceDone = true
            }
        }
        return nil
    }

    /// The fire if it happens inside the window; nil before it, and past its end (the stream is then over).
    private func inWindow(_ fire: Candidate) -> Candidate? {
        if fire.final < windowFrom { return nil }
        if fire.final >= windowTo {
            windowDone = true
            return nil
        }
        return fire
    }

    /// `fire` moved later by its id's offset in `[0, jitter)`, kept before `next`, the instant of
    /// the trigger's next fire (nil for its last). The offset depends on the fire and its successor
    /// only, never on fires before it, so every window gives a fire the same instant, and no two
    /// fires of a trigger can meet: jittered fires keep their order.
    private func jittered(_ fire: Candidate, before next: Int64?) -> Candidate {
        var fire = fire
        let span = next.map { min(jitter, $0 - fire.at) } ?? jitter
        fire.final = fire.at + identity.jitter(nominal: fire.nominal, secondPass: fire.secondPass, span: span)
        return fire
    }

    /// `count` from a far `start` on an `every` rule: the fires between `candidate` and the window
    /// come every interval and nothing but the bounds could drop them (no `except`, no `during`;
    /// the start bound is behind, an end bound before the window leaves it empty either way), so
    /// they are counted arithmetically instead of one by one. Stops a slack short of the window so
    /// the fires near it go through the ordinary path.
    private func skipCountedFiresBeforeTheWindow(after candidate: Candidate) {
        guard !countDone, jitter <= 1, filters.isBoundsOnly, let every = source as? EverySource else { return }
        let target = windowFrom - ExpansionRange.slack
        guard candidate.at < target else { return }
        let skipped = min(Int64(remaining) - 1, (target - candidate.at) / every.interval - 1)
        guard skipped > 0 else { return }
        every.skip(skipped)
        remaining -= Int(skipped)
    }

    /// docs/spec.md: "when two of its fires land on one instant, the unshifted one remains, else the
    /// one with the earliest nominal time." Candidates arrive in nominal order, so the queued one is earlier.
    private func insertDeduplicated(_ candidate: Candidate) {
        if let index = byInstant.indexOf(at: candidate.at) {
            if byInstant[index].shifted && !candidate.shifted { byInstant[index] = candidate }
            return
        }
        byInstant.insert(candidate, by: { $0.at < $1.at })
    }
}
