import AlmanacModel
import AlmanacPlan
import AlmanacTime

/// What one kind of assertion keeps of the fires streaming past, and its verdict at the end.
protocol FireTally: AnyObject {
    /// A fire of the assertion's triggers, in plan order.
    func observe(_ fire: Fire)
    /// The failures, located in the expectation file; empty when the assertion holds.
    func failures() -> [Diagnostic]
}

/// One assertion checked against the fires of its window as they stream past.
struct AssertionCheck {
    let assertion: Assertion
    /// The triggers whose fires the tally sees; nil for all (the schedule, or `apart`, which picks its own).
    private let wanted: Set<String>?
    private let tally: any FireTally

    init(_ a: Assertion, wording: ExpectationWording) {
        assertion = a
        let subject = wording.subject(a.triggers)
        switch a.check {
        case .fires(let exactly, let times):
            tally = FiresTally(exactly: exactly, times: times, trigger: a.triggers?.first ?? "", range: a.range, wording: wording)
        case .neverOn(let days):
            tally = NeverOnTally(days: days, subject: subject, wording: wording)
        case .maxPerDay(let limit):
            tally = PerDayTally(limit: limit, subject: subject, wording: wording)
        case .quiet(let from, let to, let weekdays, let range):
            tally = QuietTally(from: from, to: to, weekdays: weekdays, range: range, subject: subject, wording: wording)
        case .apart(let x, let y, let by):
            tally = ApartTally(x, y, by: by.seconds, range: a.range, wording: wording)
        case .count(let expected):
            tally = CountTally(expected: expected, subject: subject)
        }
        if case .apart = a.check {
            wanted = nil
        } else {
            wanted = a.triggers.map(Set.init)
        }
    }

    func observe(_ fire: Fire) {
        if let wanted, !wanted.contains(fire.trigger) { return }
        tally.observe(fire)
    }

    func finish() -> [Diagnostic] { tally.failures() }
}

/// `fires` and `includes`: which listed times were met, and (for `fires`) the fires not listed.
final class FiresTally: FireTally {
    let exactly: Bool
    let times: [Located<ExpectedTime>]
    let trigger: String
    let range: SourceRange
    let wording: ExpectationWording
    private var found: [Bool]
    /// The listed times by value: a fire meets every listed time equal to its local time or its instant.
    private var byLocal: [LocalDateTime: [Int]] = [:]
    private var byInstant: [Instant: [Int]] = [:]
    private var unlisted = 0
    private var unlistedShown: [String] = []

    init(exactly: Bool, times: [Located<ExpectedTime>], trigger: String, range: SourceRange, wording: ExpectationWording) {
        self.exactly = exactly
        self.times = times
        self.trigger = trigger
        self.range = range
        self.wording = wording
        found = Array(repeating: false, count: times.count)
        for (k, t) in times.enumerated() {
            switch t.value {
            case .local(let l): byLocal[l, default: []].append(k)
            case .instant(let i): byInstant[i, default: []].append(k)
            }
        }
    }

    func observe(_ fire: Fire) {
        var listed = false
        if let hits = byLocal[fire.local] {
            for k in hits { found[k] = true }
            listed = true
        }
        if let hits = byInstant[fire.at] {
            for k in hits { found[k] = true }
            listed = true
        }
        if exactly && !listed {
            unlisted += 1
            if unlistedShown.count < ExpectationRunner.listed { unlistedShown.append("not listed: " + wording.show(fire)) }
        }
    }

    func failures() -> [Diagnostic] {
        var out: [Diagnostic] = []
        for (k, t) in times.enumerated() where !found[k] {
            let shown = wording.show(t.value)
            let inside = wording.isInWindow(t.value, zone: wording.zones[trigger] ?? "UTC")
            out.append(
                Diagnostic(
                    inside
                        ? .expectMissingFire(trigger, at: shown)
                        : .expectMissingFireOutside(trigger, at: shown, window: wording.interval(wording.window)),
                    at: t.range))
        }
        if exactly && unlisted > 0 {
            out.append(
                Diagnostic(
                    .expectUnlistedFires(trigger, count: unlisted), at: range, notes: wording.notes(unlistedShown, total: unlisted)))
        }
        return out.sorted { $0.range!.start < $1.range!.start }
    }
}

/// `never_on`: per day set, the fires on it (counted, the first few kept as text).
final class NeverOnTally: FireTally {
    let days: [Located<DaySet>]
    let subject: String
    let wording: ExpectationWording
    private var hits: [Int]
    private var shown: [[String]]

