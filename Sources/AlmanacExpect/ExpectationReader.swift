import AlmanacCompiler
import AlmanacModel
import AlmanacSpec
import AlmanacTime

/// Reads an expectation file through the spec's YAML front end (located nodes), against the spec it
/// is about: trigger ids and blackout names are resolved here, so a misspelt one is an error at its
/// place in the file, with a did-you-mean.
public struct ExpectationReader {
    /// The assertion keys, in the order messages list them.
    public static let kinds = ["fires", "includes", "never_on", "max_per_day", "quiet", "apart", "count"]
    static let topKeys = ["window", "expect"]
    static let windowKeys = ["from", "to", "horizon"]

    /// The spec's trigger ids, in spec order.
    let triggerIDs: [String]
    let blackouts: [String: [DateRange]]
    /// The spec's path, for messages (`no trigger 'x' in examples/team.yaml`).
    let specPath: String
    var diagnostics = DiagnosticBag()

    public init(triggerIDs: [String], blackouts: [String: [DateRange]], specPath: String) {
        self.triggerIDs = triggerIDs
        self.blackouts = blackouts
        self.specPath = specPath
    }

    /// The file's expectations (nil when its window or its YAML cannot be read), and every problem
    /// found, in source order. Assertions with a problem are left out; the others are kept.
    public static func read(
        _ file: SourceFile, triggerIDs: [String], blackouts: [String: [DateRange]], specPath: String
    ) -> (Expectations?, [Diagnostic]) {
        var reader = ExpectationReader(triggerIDs: triggerIDs, blackouts: blackouts, specPath: specPath)
        var bag = DiagnosticBag()
        guard let root = YAMLComposer.compose(file.bytes, diagnostics: &bag) else { return (nil, bag.sorted) }
        reader.diagnostics = bag
        let expectations = reader.read(root)
        return (expectations, reader.diagnostics.sorted)
    }

    mutating func read(_ root: YAMLNode) -> Expectations? {
        guard let top = mapping(root, "the expectation file", known: Self.topKeys) else { return nil }
        let missing = Self.topKeys.filter { top[$0] == nil }
        if !missing.isEmpty {
            diagnostics.emit(Diagnostic(.keysMissing("the expectation file", missing), at: SourceRange(line: 1, column: 1, length: 1)))
        }
        let window = top["window"].flatMap { readWindow($0.value) }
        var assertions: [Assertion] = []
        if let expect = top["expect"] {
            if let items = expect.value.sequence {
                if items.isEmpty { diagnostics.emit(Diagnostic(.listEmpty("`expect`"), at: expect.value.range)) }
                for item in items { if let a = readAssertion(item) { assertions.append(a) } }
            } else {
                diagnostics.emit(Diagnostic(.notAList("`expect`", found: expect.value.kindName), at: expect.value.range))
            }
        }
        return window.map { Expectations(window: $0, assertions: assertions, windowRange: top["window"]!.key.range) }
    }

    // MARK: The window

    mutating func readWindow(_ node: YAMLNode) -> WindowRequest? {
        guard let m = mapping(node, "`window`", known: Self.windowKeys) else { return nil }
        guard let fromNode = m["from"] else {
            diagnostics.emit(Diagnostic(.expectWindowFrom(), at: node.range))
            return nil
        }
        guard let fromText = text(fromNode.value, "`from`") else { return nil }
        let from: TimePoint
        switch ValueSyntax.bound(fromText) {
        case .success(.date(let d)): from = .date(d)
        case .success(.instant(let i)): from = .instant(i)
        case .success(.local), .failure:
            diagnostics.emit(Diagnostic(.expectWindowFrom(), at: fromNode.value.range))
            return nil
        }
        var request = WindowRequest(from: from)
        if m["to"] != nil && m["horizon"] != nil {
            diagnostics.emit(Diagnostic(.expectWindowToAndHorizon(), at: m["horizon"]!.key.range))
            return nil
        }
        if let to = m["to"] {
            guard let t = text(to.value, "`to`") else { return nil }
            switch ValueSyntax.bound(t) {
            case .success(.date(let d)): request.to = .date(d)
            case .success(.instant(let i)): request.to = .instant(i)
            case .success(.local), .failure:
                diagnostics.emit(Diagnostic(.expectWindowFrom(), at: to.value.range))
                return nil
            }
        }
        if let horizon = m["horizon"] {
            guard let length = parse(horizon.value, "`horizon`", ValueSyntax.windowLength) else { return nil }
            request.horizon = length
        }
        return request
    }

    // MARK: Assertions

