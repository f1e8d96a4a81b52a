import AlmanacModel
import AlmanacJSON
import AlmanacTime
import AlmanacVocabulary

/// A value and where it was written.
struct Located<Value> {
    var value: Value
    var range: SourceRange
}

/// The fields every trigger shares, as written in `defaults:` or in one trigger; all optional.
struct CommonFields {
    /// In this order: `CommonNodes` reads its slots by position.
    static let keys: KeyList = [
        "timezone", "start", "end", "count", "except", "during", "jitter",
        "invalid_dates", "payload", "priority", "enabled", "dst", "concurrency", "misfire",
    ]

    var timezone: Located<String>?
    /// `timezone:` was written here but is unknown (already reported).
    var timezoneUnknown = false
    var start: Located<Bound>?
    var end: Located<Bound>?
    var count: Located<Int>?
    var except: Located<[DateRange]>?
    /// `except` as written (blackout names kept), set with `except`.
    var exceptWritten: [ExceptItem] = []
    var during: Located<During>?
    var jitter: TimeSpan?
    var invalidDates: InvalidDatePolicy?
    var payload: [String: JSONValue]?
    var priority: Int?
    var enabled: Bool?
    var gap: GapPolicy?
    var overlap: OverlapPolicy?
    var concurrency: Concurrency?
    var misfire: Misfire?

    /// These fields over `defaults`, in place: `dst` merges key by key, the rest replace. A written
    /// `payload` was already read over the defaults' one (`commonFields(_:payloadBase:)`). In
    /// place, because copying every field of a trigger costs more than merging.
    mutating func inherit(_ defaults: CommonFields) {
        timezoneUnknown = timezoneUnknown || (timezone == nil && defaults.timezoneUnknown)
        if timezone == nil { timezone = defaults.timezone }
        if start == nil { start = defaults.start }
        if end == nil { end = defaults.end }
        if count == nil { count = defaults.count }
        if except == nil {
            except = defaults.except
            exceptWritten = defaults.exceptWritten
        }
        if during == nil { during = defaults.during }
        if jitter == nil { jitter = defaults.jitter }
        if invalidDates == nil { invalidDates = defaults.invalidDates }
        if priority == nil { priority = defaults.priority }
        if enabled == nil { enabled = defaults.enabled }
        if gap == nil { gap = defaults.gap }
        if overlap == nil { overlap = defaults.overlap }
        if payload == nil { payload = defaults.payload }
        if concurrency == nil { concurrency = defaults.concurrency }
        if misfire == nil { misfire = defaults.misfire }
    }
}

extension SpecValidator {
    static let dstKeys: KeyList = ["gap", "overlap"]
    static let duringKeys: KeyList = ["weekdays", "between"]
    static let dateRangeKeys: KeyList = ["from", "to"]

    /// Reads the common fields of `node`; keys outside `known` are reported as unknown.
    mutating func commonFields(_ node: YAMLNode, _ what: @autoclosure () -> String, known: KeyList) -> CommonFields {
        guard let m = MappingReader(node, what(), known: known, diagnostics: &diagnostics) else { return CommonFields() }
        return commonFields(m)
    }

    /// `payloadBase`: the payload a written `payload:` merges over, key by key.
    mutating func commonFields(_ m: MappingReader, payloadBase: [String: JSONValue]? = nil) -> CommonFields {
        var c = CommonFields()
        let nodes = CommonNodes(m)
        if let v = nodes.timezone {
            if let z = zone(v) { c.timezone = Located(value: z, range: v.range) } else { c.timezoneUnknown = true }
        }
        if let v = nodes.start, let b = parse(v, "`start`", ValueSyntax.bound) { c.start = Located(value: b, range: v.range) }
        if let v = nodes.end, let b = parse(v, "`end`", ValueSyntax.bound) { c.end = Located(value: b, range: v.range) }
        if let v = nodes.count, let n = integer(v, "`count`", in: MeaningRules.countBounds) { c.count = Located(value: n, range: v.range) }
        var written: [ExceptItem] = []
        if let v = nodes.except, let ranges = dateRanges(v, "`except`", allowNames: true, written: &written) {
            c.except = Located(value: ranges, range: v.range)
            c.exceptWritten = written
        }
        if let v = nodes.during, let d = during(v) { c.during = Located(value: d, range: v.range) }
        if let v = nodes.jitter, let span = parse(v, "`jitter`", { ValueSyntax.duration($0, sign: .positive) }) {
            if let problem = MeaningRules.jitterLimit(span, written: v.scalar ?? "", at: v.range) {
                diagnostics.emit(problem)
            } else {
                c.jitter = span
            }
        }
        if let v = nodes.invalidDates { c.invalidDates = choice(v, "`invalid_dates`", InvalidDatePolicy.self) }
        if let v = nodes.payload {
            if let pairs = v.mapping {
                c.payload = jsonObject(pairs, over: payloadBase ?? [:])
                checkPayloadText(pairs)
            } else {
                diagnostics.emit(
                    Diagnostic(.payloadNotAMapping(found: v.kindName), at: v.range))
            }
        }
        if let v = nodes.priority { c.priority = integer(v, "`priority`", in: MeaningRules.priorityBounds) }
        if let v = nodes.enabled { c.enabled = boolean(v, "`enabled`") }
        if let v = nodes.concurrency { c.concurrency = choice(v, "`concurrency`", Concurrency.self) }
        if let v = nodes.misfire { c.misfire = choice(v, "`misfire`", Misfire.self) }
        if let v = nodes.dst, let word = v.scalar, !v.isNull {
            // `dst: first`: a policy without saying whether it is for the gap or the overlap.
            let key = GapPolicy(rawValue: word) != nil ? "gap" : OverlapPolicy(rawValue: word) != nil ? "overlap" : nil
            let fix = key.map { "; write `dst: {\($0): \(word)}`" } ?? "; write e.g. `dst: {gap: shift, overlap: first}`"
            diagnostics.emit(Diagnostic(.dstNotAMapping(fix: fix), at: v.range))
        } else if let v = nodes.dst, let d = MappingReader(v, "`dst`", known: Self.dstKeys, diagnostics: &diagnostics) {
            if let g = d["gap"] { c.gap = choice(g, "`dst.gap`", GapPolicy.self) }
            if let o = d["overlap"] { c.overlap = choice(o, "`dst.overlap`", OverlapPolicy.self) }
        }
        return c
    }

