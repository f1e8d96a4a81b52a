import AlmanacModel
import AlmanacTime

/// A trigger as clock fields — what cron, systemd's OnCalendar and a CronJob share — in one zone.
struct ClockRule {
    /// The days a line fires on.
    enum Days: Equatable {
        case every
        /// Days of the month, 1…31.
        case monthDays([Int])
        /// Weekdays, 0 = Sunday … 6.
        case weekdays([Int])
        /// cron's rule when both day fields are restricted: either matches.
        case either(monthDays: [Int], weekdays: [Int])
        /// Both match (systemd; a calendar rule with days and weekdays).
        case both(monthDays: [Int], weekdays: [Int])
        /// Days counted from the month's end, 1 = the last (systemd `~01`).
        case fromEnd([Int])
        /// The n-th `weekday` of the month (1…5), or the last (-1).
        case ordinal(weekday: Int, n: Int)
    }

    struct Line: Equatable {
        var seconds: [Int] = [0]
        var minutes: [Int]
        var hours: [Int]
        var days: Days = .every
        /// 1…12; nil = every month.
        var months: [Int]?
        /// A single date (systemd only): the line fires on it alone.
        var date: CivilDate? = nil
    }

    var zone: String
    var lines: [Line]
    /// cron as written (crontab and k8s write the trigger's own expression).
    var cronSource: String?
    /// The hour or minute field is `*`: cronie runs such jobs by the new clock at changes.
    var wildcard: Bool
}

/// One thing that does not carry over, or the reason nothing does.
struct ExportIssue {
    var message: DiagnosticMessage
    /// The trigger is not exported at all.
    var refused: Bool
}

/// The schedulers with clock fields, and what each does at a clock change (see docs/interchange.md).
enum ClockTarget: String {
    case crontab, systemd, k8s

    /// systemd skips a time the clock jumps over (systemd 252, `systemd-analyze calendar
    /// --base-time`); Kubernetes' robfig/cron finds no match in the skipped hour and moves to the
    /// next day; cronie matches a `CRON_TZ=` line minute by minute in that zone, so a skipped time
    /// never matches. (cronie's run-once-after-the-jump rule for fixed-time jobs follows jumps of
    /// the daemon's own clock, which an exported crontab cannot count on: its machine is often on
    /// UTC. `almanac import crontab` reads `CRON_TZ=` lines the same way; RoundTripTests holds the
    /// two to each other.)
    func gap(wildcard: Bool) -> GapPolicy {
        switch self {
        case .crontab, .systemd, .k8s: return .skip
        }
    }

    /// What a fixed-time crontab line does at a clock change depends on the machine, not the file:
    /// cronie's catch-up rule (run right after a spring-forward jump, once in a fall-back; cronsim
    /// models it) follows the daemon's own clock, while on a machine in another zone (often UTC) a
    /// `CRON_TZ=` line is matched minute by minute (skip, both). Such a line is exact only where
    /// no clock change meets it. Wildcard lines behave alike either way.
    func dependsOnTheMachine(wildcard: Bool) -> Bool { self == .crontab && !wildcard }

    /// systemd elapses once, in the first pass; robfig/cron steps in elapsed time and matches the
    /// repeated wall time again; so does cronie's minute-by-minute matching of a `CRON_TZ=` line.
    func overlap(wildcard: Bool) -> OverlapPolicy {
        switch self {
        case .crontab, .k8s: return .both
        case .systemd: return .first
        }
    }

    var canSeconds: Bool { self == .systemd }
    var canDates: Bool { self == .systemd }
    var canAndDays: Bool { self == .systemd }
}