    mutating func readAssertion(_ node: YAMLNode) -> Assertion? {
        let known = Self.kinds + ["trigger", "name", "weekdays", "by"]
        guard let m = mapping(node, "an assertion", known: known) else { return nil }
        // In the order written, so that a second assertion key is reported where it is.
        let present = Self.kinds.filter { m[$0] != nil }.sorted { m[$0]!.key.range.start < m[$1]!.key.range.start }
        guard let kind = present.first, let kindPair = m[kind] else {
            diagnostics.emit(Diagnostic(.expectNoAssertion(kinds: Self.kinds), at: node.range))
            return nil
        }
        if present.count > 1 {
            diagnostics.emit(Diagnostic(.expectTwoAssertions(kind, present[1]), at: m[present[1]]!.key.range))
            return nil
        }
        let errorsBefore = diagnostics.errorCount
        // Keys that belong to other kinds.
        for (key, owner) in [("weekdays", "quiet"), ("by", "apart")] where kind != owner {
            if let pair = m[key] { diagnostics.emit(Diagnostic(.expectKeyNotHere(key, kind: kind), at: pair.key.range)) }
        }
        if kind == "apart", let pair = m["trigger"] {
            diagnostics.emit(Diagnostic(.expectKeyNotHere("trigger", kind: kind), at: pair.key.range))
        }
        var triggers: [String]?
        if let t = m["trigger"], kind != "apart" { triggers = readTriggers(t.value) }
        let value = kindPair.value
        var check: Check?
        switch kind {
        case "fires", "includes":
            // An unknown id in `trigger` is reported already; otherwise there must be exactly one.
            let alreadyReported = m["trigger"] != nil && triggers == nil
            if !alreadyReported && triggers?.count != 1 {
                diagnostics.emit(Diagnostic(.expectNeedsOneTrigger(kind), at: kindPair.key.range))
            }
            check = readTimes(value, kind).map { .fires(exactly: kind == "fires", $0) }
        case "never_on":
            check = readDays(value).map { .neverOn($0) }
        case "max_per_day":
            check = integer(value, "`max_per_day`", in: 0...Int.max).map { .maxPerDay(Located($0, at: value.range)) }
        case "count":
            check = integer(value, "`count`", in: 0...Int.max).map { .count(Located($0, at: value.range)) }
        case "quiet":
            var weekdays: Set<Weekday>?
            if let w = m["weekdays"] {
                // One scalar (`mon-fri`) or a list of them, as `during` takes.
                var days: Set<Weekday> = []
                var ok = true
                for item in w.value.listItems {
                    if let read = parseMany(item, "`weekdays`", { ValueSyntax.weekdays($0, allowOrdinals: false) }) {
                        days.formUnion(read.map(\.weekday))
                    } else {
                        ok = false
                    }
                }
                weekdays = ok ? days : nil
            }
            if let (from, to) = readBetween(value) { check = .quiet(from: from, to: to, weekdays: weekdays, at: value.range) }
        default: // apart
            let ids = value.sequence.map { Array($0) } ?? []
            guard ids.count == 2 else {
                diagnostics.emit(Diagnostic(.expectApartTriggers(), at: value.range))
                return nil
            }
            let names = ids.compactMap { triggerID($0) }
            guard let by = m["by"] else {
                diagnostics.emit(Diagnostic(.expectApartNeedsBy(), at: kindPair.key.range))
                return nil
            }
            if let span = parse(by.value, "`by`", { ValueSyntax.duration($0) }), names.count == 2 {
                check = .apart(names[0], names[1], by: span)
                triggers = names
            }
        }
        guard let check, diagnostics.errorCount == errorsBefore else { return nil }
        var name = "\(kind) (\(triggers.map { $0.joined(separator: ", ") } ?? "all triggers"))"
        if let n = m["name"], let written = text(n.value, "`name`") { name = written }
        return Assertion(kind: kind, name: name, range: kindPair.key.range, triggers: triggers, check: check)
    }

    /// `trigger: id` or `trigger: [a, b]`; each id must be the spec's.
    mutating func readTriggers(_ node: YAMLNode) -> [String]? {
        var ids: [String] = []
        var ok = true
        for item in node.listItems {
            if let id = triggerID(item) { ids.append(id) } else { ok = false }
        }
        if node.sequence?.isEmpty == true {
            diagnostics.emit(Diagnostic(.listEmpty("`trigger`"), at: node.range))
            return nil
        }
        return ok ? ids : nil
    }

    mutating func triggerID(_ node: YAMLNode) -> String? {
        guard let id = text(node, "a trigger id") else { return nil }
        guard triggerIDs.contains(id) else {
            diagnostics.emit(
                Diagnostic(
                    .expectUnknownTrigger(id, spec: specPath, hint: Suggestion.hint(for: id, among: triggerIDs)), at: node.range))
            return nil
        }
        return id
    }

    /// Local date-times (`2026-11-23T09:00`, read in the trigger's zone) or instants.
    mutating func readTimes(_ node: YAMLNode, _ kind: String) -> [Located<ExpectedTime>]? {
        guard node.sequence != nil else {
            diagnostics.emit(Diagnostic(.notAList("`\(kind)`", found: node.kindName), at: node.range))
            return nil
        }
        var times: [Located<ExpectedTime>] = []
        var ok = true
        for item in node.listItems {
            guard let moment = parse(item, "an item of `\(kind)`", ValueSyntax.moment) else {
                ok = false
                continue
            }
            switch moment {
            case .local(let l): times.append(Located(.local(l), at: item.range))
            case .instant(let i): times.append(Located(.instant(i), at: item.range))
            }
        }
        return ok ? times : nil
    }