    /// `during: {weekdays, between: [HH:MM, HH:MM]}`.
    mutating func during(_ node: YAMLNode) -> During? {
        guard let m = MappingReader(node, "`during`", known: Self.duringKeys, diagnostics: &diagnostics) else { return nil }
        var d = During()
        var ok = true
        if let w = m["weekdays"], let mask = plainWeekdayMask(w) {
            var days = Set<Weekday>(minimumCapacity: mask.nonzeroBitCount)
            for n in 1...7 where mask & 1 << n != 0 { days.insert(Weekday(rawValue: n)!) }
            d.weekdays = days
        } else if let w = m["weekdays"] {
            var seen = SeenValues<WeekdaySelector>()
            let days = list(w, "`during.weekdays`") { v, n, out -> Bool in
                guard let days = v.parseMany(n, "a weekday", { ValueSyntax.weekdays($0, allowOrdinals: false) }) else { return false }
                v.warnRepeated(days, seen: &seen, at: n, "weekday") { $0.weekday.shortName }
                out += days
                return true
            }
            if let days {
                d.weekdays = Set(days.map(\.weekday))
            } else {
                ok = false
            }
        }
        if let b = m["between"] {
            guard let items = b.sequence, items.count == 2 else {
                diagnostics.emit(Diagnostic(.betweenForm, at: b.range))
                return nil
            }
            let from = parse(items[0], "a time", ValueSyntax.time)
            let to = parse(items[1], "a time", ValueSyntax.time)
            if let from, let to {
                if from == to {
                    diagnostics.emit(
                        Diagnostic(.betweenEmpty("\(from)"), at: b.range))
                    ok = false
                } else {
                    d.between = (from, to)
                }
            } else {
                ok = false
            }
        }
        if !m.has("weekdays") && !m.has("between") {
            diagnostics.emit(Diagnostic(.duringNeedsAPart, at: node.range))
            return nil
        }
        return ok ? d : nil
    }

    /// A list of dates, `{from, to}` ranges and (when allowed) blackout names.
    /// `written` receives the items as written: each blackout by its name, dates and ranges as they are.
    mutating func dateRanges(
        _ node: YAMLNode, _ what: @autoclosure () -> String, allowNames: Bool, written: inout [ExceptItem]
    ) -> [DateRange]? {
        let items = node.listItems
        var out: [DateRange] = []
        var ok = true
        for item in items {
            if item.mapping != nil {
                guard let m = MappingReader(item, "a date range", known: Self.dateRangeKeys, diagnostics: &diagnostics) else {
                    ok = false; continue
                }
                guard let f = m["from"], let t = m["to"] else {
                    diagnostics.emit(Diagnostic(.dateRangeNeedsBoth, at: item.range))
                    ok = false
                    continue
                }
                guard let from = parse(f, "`from`", ValueSyntax.date), let to = parse(t, "`to`", ValueSyntax.date) else {
                    ok = false; continue
                }
                if to < from {
                    diagnostics.emit(
                        Diagnostic(.dateRangeReversed(from: "\(from)", to: "\(to)"), at: item.range))
                    ok = false
                    continue
                }
                out.append(DateRange(from: from, to: to))
                written.append(.dates(DateRange(from: from, to: to)))
            } else if let s = item.scalar {
                if allowNames, let first = s.utf8.first, !(first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) {
                    if let ranges = blackouts[s] {
                        usedBlackouts.insert(s)
                        written.append(.blackout(s))
                        // Alone (the usual `except: [holidays]`), the blackout's own array is shared.
                        if out.isEmpty { out = ranges } else { out.append(contentsOf: ranges) }
                    } else {
                        let known = blackouts.keys.sorted()
                        let meant = Suggestion.closest(to: s, among: known)
                        // The blackout the user meant is used; warning that it is unused would mislead.
                        if let meant { usedBlackouts.insert(meant) }
                        let hint =
                            meant.map { "; did you mean '\($0)'?" }
                            ?? (known.isEmpty ? "; define it under `blackouts:`" : "; known blackouts: " + known.joined(separator: ", "))
                        diagnostics.emit(Diagnostic(.blackoutUnknown(s, hint: hint), at: item.range))
                        ok = false
                    }
                } else if let d = parse(item, "a date", ValueSyntax.date) {
                    out.append(DateRange(from: d, to: d))
                    written.append(.dates(DateRange(from: d, to: d)))
                } else {
                    ok = false
                }
            } else {
                diagnostics.emit(
                    Diagnostic(.dateItemWrongType(what(), namesAllowed: allowNames, found: item.kindName), at: item.range))
                ok = false
            }
        }
        return ok ? out : nil
    }
}