enum ExportClock {
    /// The clock rule of `trigger` for `target`, and every issue; nil rule when refused.
    static func translate(_ trigger: Trigger, target: ClockTarget, format: String) -> (ClockRule?, [ExportIssue]) {
        var issues: [ExportIssue] = []
        let id = trigger.id
        let zone = trigger.timezone ?? "UTC"
        // Each kind translates itself (ExportKinds.swift); a kind that does not is refused by name.
        guard let kind = trigger.kind.rule as? any ClockFieldsKind else {
            return (nil, [ExportIssue(message: .exportRefusedKind(id, format: format, kind: trigger.kind.name), refused: true)])
        }
        let (translated, kindIssues) = kind.clockRule(of: trigger, zone: zone, target: target, format: format)
        guard let rule = translated else { return (nil, kindIssues) }
        issues += kindIssues
        // What no clock field can say.
        if let count = trigger.count {
            issues.append(ExportIssue(message: .exportLossCount(id, format: format, count: count), refused: false))
        }
        if !trigger.except.isEmpty { issues.append(ExportIssue(message: .exportLossExcept(id, format: format), refused: false)) }
        if trigger.during != nil { issues.append(ExportIssue(message: .exportLossDuring(id, format: format), refused: false)) }
        if trigger.start != nil || trigger.end != nil {
            issues.append(ExportIssue(message: .exportLossBounds(id, format: format), refused: false))
        }
        if let jitter = trigger.jitter, jitter.seconds > 0 {
            let message: DiagnosticMessage =
                target == .systemd ? .exportLossJitterUnseeded(id, format: format) : .exportLossJitter(id, format: format)
            issues.append(ExportIssue(message: message, refused: false))
        }
        if rule.zone != "UTC" { issues += dst(trigger, rule, target: target, format: format) }
        return (rule, issues)
    }

    // MARK: Kinds

    static func bits<T: BinaryInteger>(_ value: T, _ lo: Int, _ hi: Int) -> [Int] {
        (lo...hi).filter { value & (T(1) << T($0)) != 0 }
    }

    static func cronRule(_ e: CronExpression, zone: String, target: ClockTarget) -> ClockRule {
        let minutes = bits(e.minutes, 0, 59), hours = bits(e.hours, 0, 23)
        let dom = bits(e.daysOfMonth, 1, 31), dow = bits(e.daysOfWeek, 0, 6)
        let months = bits(e.months, 1, 12)
        let monthField: [Int]? = months.count == 12 ? nil : months
        let domAll = dom.count == 31, dowAll = dow.count == 7
        var days: [ClockRule.Days]
        if e.dayOfMonthStar || e.dayOfWeekStar {
            // Both must match.
            if domAll && dowAll {
                days = [.every]
            } else if dowAll {
                days = [.monthDays(dom)]
            } else if domAll {
                days = [.weekdays(dow)]
            } else {
                days = [.both(monthDays: dom, weekdays: dow)]
            }
        } else {
            days = [.monthDays(dom), .weekdays(dow)]
        }
        let lines = days.map { ClockRule.Line(minutes: minutes, hours: hours, days: $0, months: monthField) }
        return ClockRule(zone: zone, lines: lines, cronSource: e.source, wildcard: minutes.count == 60 || hours.count == 24)
    }

    struct Refusal: Error { var what: String }

