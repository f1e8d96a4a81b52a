import AlmanacModel
import AlmanacTime

/// The common trigger fields that drop candidates: `start`/`end`, `except` and `during`
/// (docs/spec.md, "Common trigger fields"), precomputed as plain numbers.
struct TriggerFilters: Sendable {
    /// Nominal wall times must lie in `[nominalFrom, nominalUntil)` (date and local bounds).
    var nominalFrom: Int64 = .min
    var nominalUntil: Int64 = .max
    /// Instants must lie in `[instantFrom, instantUntil)` (bounds written with an offset or `Z`).
    var instantFrom: Int64 = .min
    var instantUntil: Int64 = .max
    /// Sorted, merged inclusive day-number ranges of `except`, applied to the nominal date.
    private var exceptDays: [ClosedRange<Int64>] = []
    /// Bit w (ISO 1…7) set = the `during` window opens on that weekday.
    private var duringWeekdays: UInt8 = 0xFE
    /// `during.between` in seconds of the day; `betweenTo <= betweenFrom` crosses midnight.
    private var betweenFrom: Int64?
    private var betweenTo: Int64 = 0

    init(_ trigger: Trigger) {
        switch trigger.start {
        case .date(let d)?: nominalFrom = Int64(d.daysSinceEpoch) * 86_400
        case .local(let l)?: nominalFrom = l.wallSeconds
        case .instant(let i)?: instantFrom = i.secondsSinceEpoch
        case nil: break
        }
        switch trigger.end {
        case .date(let d)?: nominalUntil = Int64(d.daysSinceEpoch + 1) * 86_400
        case .local(let l)?: nominalUntil = l.wallSeconds
        case .instant(let i)?: instantUntil = i.secondsSinceEpoch
        case nil: break
        }
        for range in trigger.except.sorted(by: { $0.from < $1.from }) {
            let days = Int64(range.from.daysSinceEpoch)...Int64(range.to.daysSinceEpoch)
            if let last = exceptDays.last, days.lowerBound <= last.upperBound + 1 {
                exceptDays[exceptDays.count - 1] = last.lowerBound...max(last.upperBound, days.upperBound)
            } else if days.lowerBound <= days.upperBound {
                exceptDays.append(days)
            }
        }
        if let during = trigger.during {
            if let weekdays = during.weekdays {
                duringWeekdays = weekdays.reduce(0) { $0 | UInt8(1) << UInt8($1.rawValue) }
            }
            if let from = during.betweenFrom, let to = during.betweenTo {
                betweenFrom = Int64(from.secondsOfDay)
                betweenTo = Int64(to.secondsOfDay)
            }
        }
    }

    /// True when only `start`/`end` can drop a candidate: no `except`, no `during`.
    var isBoundsOnly: Bool { exceptDays.isEmpty && duringWeekdays == 0xFE && betweenFrom == nil }

    /// Whether a candidate survives the bounds, `except` and `during`.
    @inline(__always)
    func admits(_ candidate: Candidate) -> Bool {
        guard candidate.nominal >= nominalFrom, candidate.nominal < nominalUntil,
            candidate.at >= instantFrom, candidate.at < instantUntil
        else { return false }
        return admits(nominal: candidate.nominal, actual: candidate.at + Int64(candidate.offset))
    }

    /// Whether `except` (on the nominal date) and `during` (on the actual wall time) admit a time.
    @inline(__always)
    func admits(nominal: Int64, actual: Int64) -> Bool {
        if !exceptDays.isEmpty && isExcepted(day: floorDiv(nominal, 86_400)) { return false }
        return duringAdmits(wall: actual)
    }

    private func isExcepted(day: Int64) -> Bool {
        var lo = 0, hi = exceptDays.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if exceptDays[mid].upperBound < day { lo = mid + 1 } else { hi = mid }
        }
        return lo < exceptDays.count && exceptDays[lo].contains(day)
    }

    /// `during` looks at the wall time the fire happens at, before jitter; a window that crosses
    /// midnight belongs to the weekday it opens on.
    @inline(__always)
    private func duringAdmits(wall: Int64) -> Bool {
        var day = floorDiv(wall, 86_400)
        let second = wall - day * 86_400
        if let from = betweenFrom {
            if from < betweenTo {
                guard second >= from && second < betweenTo else { return false }
            } else {
                if second < betweenTo { day -= 1 } else if second < from { return false }
            }
        }
        if duringWeekdays == 0xFE { return true }
        let weekday = ((day % 7) + 7 + 3) % 7 + 1
        return duringWeekdays & (UInt8(1) << UInt8(weekday)) != 0
    }
}
