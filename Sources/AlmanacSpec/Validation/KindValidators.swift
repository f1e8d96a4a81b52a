import AlmanacModel
import AlmanacTime
import Foundation

/// The six trigger kinds.
extension SpecValidator {
    mutating func kind(_ name: String, _ node: YAMLNode, _ m: MappingReader, fields: CommonFields) -> TriggerKind? {
        switch name {
        case "calendar": return calendar(node, policy: fields.invalidDates ?? .omit).map(TriggerKind.calendar)
        case "cron":
            guard let text = text(node, "`cron`") else { return nil }
            let (expression, errors) = Syntax.cron(text)
            for e in errors { diagnostics.emit(e.diagnostic(in: node)) }
            return expression.map(TriggerKind.cron)
        case "rrule": return rrule(node, m, fields: fields).map(TriggerKind.rrule)
        case "every":
            let policy = DSTPolicy(gap: fields.gap ?? .shift, overlap: fields.overlap ?? .first)
            return every(node, m, zone: fields.timezone?.value ?? specZone, policy: policy).map(TriggerKind.every)
        case "once":
            guard let bound = parse(node, "`once`", Syntax.bound) else { return nil }
            switch bound {
            case .local(let l): return .once(OnceRule(.local(l)))
            case .instant(let i): return .once(OnceRule(.instant(i)))
            case .date(let d):
                diagnostics.emit(Diagnostic(.invalidDateTime, "`once` needs a time as well as a date, like \(d)T09:00", at: node.range))
                return nil
            }
        case "location": return location(node).map(TriggerKind.location)
        default: return nil
        }
    }

    static let calendarKeys: KeyList = ["months", "days", "weekdays", "at", "hours", "minutes", "seconds"]
    static let locationKeys: KeyList = ["region", "on", "cooldown"]
    static let timeFieldKeys = ["hours", "minutes", "seconds"]