    static func calendarRule(_ c: CalendarRule, zone: String, target: ClockTarget) -> Result<ClockRule, Refusal> {
        let months = c.months.map { Array(Set($0)).sorted() }
        let positive = (c.days ?? []).filter { $0 > 0 }.sorted(), negative = (c.days ?? []).filter { $0 < 0 }.map { -$0 }.sorted()
        let plain = (c.weekdays ?? []).filter { $0.ordinal == nil }.map { $0.weekday.rawValue % 7 }.sorted()
        let ordinals = (c.weekdays ?? []).filter { $0.ordinal != nil }
        var days: [ClockRule.Days] = []
        if !ordinals.isEmpty {
            guard target == .systemd else { return .failure(Refusal(what: "weekday ordinals (`2tue`, `-1fri`)")) }
            guard c.days == nil else { return .failure(Refusal(what: "weekday ordinals together with days")) }
            for o in ordinals {
                let n = o.ordinal!
                guard n > 0 || n == -1 else {
                    return .failure(Refusal(what: "a weekday ordinal from the month's end other than the last (`-1`)"))
                }
                days.append(.ordinal(weekday: o.weekday.rawValue % 7, n: n))
            }
            if !plain.isEmpty { days.append(.weekdays(plain)) }
        } else if c.days != nil {
            if !negative.isEmpty && target != .systemd { return .failure(Refusal(what: "days counted from the month's end (`-1`)")) }
            if c.weekdays != nil && target != .systemd {
                return .failure(Refusal(what: "days and weekdays together (the calendar needs both, cron fires on either)"))
            }
            if !positive.isEmpty { days.append(c.weekdays != nil ? .both(monthDays: positive, weekdays: plain) : .monthDays(positive)) }
            if !negative.isEmpty {
                if c.weekdays != nil { return .failure(Refusal(what: "weekdays together with days from the month's end")) }
                days.append(.fromEnd(negative))
            }
        } else if c.weekdays != nil {
            days = [.weekdays(plain)]
        } else {
            days = [.every]
        }
        if !target.canSeconds && c.times.contains(where: { $0.second != 0 }) { return .failure(Refusal(what: "seconds")) }
        var lines: [ClockRule.Line] = []
        for group in timeGroups(c.times) {
            for d in days {
                lines.append(ClockRule.Line(seconds: group.seconds, minutes: group.minutes, hours: group.hours, days: d, months: months))
            }
        }
        let wildcard = lines.contains { $0.hours.count == 24 || $0.minutes.count == 60 }
        return .success(ClockRule(zone: zone, lines: lines, wildcard: wildcard))
    }