    /// Dates, `{from, to}` ranges, weekdays (`sat`, `mon-fri`) and blackout names.
    mutating func readDays(_ node: YAMLNode) -> [Located<DaySet>]? {
        var days: [Located<DaySet>] = []
        var ok = true
        for item in node.listItems {
            if let m = item.mapping {
                let from = m.first { $0.key.scalar == "from" }, to = m.first { $0.key.scalar == "to" }
                guard m.count == 2, let from, let to, let a = parse(from.value, "`from`", ValueSyntax.date),
                    let b = parse(to.value, "`to`", ValueSyntax.date)
                else {
                    diagnostics.emit(Diagnostic(.expectDayRangeForm(), at: item.range))
                    ok = false
                    continue
                }
                days.append(Located(.dates(DateRange(from: a, to: b)), at: item.range))
                continue
            }
            guard let s = text(item, "an item of `never_on`") else {
                ok = false
                continue
            }
            if case .success(let d) = ValueSyntax.date(s) {
                days.append(Located(.dates(DateRange(from: d, to: d)), at: item.range))
            } else if let ranges = blackouts[s] {
                days.append(Located(.blackout(s, ranges), at: item.range))
            } else if let w = ValueSyntax.weekdays(s, allowOrdinals: false).0 {
                days.append(Located(.weekdays(Set(w.map(\.weekday))), at: item.range))
            } else {
                let hint = Suggestion.hint(for: s, among: blackouts.keys.sorted())
                diagnostics.emit(Diagnostic(.expectUnknownDay(s, spec: specPath, hint: hint), at: item.range))
                ok = false
            }
        }
        if node.sequence?.isEmpty == true {
            diagnostics.emit(Diagnostic(.listEmpty("`never_on`"), at: node.range))
            return nil
        }
        return ok ? days : nil
    }

    /// `["22:00", "07:00"]`.
    mutating func readBetween(_ node: YAMLNode) -> (LocalTime, LocalTime)? {
        guard let items = node.sequence, items.count == 2 else {
            diagnostics.emit(Diagnostic(.betweenForm, at: node.range))
            return nil
        }
        guard let a = parse(items[0], "a time", ValueSyntax.time), let b = parse(items[1], "a time", ValueSyntax.time) else { return nil }
        return (a, b)
    }

    // MARK: Scalars and mappings, located

    /// A mapping's pairs by key; unknown keys reported with a did-you-mean.
    mutating func mapping(_ node: YAMLNode, _ what: String, known: [String]) -> [String: YAMLPair]? {
        guard let pairs = node.mapping else {
            diagnostics.emit(Diagnostic(.notAMapping(what, found: node.kindName), at: node.range))
            return nil
        }
        var out: [String: YAMLPair] = [:]
        for pair in pairs {
            guard let key = pair.key.scalar else { continue }
            if known.contains(key) {
                out[key] = out[key] ?? pair
            } else {
                diagnostics.emit(Diagnostic(.unknownKey(key, in: what, hint: Suggestion.hint(for: key, among: known)), at: pair.key.range))
            }
        }
        return out
    }

    mutating func text(_ node: YAMLNode, _ what: String) -> String? {
        guard let s = node.scalar, !node.isNull else {
            diagnostics.emit(Diagnostic(.notASingleValue(what, found: node.kindName), at: node.range))
            return nil
        }
        return s
    }

    mutating func integer(_ node: YAMLNode, _ what: String, in range: ClosedRange<Int>) -> Int? {
        guard let s = text(node, what) else { return nil }
        guard let value = Int(s), s.first != "+" else {
            diagnostics.emit(Diagnostic(.notAWholeNumber(what, s), at: node.range))
            return nil
        }
        guard range.contains(value) else {
            diagnostics.emit(Diagnostic(.valueOutOfRange(what, value, bounds: "at least \(range.lowerBound)"), at: node.range))
            return nil
        }
        return value
    }

    mutating func parse<T>(_ node: YAMLNode, _ what: String, _ syntax: (String) -> Result<T, SyntaxError>) -> T? {
        guard let s = text(node, what) else { return nil }
        switch syntax(s) {
        case .success(let value): return value
        case .failure(let error):
            diagnostics.emit(located(error, in: node))
            return nil
        }
    }

    mutating func parseMany<T>(_ node: YAMLNode, _ what: String, _ syntax: (String) -> (T?, [SyntaxError])) -> T? {
        guard let s = text(node, what) else { return nil }
        let (value, errors) = syntax(s)
        for e in errors { diagnostics.emit(located(e, in: node)) }
        return errors.contains { $0.severity == .error } ? nil : value
    }

    func located(_ error: SyntaxError, in node: YAMLNode) -> Diagnostic {
        let length = error.length > 0 ? error.length : max(1, (node.scalar?.unicodeScalars.count ?? 1) - error.offset)
        return Diagnostic(error, at: node.range(ofValueCharacters: error.offset, length: length))
    }
}
