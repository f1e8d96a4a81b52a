import AlmanacModel
import AlmanacPlan
import AlmanacTime

/// `apart`: pairs of a fire of `x` and a fire of `y` less than `by` apart (for one trigger twice,
/// each pair once, from its earlier fire), counted as the fires stream past.
///
/// A fire of `x` at `t` is settled once the stream reaches `t + by`: by then every fire of `y` that
/// can pair with it has been seen. Until then it waits, and the fires of `y` after `t - by` are
/// kept, as instants: memory grows with the fires within `by` of each other, not with the window.
/// The fires themselves are kept only until the first few pairs to list are found.
final class ApartTally: FireTally {
    let x: String
    let y: String
    let by: Int64
    let range: SourceRange
    let wording: ExpectationWording
    private var count = 0
    private var closest = Int64.max
    private var shown: [String] = []
    /// Fires of `x` not yet settled, from `xHead` on (for one trigger twice, every fire of it).
    private var xs: [Int64] = []
    private var xFires: [Fire] = []
    private var xHead = 0
    /// Fires of `y` from `yHead` on, none at or before `t - by` of the earliest waiting fire of `x`.
    private var ys: [Int64] = []
    private var yFires: [Fire] = []
    private var yHead = 0
    /// Whether `xFires` and `yFires` are kept: until the pairs to list are found.
    private var keepsFires = true

    init(_ x: String, _ y: String, by: Int64, range: SourceRange, wording: ExpectationWording) {
        self.x = x
        self.y = y
        self.by = by
        self.range = range
        self.wording = wording
    }

    func observe(_ fire: Fire) {
        guard fire.trigger == x || fire.trigger == y else { return }
        let t = fire.at.secondsSinceEpoch
        while xHead < xs.count, xs[xHead] &+ by <= t { settle() }
        if x != y && fire.trigger == y {
            ys.append(t)
            if keepsFires { yFires.append(fire) }
        }
        if fire.trigger == x {
            xs.append(t)
            if keepsFires { xFires.append(fire) }
        }
        compact()
    }

    func failures() -> [Diagnostic] {
        while xHead < xs.count { settle() }
        guard count > 0 else { return [] }
        return [
            Diagnostic(
                .expectFiresTooClose(x, y, pairs: count, least: wording.span(by), closest: wording.span(closest)), at: range,
                notes: wording.notes(shown, total: count))
        ]
    }

    /// Counts the pairs of the earliest waiting fire of `x`, whose partners have all been seen.
    private func settle() {
        let k = xHead
        let t = xs[k]
        xHead += 1
        if x == y {
            // Its partners: the later fires of the trigger, less than `by` after it.
            let lo = k + 1, hi = Self.firstIndex(in: xs, from: lo, atOrAfter: t &+ by)
            guard hi > lo else { return }
            count += hi - lo
            closest = min(closest, xs[lo] - t)
            show(k, lo..<hi, partners: xFires)
            return
        }
        while yHead < ys.count, ys[yHead] <= t &- by { yHead += 1 }
        let lo = yHead, hi = Self.firstIndex(in: ys, from: lo, atOrAfter: t &+ by)
        guard hi > lo else { return }
        count += hi - lo
        // The nearest fire of `y` on either side of `t` lies within `by` when any does.
        let j = Self.firstIndex(in: ys, from: lo, atOrAfter: t)
        if j < hi { closest = min(closest, ys[j] - t) }
        if j > lo { closest = min(closest, t - ys[j - 1]) }
        show(k, lo..<hi, partners: yFires)
    }

    /// Lists the first pairs of fire `k` of `x` with `partners[range]`, while fewer than the most listed are.
    private func show(_ k: Int, _ range: Range<Int>, partners: [Fire]) {
        guard keepsFires else { return }
        let f = xFires[k]
        for g in range.prefix(ExpectationRunner.listed) where shown.count < ExpectationRunner.listed {
            let p = partners[g]
            shown.append("\(f.id) at \(wording.show(f)) and \(p.id) at \(wording.show(p))")
        }
        if shown.count == ExpectationRunner.listed {
            keepsFires = false
            xFires = []
            yFires = []
        }
    }

    /// The first index from `start` whose instant is at or after `instant` (the instants are sorted).
    private static func firstIndex(in instants: [Int64], from start: Int, atOrAfter instant: Int64) -> Int {
        var lo = start, hi = instants.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if instants[mid] < instant { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Drops what no waiting fire needs any more, once it is most of the arrays.
    private func compact() {
        // For one trigger twice the waiting fires are their own partners: keep from the first waiting one.
        let xDrop = xHead, yDrop = x == y ? 0 : yHead
        if xDrop > 4096 && xDrop * 2 > xs.count {
            xs.removeFirst(xDrop)
            if keepsFires { xFires.removeFirst(xDrop) }
            xHead = 0
        }
        if yDrop > 4096 && yDrop * 2 > ys.count {
            ys.removeFirst(yDrop)
            if keepsFires { yFires.removeFirst(yDrop) }
            yHead = 0
        }
    }
}
