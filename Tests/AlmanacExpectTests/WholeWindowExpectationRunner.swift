import AlmanacCompiler
@testable import AlmanacExpect
import AlmanacModel
import AlmanacPlan
import AlmanacTime

/// The runner `almanac test` used before it streamed, which collected every fire of the window
/// and filtered them per assertion; kept as the reference of `StreamingExpectationTests`.
enum WholeWindowExpectationRunner {
    static let listed = ExpectationRunner.listed

    /// Each assertion's failures, in file order; nil when the window is empty or does not compile.
    static func run(_ expectations: Expectations, on schedule: Schedule) -> [[Diagnostic]]? {
        // `from` is a date or an instant, so `now` plays no part.
        guard
            let window = expectations.window.resolve(
                now: Instant(secondsSinceEpoch: 0), zone: schedule.timezone ?? "UTC", specHorizon: schedule.horizon)
        else { return nil }
        var fires: [Fire] = []
        do {
            let expansion = try Compiler().prepare(schedule, specSHA256: "", window: window)
            _ = try expansion.run { fires.append($0) }
        } catch {
            return nil
        }
        var zones: [String: String] = [:]
        for t in schedule.triggers { zones[t.id] = t.timezone ?? "UTC" }
        let context = Context(fires: fires, window: window, zones: zones)
        return expectations.assertions.map { context.check($0) }
    }

    struct Context {
        let fires: [Fire]
        let window: Window
        /// Each trigger's zone (UTC for zone-less kinds), where its local times are read.
        let zones: [String: String]

        func fires(of triggers: [String]?) -> [Fire] {
            guard let triggers else { return fires }
            let wanted = Set(triggers)
            return fires.filter { wanted.contains($0.trigger) }
        }

        /// `trigger 'standup'`, `triggers 'a', 'b' together`, `the schedule`.
        func subject(_ triggers: [String]?) -> String {
            guard let triggers else { return "the schedule" }
            if triggers.count == 1 { return "trigger '\(triggers[0])'" }
            return "the group " + triggers.map { "'\($0)'" }.joined(separator: ", ")
        }

        func check(_ a: Assertion) -> [Diagnostic] {
            let mine = fires(of: a.triggers)
            switch a.check {
            case .fires(let exactly, let times):
                let trigger = a.triggers?.first ?? ""
                var out: [Diagnostic] = []
                for t in times where !mine.contains(where: { matches($0, t.value) }) {
                    let shown = show(t.value)
                    let inside = isInWindow(t.value, zone: zones[trigger] ?? "UTC")
                    out.append(
                        Diagnostic(
                            inside
                                ? .expectMissingFire(trigger, at: shown)
                                : .expectMissingFireOutside(trigger, at: shown, window: interval(window)),
                            at: t.range))
                }
                if exactly {
                    let unlisted = mine.filter { f in !times.contains { matches(f, $0.value) } }
                    if !unlisted.isEmpty {
                        out.append(
                            Diagnostic(
                                .expectUnlistedFires(trigger, count: unlisted.count), at: a.range,
                                notes: notes(unlisted.map { "not listed: " + show($0) })))
                    }
                }
                return out.sorted { $0.range!.start < $1.range!.start }
            case .neverOn(let days):
                var out: [Diagnostic] = []
                for day in days {
                    let hits = mine.filter { day.value.contains($0.local.date) }
                    if hits.isEmpty { continue }
                    out.append(
                        Diagnostic(
                            .expectFiresOnExcludedDay(subject(a.triggers), count: hits.count, day: describe(day.value)), at: day.range,
                            notes: notes(hits.map { "fires at " + show($0) })))
                }
                return out
            case .maxPerDay(let limit):
                var perDay: [CivilDate: [Fire]] = [:]
                for f in mine { perDay[f.local.date, default: []].append(f) }
                let over = perDay.filter { $0.value.count > limit.value }.sorted { $0.key < $1.key }
                guard !over.isEmpty else { return [] }
                let worst = over.max { l, r in l.value.count < r.value.count || (l.value.count == r.value.count && l.key > r.key) }!
                return [
                    Diagnostic(
                        .expectTooManyPerDay(
                            subject(a.triggers), most: worst.value.count, date: "\(worst.key) (\(worst.key.weekday.shortName))",
                            limit: limit.value, days: over.count), at: limit.range,
                        notes: notes(over.map { "\($0.key) (\($0.key.weekday.shortName)): \($0.value.count) fires" }))
                ]
            case .quiet(let from, let to, let weekdays, let range):
                let hits = mine.filter { f in
                    let local = f.local
                    let t = local.time
                    let crosses = to <= from
                    let inside = crosses ? (t >= from || t < to) : (t >= from && t < to)
                    guard inside else { return false }
                    guard let weekdays else { return true }
                    // A range crossing midnight belongs to the day it starts on.
                    let day = crosses && t < to ? local.date.adding(days: -1) : local.date
                    return weekdays.contains(day.weekday)
                }
                guard !hits.isEmpty else { return [] }
                var hours = "between \(hm(from)) and \(hm(to))"
                if let weekdays {
                    hours += " on " + Weekday.allCases.filter { weekdays.contains($0) }.map(\.shortName).joined(separator: ", ")
                }
                return [
                    Diagnostic(
                        .expectFiresInQuietHours(subject(a.triggers), count: hits.count, hours: hours), at: range,
                        notes: notes(hits.map { "fires at " + show($0) }))
                ]
            case .apart(let x, let y, let by):
                // Fires are in plan order (by instant), so the fires of `y` near each fire of `x` are
                // a range found by binary search: counting pairs costs no more than the fires, however
                // many pairs there are; only the first few are listed. For one trigger twice, each
                // pair is counted once, from its earlier fire.
                let xs = fires(of: [x])
                let ys = x == y ? xs : fires(of: [y])
                var count = 0
                var closest = Int64.max
                var shown: [String] = []
                for (k, f) in xs.enumerated() {
                    let t = f.at.secondsSinceEpoch
                    let hi = lowerBound(ys, t + by.seconds)
                    let lo = x == y ? k + 1 : lowerBound(ys, t - by.seconds + 1)
                    guard hi > lo else { continue }
                    count += hi - lo
                    if x == y {
                        closest = min(closest, ys[k + 1].at.secondsSinceEpoch - t)
                    } else {
                        let j = lowerBound(ys, t)
                        if j < ys.count { closest = min(closest, ys[j].at.secondsSinceEpoch - t) }
                        if j > 0 { closest = min(closest, t - ys[j - 1].at.secondsSinceEpoch) }
                    }
                    for g in ys[lo..<min(hi, lo + WholeWindowExpectationRunner.listed)]
                    where shown.count < WholeWindowExpectationRunner.listed {
                        shown.append("\(f.id) at \(show(f)) and \(g.id) at \(show(g))")
                    }
                }
                guard count > 0 else { return [] }
                return [
                    Diagnostic(
                        .expectFiresTooClose(x, y, pairs: count, least: span(by.seconds), closest: span(closest)), at: a.range,
                        notes: notes(shown, total: count))
                ]
            case .count(let expected):
                guard mine.count != expected.value else { return [] }
                return [
                    Diagnostic(.expectCountDiffers(subject(a.triggers), actual: mine.count, expected: expected.value), at: expected.range)
                ]
            }
        }