    mutating func calendar(_ node: YAMLNode, policy: InvalidDatePolicy) -> CalendarRule? {
        guard let m = MappingReader(node, "`calendar`", known: Self.calendarKeys, diagnostics: &diagnostics) else { return nil }
        var rule = CalendarRule()
        var ok = true
        func ints(_ v: inout SpecValidator, _ key: String, _ range: ClosedRange<Int>, allowNegative: Bool = false) -> [Int]? {
            guard let n = m[key] else { return nil }
            var seen = SeenValues<Int>()
            let values = v.list(n, "`\(key)`") { (v: inout SpecValidator, item: YAMLNode, out: inout [Int]) -> Bool in
                guard let s = item.scalar, let i = Int(s) else {
                    v.diagnostics.emit(Diagnostic(.invalidNumber, Self.wholeNumberProblem(key, item), at: item.range))
                    return false
                }
                guard range.contains(i) || (allowNegative && range.contains(-i)) else {
                    let neg = allowNegative ? " or -\(range.upperBound)…-1 from the month's end" : ""
                    v.diagnostics.emit(Diagnostic(.outOfRange, "\(key.dropLast()) \(i) is out of range; use \(range.lowerBound)…\(range.upperBound)\(neg)", at: item.range))
                    return false
                }
                v.warnRepeated(i, seen: &seen, at: item, String(key.dropLast())) { String($0) }
                out.append(i)
                return true
            }
            guard var values else {
                ok = false
                return nil
            }
            values.sortUnique()
            return values
        }
        if let n = m["months"] {
            var seen = SeenValues<Int>()
            let months = list(n, "`months`") { v, item, out -> Bool in
                guard let months = v.parseMany(item, "a month", Syntax.months) else { return false }
                v.warnRepeated(months, seen: &seen, at: item, "month") { ValueSyntax.monthNames[$0 - 1] }
                out += months
                return true
            }
            if var months {
                months.sortUnique()
                rule.months = months
            } else { ok = false }
        }
        rule.days = ints(&self, "days", 1...31, allowNegative: true)
        if let n = m["weekdays"], let mask = plainWeekdayMask(n) {
            // Plain names carry no ordinal: in weekday order, they are sorted.
            var days: [WeekdaySelector] = []
            days.reserveCapacity(mask.nonzeroBitCount)
            for n in 1...7 where mask & 1 << n != 0 { days.append(WeekdaySelector(Weekday(rawValue: n)!)) }
            rule.weekdays = days
        } else if let n = m["weekdays"] {
            var seen = SeenValues<WeekdaySelector>()
            let days = list(n, "`weekdays`") { v, item, out -> Bool in
                guard let days = v.parseMany(item, "a weekday", { Syntax.weekdays($0, ordinals: true) }) else { return false }
                v.warnRepeated(days, seen: &seen, at: item, "weekday") { ($0.ordinal.map(String.init) ?? "") + $0.weekday.shortName }
                out += days
                return true
            }
            if let days {
                // (weekday, ordinal) orders distinct selectors strictly (no ordinal is 0), so equal
                // neighbours after sorting are the repeats.
                var unique: [WeekdaySelector] = []
                for day in days.sorted(by: { ($0.weekday, $0.ordinal ?? 0) < ($1.weekday, $1.ordinal ?? 0) }) where unique.last != day {
                    unique.append(day)
                }
                rule.weekdays = unique
            } else { ok = false }
        }
        let fieldKey = Self.timeFieldKeys.first { m.has($0) }
        if let at = m["at"] {
            if let first = fieldKey {
                diagnostics.emit(Diagnostic(.conflictingKeys, "`at` and `\(first)` both give times of day; use one or the other", at: m.keyNode(first)!.range))
                ok = false
            }
            var seen = SeenValues<LocalTime>()
            let times = list(at, "`at`") { v, item, out -> Bool in
                guard let time = v.parse(item, "a time", Syntax.time) else { return false }
                v.warnRepeated(time, seen: &seen, at: item, "time") { String($0.description.prefix($0.second == 0 ? 5 : 8)) }
                out.append(time)
                return true
            }
            if var times {
                times.sortUnique()
                rule.times = times
            } else { ok = false }
        } else if fieldKey != nil {
            let hours = ints(&self, "hours", 0...23)
            let minutes = ints(&self, "minutes", 0...59)
            let seconds = ints(&self, "seconds", 0...59)
            // Fields smaller than the smallest given one are 0; larger ones not given repeat.
            let smallest = seconds != nil ? 2 : minutes != nil ? 1 : 0
            let h = hours ?? Array(0...23)
            let mi = minutes ?? (smallest > 1 ? Array(0...59) : [0])
            let s = seconds ?? [0]
            var times: [LocalTime] = []
            times.reserveCapacity(h.count * mi.count * s.count)
            for hh in h { for mm in mi { for ss in s { times.append(LocalTime(hour: hh, minute: mm, second: ss)) } } }
            rule.times = times
        }
        guard ok else { return nil }
        if let problem = MeaningRules.calendarNeverFires(rule, policy: policy, at: node.range) {
            diagnostics.emit(problem)
            return nil
        }
        return rule
    }

    mutating func rrule(_ node: YAMLNode, _ m: MappingReader, fields: CommonFields) -> RRuleTrigger? {
        guard let text = text(node, "`rrule`") else { return nil }
        let (parsed, errors) = Syntax.rrule(text)
        for e in errors { diagnostics.emit(e.diagnostic(in: node)) }
        guard let start = fields.start else {
            diagnostics.emit(Diagnostic(.startRequired, "an `rrule` trigger needs `start` (its DTSTART), like `start: 2026-01-09T15:00`", at: node.range))
            return nil
        }
        let dtstart: LocalDateTime
        var startIsDate = false
        switch start.value {
        case .date(let d): dtstart = LocalDateTime(date: d, time: .midnight); startIsDate = true
        case .local(let l): dtstart = l
        case .instant:
            emitOnce(Diagnostic(.startRequired, "an `rrule` `start` is a local date-time in the trigger's zone, without an offset", at: start.range))
            return nil
        }
        guard var rule = parsed else { return nil }
        if let e = Syntax.checkUntil(rule, startIsDate: startIsDate) { diagnostics.emit(e.diagnostic(in: node)); return nil }
        rule.source = text
        var trigger = RRuleTrigger(rule: rule, start: dtstart)
        for (key, isAdd) in [("rdates", true), ("exdates", false)] {
            guard let n = m[key] else { continue }
            let values = list(n, "`\(key)`") { v, item, out -> Bool in
                guard let b = v.parse(item, "a date-time", Syntax.bound) else { return false }
                switch b {
                case .local(let l): out.append(l)
                case .date(let d): out.append(LocalDateTime(date: d, time: dtstart.time))
                case .instant:
                    v.diagnostics.emit(Diagnostic(.invalidDateTime, "`\(key)` items are local date-times in the trigger's zone, without an offset", at: item.range))
                    return false
                }
                return true
            }
            guard let values else { return nil }
            if isAdd { trigger.rdates = Array(Set(values)).sorted() } else { trigger.exdates = Array(Set(values)).sorted() }
        }
        return trigger
    }