    /// Times of day as few products hours × minutes × seconds as it takes.
    static func timeGroups(_ times: [LocalTime]) -> [(hours: [Int], minutes: [Int], seconds: [Int])] {
        let set = Set(times.map(\.secondsOfDay))
        let hours = Set(times.map(\.hour)).sorted(), minutes = Set(times.map(\.minute)).sorted()
        let seconds = Set(times.map(\.second)).sorted()
        if hours.count * minutes.count * seconds.count == set.count { return [(hours, minutes, seconds)] }
        // By minute and second, the hours each is at; then pairs with the same hours together.
        var hoursOf: [Int: [Int]] = [:]
        for t in times { hoursOf[t.minute * 60 + t.second, default: []].append(t.hour) }
        var pairsOf: [[Int]: [Int]] = [:]
        for (pair, h) in hoursOf { pairsOf[Array(Set(h)).sorted(), default: []].append(pair) }
        var out: [(hours: [Int], minutes: [Int], seconds: [Int])] = []
        for h in pairsOf.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            let pairs = pairsOf[h]!.sorted()
            let ms = Set(pairs.map { $0 / 60 }).sorted(), ss = Set(pairs.map { $0 % 60 }).sorted()
            if ms.count * ss.count == pairs.count {
                out.append((h, ms, ss))
            } else {
                for p in pairs { out.append((h, [p / 60], [p % 60])) }
            }
        }
        return out
    }

    /// Days a month may not have, which `invalid_dates` moves.
    static func mayBeInvalid(_ c: CalendarRule) -> Bool {
        (c.days ?? []).contains { abs($0) > 28 } || (c.weekdays ?? []).contains { abs($0.ordinal ?? 0) == 5 }
    }

    /// `every` on UTC clock fields: intervals that divide a minute, an hour or a day, and a week.
    static func everyRule(_ e: EveryRule, target: ClockTarget) -> ClockRule? {
        let i = e.interval.seconds
        let a = ((e.anchor.secondsSinceEpoch % 86_400) + 86_400) % 86_400
        let s = Int(a % 60), m = Int(a / 60 % 60), h = Int(a / 3600)
        func steps(_ start: Int, _ step: Int, _ count: Int) -> [Int] { (0..<(count / step)).map { (start % step) + $0 * step } }
        var line: ClockRule.Line
        if i < 60 && 60 % i == 0 {
            guard target.canSeconds else { return nil }
            line = ClockRule.Line(seconds: steps(s, Int(i), 60), minutes: Array(0...59), hours: Array(0...23))
        } else if i < 3600 && i % 60 == 0 && 3600 % i == 0 {
            guard s == 0 || target.canSeconds else { return nil }
            line = ClockRule.Line(seconds: [s], minutes: steps(m, Int(i / 60), 60), hours: Array(0...23))
        } else if i <= 86_400 && i % 3600 == 0 && 86_400 % i == 0 {
            guard s == 0 || target.canSeconds else { return nil }
            line = ClockRule.Line(seconds: [s], minutes: [m], hours: steps(h, Int(i / 3600), 24))
        } else if i == 604_800 {
            guard s == 0 || target.canSeconds else { return nil }
            let weekday = CivilDate(daysSinceEpoch: Int(e.anchor.secondsSinceEpoch.floorDiv(86_400))).weekday.rawValue % 7
            line = ClockRule.Line(seconds: [s], minutes: [m], hours: [h], days: .weekdays([weekday]))
        } else {
            return nil
        }
        return ClockRule(zone: "UTC", lines: [line], wildcard: line.minutes.count == 60 || line.hours.count == 24)
    }

    static func onceLine(_ l: LocalDateTime) -> ClockRule.Line {
        ClockRule.Line(seconds: [l.time.second], minutes: [l.time.minute], hours: [l.time.hour], date: l.date)
    }

    /// `90s`, `45m`, `5h`, `3d`.
    static func spanText(_ seconds: Int64) -> String {
        if seconds % 86_400 == 0 { return "\(seconds / 86_400)d" }
        if seconds % 3600 == 0 { return "\(seconds / 3600)h" }
        if seconds % 60 == 0 { return "\(seconds / 60)m" }
        return "\(seconds)s"
    }

    // MARK: Daylight saving

    /// When the exported clock fields fire in a day, for the model's clock-change analysis
    /// (`ClockChanges`, the span `explain` reads too). The fields' shape, not the trigger's: the
    /// question is what the scheduler does, and e.g. a day `invalid_dates` moves is not one of its days.
    static func shape(_ rule: ClockRule) -> DailyShape { DailyShape(times: times(rule), selects: selects(rule)) }

    /// The days the rule fires on, as a predicate on local dates.
    static func selects(_ rule: ClockRule) -> @Sendable (CivilDate) -> Bool {
        { date in
            rule.lines.contains { line in
                if let d = line.date { return d == date }
                if let m = line.months, !m.contains(date.month) { return false }
                let dow = date.weekday.rawValue % 7
                let last = CivilDate.daysInMonth(year: date.year, month: date.month)
                switch line.days {
                case .every: return true
                case .monthDays(let d): return d.contains(date.day)
                case .weekdays(let w): return w.contains(dow)
                case .either(let d, let w): return d.contains(date.day) || w.contains(dow)
                case .both(let d, let w): return d.contains(date.day) && w.contains(dow)
                case .fromEnd(let d): return d.contains(last - date.day + 1)
                case .ordinal(let w, let n):
                    guard w == dow else { return false }
                    return n > 0 ? (date.day - 1) / 7 + 1 == n : date.day > last - 7
                }
            }
        }
    }

    /// Times of day of the rule's lines, seconds of the day.
    static func times(_ rule: ClockRule) -> [Int] {
        var out = Set<Int>()
        for line in rule.lines where line.date == nil {
            for h in line.hours { for m in line.minutes { for s in line.seconds { out.insert(h * 3600 + m * 60 + s) } } }
        }
        return out.sorted()
    }

    static func clock(_ t: Int) -> String {
        let h = t / 3600, m = t / 60 % 60, s = t % 60
        let hm = (h < 10 ? "0" : "") + "\(h):" + (m < 10 ? "0" : "") + "\(m)"
        return s == 0 ? hm : hm + ":" + (s < 10 ? "0" : "") + "\(s)"
    }

    static func timesText(_ times: [Int]) -> String {
        let words = times.map(clock)
        if words.count <= 3 { return words.joined(separator: ", ") }
        return "\(words.count) times from \(words.first!) through \(words.last!)"
    }

    static func gapWords(_ p: GapPolicy) -> String {
        switch p {
        case .skip: return "does not fire then"
        case .next: return "fires right after the jump"
        case .shift: return "fires as much later as the jump"
        }
    }

    static func overlapWords(_ p: OverlapPolicy) -> String {
        switch p {
        case .first: return "fires in the first pass only"
        case .last: return "fires in the second pass only"
        case .both: return "fires in both passes"
        }
    }

    /// A loss for each kind of clock change on which the target does other than the trigger's policy.
    static func dst(_ trigger: Trigger, _ rule: ClockRule, target: ClockTarget, format: String) -> [ExportIssue] {
        let shape = shape(rule), times = shape.times
        guard !times.isEmpty, let changes = ClockChanges(zone: rule.zone) else { return [] }
        var gapHits = Set<Int>(), overlapHits = Set<Int>(), shadowHits = Set<Int>()
        var shadowGap = ""
        var stops: (gap: String, date: CivilDate)? = nil
        if target == .systemd {
            // Beyond a gap across an hour boundary systemd loses or stops, depending on the line.
            for gap in SystemdGapBehaviour.gaps(rule.zone) {
                for line in rule.lines where line.date == nil || line.date == gap.date {
                    let one = ClockRule(zone: rule.zone, lines: [line], wildcard: rule.wildcard)
                    guard selects(one)(gap.date) else { continue }
                    switch SystemdGapBehaviour.outcome(hours: line.hours, minutes: line.minutes, seconds: line.seconds, gap: gap) {
                    case .fires: break
                    case .loses(let lost):
                        shadowHits.formUnion(lost)
                        shadowGap = gap.text
                    case .stops: if stops == nil { stops = (gap.text, gap.date) }
                    }
                }
            }
        }
        for hit in changes.hits(shape) {
            let t = hit.time, start = hit.change.start, length = hit.change.length
            let machine = target.dependsOnTheMachine(wildcard: rule.wildcard)
            if hit.change.isGap {
                // Compared by outcome: shift and next agree on the gap's first instant, and a
                // time moved onto one the rule fires at anyway is one fire, as if skipped.
                let ours = gapOutcome(trigger.dst.gap, t: t, start: start, length: length, times: times)
                let theirs = gapOutcome(target.gap(wildcard: rule.wildcard), t: t, start: start, length: length, times: times)
                if machine || ours != theirs { gapHits.insert(t) }
            } else if machine || target.overlap(wildcard: rule.wildcard) != trigger.dst.overlap {
                overlapHits.insert(t)
            }
        }
        var out: [ExportIssue] = []
        if target.dependsOnTheMachine(wildcard: rule.wildcard) {
            for (hits, gap) in [(gapHits, true), (overlapHits, false)] where !hits.isEmpty {
                out.append(
                    ExportIssue(
                        message: .exportLossCrontabClockChange(trigger.id, times: timesText(hits.sorted()), zone: rule.zone, gap: gap),
                        refused: false))
            }
            return out
        }
        if !gapHits.isEmpty {
            out.append(
                ExportIssue(
                    message: .exportLossDSTGap(
                        trigger.id, format: format, times: timesText(gapHits.sorted()), zone: rule.zone,
                        does: gapWords(target.gap(wildcard: rule.wildcard)), theirs: target.gap(wildcard: rule.wildcard).rawValue,
                        policy: trigger.dst.gap.rawValue),
                    refused: false))
        }
        if let stops {
            out.append(
                ExportIssue(
                    message: .exportLossSystemdStops(trigger.id, zone: rule.zone, gap: stops.gap, date: stops.date.description),
                    refused: false))
        }
        if !shadowHits.isEmpty {
            out.append(
                ExportIssue(
                    message: .exportLossSystemdAfterGap(trigger.id, times: timesText(shadowHits.sorted()), zone: rule.zone, gap: shadowGap),
                    refused: false))
        }
        if !overlapHits.isEmpty {
            out.append(
                ExportIssue(
                    message: .exportLossDSTOverlap(
                        trigger.id, format: format, times: timesText(overlapHits.sorted()), zone: rule.zone,
                        does: overlapWords(target.overlap(wildcard: rule.wildcard)),
                        theirs: target.overlap(wildcard: rule.wildcard).rawValue, policy: trigger.dst.overlap.rawValue),
                    refused: false))
        }
        return out
    }

    /// Where a time in a gap fires (seconds of the day), or nil when it does not fire on its own.
    static func gapOutcome(_ policy: GapPolicy, t: Int, start: Int, length: Int, times: [Int]) -> Int? {
        let landing: Int
        switch policy {
        case .skip: return nil
        case .shift: landing = (t + length) % 86_400
        case .next: landing = (start + length) % 86_400
        }
        return times.contains(landing) ? nil : landing
    }

    /// A `once` at a local time the zone skips or repeats.
    static func onceDST(_ trigger: Trigger, _ l: LocalDateTime, zone: String, target: ClockTarget, format: String) -> [ExportIssue] {
        let guess = Instant(secondsSinceEpoch: l.wallSeconds)
        guard
            let table = OffsetTable(
                zone: zone, covering: Instant(secondsSinceEpoch: guess.secondsSinceEpoch - 2 * 86_400),
                to: Instant(secondsSinceEpoch: guess.secondsSinceEpoch + 2 * 86_400))
        else { return [] }
        switch table.resolve(l) {
        case .unique: return []
        case .gap:
            if target.dependsOnTheMachine(wildcard: false) {
                return [
                    ExportIssue(
                        message: .exportLossCrontabClockChange(trigger.id, times: clock(l.time.secondsOfDay), zone: zone, gap: true),
                        refused: false)
                ]
            }
            guard trigger.dst.gap != target.gap(wildcard: false) else { return [] }
            return [
                ExportIssue(
                    message: .exportLossDSTGap(
                        trigger.id, format: format, times: clock(l.time.secondsOfDay), zone: zone,
                        does: gapWords(target.gap(wildcard: false)), theirs: target.gap(wildcard: false).rawValue,
                        policy: trigger.dst.gap.rawValue), refused: false)
            ]
        case .overlap:
            if target.dependsOnTheMachine(wildcard: false) {
                return [
                    ExportIssue(
                        message: .exportLossCrontabClockChange(trigger.id, times: clock(l.time.secondsOfDay), zone: zone, gap: false),
                        refused: false)
                ]
            }
            guard trigger.dst.overlap != target.overlap(wildcard: false) else { return [] }
            return [
                ExportIssue(
                    message: .exportLossDSTOverlap(
                        trigger.id, format: format, times: clock(l.time.secondsOfDay), zone: zone,
                        does: overlapWords(target.overlap(wildcard: false)), theirs: target.overlap(wildcard: false).rawValue,
                        policy: trigger.dst.overlap.rawValue), refused: false)
            ]
        }
    }

    // MARK: Diagnostics

    /// The issues as diagnostics at the trigger's id.
    static func diagnostics(_ trigger: Trigger, _ issues: [ExportIssue]) -> [Diagnostic] {
        issues.map { Diagnostic($0.message, at: trigger.range) }
    }
}

extension Int64 {
    func floorDiv(_ d: Int64) -> Int64 { self >= 0 ? self / d : -((-self + d - 1) / d) }
}