        func matches(_ f: Fire, _ t: ExpectedTime) -> Bool {
            switch t {
            case .local(let l): return f.local == l
            case .instant(let i): return f.at == i
            }
        }

        /// Whether a time falls in the window: an instant as itself, a local time by the window's
        /// ends read as wall times in `zone`.
        func isInWindow(_ t: ExpectedTime, zone: String) -> Bool {
            switch t {
            case .instant(let i): return i >= window.from && i < window.to
            case .local(let l):
                guard let table = OffsetTable(zone: zone, covering: window.from, to: window.to) else { return true }
                let from = window.from.secondsSinceEpoch + Int64(table.offset(at: window.from))
                let to = window.to.secondsSinceEpoch + Int64(table.offset(at: window.to))
                return l.wallSeconds >= from && l.wallSeconds < to
            }
        }

        func lowerBound(_ fires: [Fire], _ seconds: Int64) -> Int {
            var lo = 0, hi = fires.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if fires[mid].at.secondsSinceEpoch < seconds { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }

        /// The first lines as notes, then how many of `total` are not shown.
        func notes(_ lines: [String], total: Int? = nil) -> [Diagnostic.Note] {
            var out = lines.prefix(WholeWindowExpectationRunner.listed).map { Diagnostic.Note($0) }
            let rest = (total ?? lines.count) - out.count
            if rest > 0 { out.append(Diagnostic.Note("and \(rest) more")) }
            return out
        }

        func show(_ f: Fire) -> String {
            PlanTimestamp.format(f.local, offset: f.offset) + " (\(f.local.date.weekday.shortName))"
        }

        func show(_ t: ExpectedTime) -> String {
            switch t {
            case .local(let l): return "\(l) (\(l.date.weekday.shortName))"
            case .instant(let i): return PlanTimestamp.format(i)
            }
        }

        func describe(_ d: DaySet) -> String {
            switch d {
            case .dates(let r): return r.from == r.to ? "\(r.from) (\(r.from.weekday.shortName))" : "\(r.from) to \(r.to)"
            case .weekdays(let days): return Weekday.allCases.filter { days.contains($0) }.map(\.shortName).joined(separator: ", ")
            case .blackout(let name, _): return "blackout '\(name)'"
            }
        }

        func hm(_ t: LocalTime) -> String {
            let s = t.description
            return t.second == 0 ? String(s.prefix(5)) : s
        }

        func interval(_ w: Window) -> String { "[\(PlanTimestamp.format(w.from)), \(PlanTimestamp.format(w.to)))" }

        /// `30 min`, `1 h 30 min`, `45 s`.
        func span(_ seconds: Int64) -> String {
            var parts: [String] = []
            var rest = seconds
            for (unit, name) in [(Int64(86_400), "d"), (3600, "h"), (60, "min"), (1, "s")] where rest >= unit {
                parts.append("\(rest / unit) \(name)")
                rest %= unit
            }
            return parts.isEmpty ? "0 s" : parts.joined(separator: " ")
        }
    }
}