    mutating func every(_ node: YAMLNode, _ m: MappingReader, zone: String?, policy: DSTPolicy) -> EveryRule? {
        guard let interval = parse(node, "`every`", { Syntax.duration($0, allowZero: false) }) else { return nil }
        lintWholeDays(interval, node, anchor: m["anchor"], zone: zone)
        var rule = EveryRule(interval: interval)
        if let a = m["anchor"], let bound = parse(a, "`anchor`", Syntax.bound) {
            switch bound {
            case .instant(let i): rule.anchor = i
            case .local(let l):
                guard let zone, let anchor = Self.anchorInstant(l, zone: zone, policy: policy) else { return rule }
                rule.anchor = anchor
            case .date(let d):
                guard let zone, let anchor = Self.anchorInstant(LocalDateTime(date: d, time: .midnight), zone: zone, policy: policy) else { return rule }
                rule.anchor = anchor
            }
        }
        return rule
    }

    /// A local anchor read like every other local time: through the zone's offset table and the
    /// trigger's DST policy. An anchor must be one instant, so `gap: skip` reads a skipped anchor as
    /// `shift` does, and `overlap: both` takes the first of the two.
    static func anchorInstant(_ local: LocalDateTime, zone: String, policy: DSTPolicy) -> Instant? {
        let wall = local.wallSeconds
        let around = Instant(secondsSinceEpoch: wall)
        guard let table = OffsetTable(zone: zone, covering: around, to: around) else { return nil }
        var anchorPolicy = policy
        if anchorPolicy.gap == .skip { anchorPolicy.gap = .shift }
        switch table.resolve(local, policy: anchorPolicy) {
        case .none: return nil
        case .one(let time), .two(let time, _): return time.instant
        }
    }

    mutating func location(_ node: YAMLNode) -> LocationRule? {
        if let name = node.scalar, !node.isNull {
            // The region it names is meant to be used; do not also call it unused.
            usedRegions.insert(name)
            diagnostics.emit(Diagnostic(.wrongType, "`location` is a mapping; write `location: {region: \(name)}`", at: node.range))
            return nil
        }
        guard let m = MappingReader(node, "`location`", known: Self.locationKeys, diagnostics: &diagnostics) else { return nil }
        guard let r = m["region"] else {
            diagnostics.emit(Diagnostic(.missingKey, "`location` needs `region`: a name from `regions:` or {latitude, longitude, radius}", at: node.range))
            return nil
        }
        var region: Region?
        if r.mapping != nil {
            region = self.region(r, name: nil)
        } else if let name = text(r, "`region`") {
            if let known = regions[name] {
                usedRegions.insert(name)
                region = known
            } else if brokenRegions.contains(name) {
                // Its definition already has an error; calling the name unknown would be wrong.
                usedRegions.insert(name)
            } else {
                let names = (Array(regions.keys) + brokenRegions).sorted()
                let meant = Suggestion.closest(to: name, among: names)
                if let meant { usedRegions.insert(meant) }
                let hint = meant.map { "; did you mean '\($0)'?" }
                    ?? (names.isEmpty ? "; define it under `regions:` or write it inline" : "; known regions: " + names.joined(separator: ", "))
                diagnostics.emit(Diagnostic(.unknownRegion, "unknown region '\(name)'\(hint)", at: r.range))
            }
        }
        var on = LocationRule.Event.enter
        if let o = m["on"] {
            guard let e = choice(o, "`on`", LocationRule.Event.self) else { return nil }
            on = e
        }
        var cooldown: TimeSpan?
        if let c = m["cooldown"] {
            guard let d = parse(c, "`cooldown`", { Syntax.duration($0, allowZero: true) }) else { return nil }
            cooldown = d
        }
        guard let region else { return nil }
        return LocationRule(region: region, on: on, cooldown: cooldown)
    }
}
