import AlmanacModel
import AlmanacTime

/// `calendar:` — months, days and weekdays that must all match, and the times of day.
enum CalendarReader: KindReader {
    static let key = "calendar"
    static let keys: KeyList = ["months", "days", "weekdays", "at", "hours", "minutes", "seconds"]
    static let timeFieldKeys = ["hours", "minutes", "seconds"]

    static func read(_ node: YAMLNode, in trigger: MappingReader, fields: CommonFields, _ v: inout SpecValidator) -> TriggerKind? {
        calendar(node, policy: fields.invalidDates ?? .omit, &v).map(TriggerKind.calendar)
    }

    static func calendar(_ node: YAMLNode, policy: InvalidDatePolicy, _ v: inout SpecValidator) -> CalendarRule? {
        guard let m = MappingReader(node, "`calendar`", known: keys, diagnostics: &v.diagnostics) else { return nil }
        var rule = CalendarRule()
        var ok = true
        func ints(_ v: inout SpecValidator, _ key: String, _ range: ClosedRange<Int>, allowNegative: Bool = false) -> [Int]? {
            guard let n = m[key] else { return nil }
            var seen = SeenValues<Int>()
            let values = v.list(n, "`\(key)`") { (v: inout SpecValidator, item: YAMLNode, out: inout [Int]) -> Bool in
                guard let s = item.scalar, let i = Int(s) else {
                    v.diagnostics.emit(Diagnostic(SpecValidator.wholeNumberProblem(key, item), at: item.range))
                    return false
                }
                guard range.contains(i) || (allowNegative && range.contains(-i)) else {
                    let neg = allowNegative ? " or -\(range.upperBound)…-1 from the month's end" : ""
                    v.diagnostics.emit(
                        Diagnostic(.calendarValueOutOfRange(String(key.dropLast()), i, range, negative: neg), at: item.range))
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
            let months = v.list(n, "`months`") { v, item, out -> Bool in
                guard let months = v.parseMany(item, "a month", ValueSyntax.months) else { return false }
                v.warnRepeated(months, seen: &seen, at: item, "month") { ValueSyntax.monthNames[$0 - 1] }
                out += months
                return true
            }
            if var months {
                months.sortUnique()
                rule.months = months
            } else {
                ok = false
            }
        }
        rule.days = ints(&v, "days", 1...31, allowNegative: true)
        if let n = m["weekdays"], let mask = v.plainWeekdayMask(n) {
            // Plain names carry no ordinal: in weekday order, they are sorted.
            var days: [WeekdaySelector] = []
            days.reserveCapacity(mask.nonzeroBitCount)
            for n in 1...7 where mask & 1 << n != 0 { days.append(WeekdaySelector(Weekday(rawValue: n)!)) }
            rule.weekdays = days
        } else if let n = m["weekdays"] {
            var seen = SeenValues<WeekdaySelector>()
            let days = v.list(n, "`weekdays`") { v, item, out -> Bool in
                guard let days = v.parseMany(item, "a weekday", { ValueSyntax.weekdays($0, allowOrdinals: true) }) else { return false }
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
            } else {
                ok = false
            }
        }
        let fieldKey = timeFieldKeys.first { m.has($0) }
        if let at = m["at"] {
            if let first = fieldKey {
                v.diagnostics.emit(
                    Diagnostic(.timesTwice(first), at: m.keyNode(first)!.range))
                ok = false
            }
            var seen = SeenValues<LocalTime>()
            let times = v.list(at, "`at`") { v, item, out -> Bool in
                guard let time = v.parse(item, "a time", ValueSyntax.time) else { return false }
                v.warnRepeated(time, seen: &seen, at: item, "time") { String($0.description.prefix($0.second == 0 ? 5 : 8)) }
                out.append(time)
                return true
            }
            if var times {
                times.sortUnique()
                rule.times = times
            } else {
                ok = false
            }
        } else if fieldKey != nil {
            let hours = ints(&v, "hours", 0...23)
            let minutes = ints(&v, "minutes", 0...59)
            let seconds = ints(&v, "seconds", 0...59)
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
            v.diagnostics.emit(problem)
            return nil
        }
        return rule
    }
}

extension CalendarRule: SpecKind {
    static var reader: any KindReader.Type { CalendarReader.self }
}
