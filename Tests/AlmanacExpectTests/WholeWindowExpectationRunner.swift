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
        /// The product's words for fires, times, days and spans: the reference differs in how it
        /// finds failures (every fire in memory), not in how it names them.
        var wording: ExpectationWording { ExpectationWording(window: window, zones: zones) }

        func fires(of triggers: [String]?) -> [Fire] {
            guard let triggers else { return fires }
            let wanted = Set(triggers)
            return fires.filter { wanted.contains($0.trigger) }
        }

        func check(_ a: Assertion) -> [Diagnostic] {
            let mine = fires(of: a.triggers)
            switch a.check {
            case .fires(let exactly, let times):
                let trigger = a.triggers?.first ?? ""
                var out: [Diagnostic] = []
                for t in times where !mine.contains(where: { matches($0, t.value) }) {
                    let shown = wording.show(t.value)
                    let inside = wording.isInWindow(t.value, zone: zones[trigger] ?? "UTC")
                    out.append(
                        Diagnostic(
                            inside
                                ? .expectMissingFire(trigger, at: shown)
                                : .expectMissingFireOutside(trigger, at: shown, window: wording.interval(window)),
                            at: t.range))
                }
                if exactly {
                    let unlisted = mine.filter { f in !times.contains { matches(f, $0.value) } }
                    if !unlisted.isEmpty {
                        out.append(
                            Diagnostic(
                                .expectUnlistedFires(trigger, count: unlisted.count), at: a.range,
                                notes: wording.notes(unlisted.map { "not listed: " + wording.show($0) })))
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
                            .expectFiresOnExcludedDay(wording.subject(a.triggers), count: hits.count, day: wording.describe(day.value)),
                            at: day.range,
                            notes: wording.notes(hits.map { "fires at " + wording.show($0) })))
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
                            wording.subject(a.triggers), most: worst.value.count, date: "\(worst.key) (\(worst.key.weekday.shortName))",
                            limit: limit.value, days: over.count), at: limit.range,
                        notes: wording.notes(over.map { "\($0.key) (\($0.key.weekday.shortName)): \($0.value.count) fires" }))
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
                var hours = "between \(wording.hm(from)) and \(wording.hm(to))"
                if let weekdays {
                    hours += " on " + Weekday.allCases.filter { weekdays.contains($0) }.map(\.shortName).joined(separator: ", ")
                }
                return [
                    Diagnostic(
                        .expectFiresInQuietHours(wording.subject(a.triggers), count: hits.count, hours: hours), at: range,
                        notes: wording.notes(hits.map { "fires at " + wording.show($0) }))
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
                        shown.append("\(f.id) at \(wording.show(f)) and \(g.id) at \(wording.show(g))")
                    }
                }
                guard count > 0 else { return [] }
                return [
                    Diagnostic(
                        .expectFiresTooClose(x, y, pairs: count, least: wording.span(by.seconds), closest: wording.span(closest)),
                        at: a.range,
                        notes: wording.notes(shown, total: count))
                ]
            case .count(let expected):
                guard mine.count != expected.value else { return [] }
                return [
                    Diagnostic(
                        .expectCountDiffers(wording.subject(a.triggers), actual: mine.count, expected: expected.value), at: expected.range)
                ]
            }
        }

        func matches(_ f: Fire, _ t: ExpectedTime) -> Bool {
            switch t {
            case .local(let l): return f.local == l
            case .instant(let i): return f.at == i
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
    }
}