    init(days: [Located<DaySet>], subject: String, wording: ExpectationWording) {
        self.days = days
        self.subject = subject
        self.wording = wording
        hits = Array(repeating: 0, count: days.count)
        shown = Array(repeating: [], count: days.count)
    }

    func observe(_ fire: Fire) {
        let date = fire.local.date
        for (k, day) in days.enumerated() where day.value.contains(date) {
            hits[k] += 1
            if shown[k].count < ExpectationRunner.listed { shown[k].append("fires at " + wording.show(fire)) }
        }
    }

    func failures() -> [Diagnostic] {
        days.indices.filter { hits[$0] > 0 }.map { k in
            Diagnostic(
                .expectFiresOnExcludedDay(subject, count: hits[k], day: wording.describe(days[k].value)), at: days[k].range,
                notes: wording.notes(shown[k], total: hits[k]))
        }
    }
}

/// `max_per_day`: fires per local date (a count per day with fires, not the fires).
final class PerDayTally: FireTally {
    let limit: Located<Int>
    let subject: String
    let wording: ExpectationWording
    private var perDay: [CivilDate: Int] = [:]

    init(limit: Located<Int>, subject: String, wording: ExpectationWording) {
        self.limit = limit
        self.subject = subject
        self.wording = wording
    }

    func observe(_ fire: Fire) {
        perDay[fire.local.date, default: 0] += 1
    }

    func failures() -> [Diagnostic] {
        let over = perDay.filter { $0.value > limit.value }.sorted { $0.key < $1.key }
        guard !over.isEmpty else { return [] }
        let worst = over.max { l, r in l.value < r.value || (l.value == r.value && l.key > r.key) }!
        let lines = over.prefix(ExpectationRunner.listed).map { "\($0.key) (\($0.key.weekday.shortName)): \($0.value) fires" }
        return [
            Diagnostic(
                .expectTooManyPerDay(
                    subject, most: worst.value, date: "\(worst.key) (\(worst.key.weekday.shortName))",
                    limit: limit.value, days: over.count), at: limit.range,
                notes: wording.notes(lines, total: over.count))
        ]
    }
}

/// `quiet`: the fires inside the quiet hours.
final class QuietTally: FireTally {
    let from: LocalTime
    let to: LocalTime
    let weekdays: Set<Weekday>?
    let range: SourceRange
    let subject: String
    let wording: ExpectationWording
    private var hits = 0
    private var shown: [String] = []

    init(from: LocalTime, to: LocalTime, weekdays: Set<Weekday>?, range: SourceRange, subject: String, wording: ExpectationWording) {
        self.from = from
        self.to = to
        self.weekdays = weekdays
        self.range = range
        self.subject = subject
        self.wording = wording
    }

    func observe(_ fire: Fire) {
        let local = fire.local
        let t = local.time
        let crosses = to <= from
        let inside = crosses ? (t >= from || t < to) : (t >= from && t < to)
        guard inside else { return }
        if let weekdays {
            // A range crossing midnight belongs to the day it starts on.
            let day = crosses && t < to ? local.date.adding(days: -1) : local.date
            guard weekdays.contains(day.weekday) else { return }
        }
        hits += 1
        if shown.count < ExpectationRunner.listed { shown.append("fires at " + wording.show(fire)) }
    }

    func failures() -> [Diagnostic] {
        guard hits > 0 else { return [] }
        var hours = "between \(wording.hm(from)) and \(wording.hm(to))"
        if let weekdays {
            hours += " on " + Weekday.allCases.filter { weekdays.contains($0) }.map(\.shortName).joined(separator: ", ")
        }
        return [
            Diagnostic(
                .expectFiresInQuietHours(subject, count: hits, hours: hours), at: range, notes: wording.notes(shown, total: hits))
        ]
    }
}

/// `count`: how many fires.
final class CountTally: FireTally {
    let expected: Located<Int>
    let subject: String
    private var count = 0

    init(expected: Located<Int>, subject: String) {
        self.expected = expected
        self.subject = subject
    }

    func observe(_ fire: Fire) { count += 1 }

    func failures() -> [Diagnostic] {
        guard count != expected.value else { return [] }
        return [Diagnostic(.expectCountDiffers(subject, actual: count, expected: expected.value), at: expected.range)]
    }
}
