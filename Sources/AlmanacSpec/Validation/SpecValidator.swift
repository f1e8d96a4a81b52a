import AlmanacModel
import AlmanacJSON
import AlmanacTime
import AlmanacVocabulary

/// Validates the top level of a spec into a `Schedule`, collecting every problem.
struct SpecValidator {
    static let topLevelKeys: KeyList = [
        "version", "name", "runs_on", "timezone", "horizon", "limits", "defaults", "blackouts", "regions", "triggers", "payloads",
        "swift",
    ]

    var diagnostics = DiagnosticBag()
    let defaultName: String
    var specZone: String?
    /// A `timezone:` was written but is unknown: its error already says so, so "needs a time
    /// zone" would only repeat it.
    var zoneWrittenButUnknown = false
    /// Blackout name → its date ranges.
    var blackouts: [String: [DateRange]] = [:]
    var blackoutKeys: [String: SourceRange] = [:]
    var regions: [String: Region] = [:]
    var regionKeys: [String: SourceRange] = [:]
    /// Regions defined with errors (already reported): a reference to one is not "unknown".
    var brokenRegions: Set<String> = []
    /// Blackouts and regions some trigger names (or meant to name, when misspelt).
    var usedBlackouts: Set<String> = []
    var usedRegions: Set<String> = []
    /// Problems located inside `defaults:` that every inheriting trigger would raise again.
    var reportedInDefaults: Set<String> = []
    var defaults = CommonFields()
    /// Did-you-mean hints for unknown zone names already seen: an alias repeats its node's text
    /// wherever it is used, and the search among every zone name is the costly part.
    var zoneHints: [String: String] = [:]

    init(defaultName: String) { self.defaultName = defaultName }

    mutating func validate(_ root: YAMLNode) -> Schedule? {
        guard let top = MappingReader(root, "the spec", known: Self.topLevelKeys, diagnostics: &diagnostics) else { return nil }
        var schedule = Schedule(name: defaultName)

        if let v = top["version"] {
            if let s = v.scalar, s != "1", Int(s) != nil {
                diagnostics.emit(
                    Diagnostic(.versionUnsupported(s), at: v.range))
            } else if v.scalar != "1" {
                diagnostics.emit(Diagnostic(.versionNotOne(v.scalar ?? v.kindName), at: v.range))
            }
        } else {
            diagnostics.emit(Diagnostic(.versionMissing, at: firstLineRange(root)))
        }
        if let n = top["name"], let s = text(n, "`name`") {
            if let problem = MeaningRules.scheduleName(s, at: n.range, characterAt: { n.range(ofValueCharacters: $0, length: 1) }) {
                diagnostics.emit(problem)
            } else {
                schedule.name = s
            }
        }
        if let z = top["timezone"] {
            specZone = zone(z)
            zoneWrittenButUnknown = specZone == nil
        }
        schedule.timezone = specZone
        if let h = top["horizon"] { schedule.horizon = parse(h, "`horizon`") { ValueSyntax.windowLength($0) } }
        if let l = top["limits"] { schedule.limits = limits(l) }
        if let r = top["runs_on"], let profile = choice(r, "`runs_on`", RunnerProfile.self) { schedule.runsOn = profile }
        MeaningRules.phoneCeilings(schedule.limits, runsOn: schedule.runsOn).forEach { diagnostics.emit($0) }
        if let b = top["blackouts"] { readBlackouts(b) }
        if let r = top["regions"] { readRegions(r) }
        if let d = top["defaults"] { readDefaults(d) }
        if let t = top["triggers"] {
            schedule.triggers = triggers(t)
        } else {
            diagnostics.emit(Diagnostic(.triggersMissing, at: firstLineRange(root)))
        }
        schedule.regions = regions
        if let p = top["payloads"], let (shape, misdeclared) = payloadShape(p) {
            schedule.payloadShape = shape
            checkPayloads(top, against: shape, skipping: misdeclared)
        }
        if let s = top["swift"] { schedule.swift = swiftOptions(s) }
        reportUnused()
        return schedule
    }

    /// `defaults:` holds common trigger fields; a kind, or a key that belongs to one, is not inherited.
    mutating func readDefaults(_ node: YAMLNode) {
        let kindOnly = Self.kindKeys.names + Self.kindExtras.map(\.key)
        guard let m = MappingReader(node, "`defaults`", known: CommonFields.keys + KeyList(kindOnly), diagnostics: &diagnostics) else {
            return
        }
        for key in kindOnly where m.has(key) {
            diagnostics.emit(
                Diagnostic(.keyNotInherited(key), at: m.keyNode(key)!.range))
        }
        defaults = commonFields(m)
        // Room for a trigger's own payload keys, so that merging over it rehashes nothing.
        if let count = defaults.payload?.count { defaults.payload?.reserveCapacity(count + 8) }
    }

    /// Emits `diagnostic` once per code and place: a problem inside `defaults:` is found again by
    /// every trigger that inherits it, but the user has one thing to fix.
    mutating func emitOnce(_ diagnostic: Diagnostic) {
        let place = diagnostic.range.map { "\($0.start.line):\($0.start.column)" } ?? ""
        guard reportedInDefaults.insert(diagnostic.code.rawValue + "@" + place).inserted else { return }
        diagnostics.emit(diagnostic)
    }

    func firstLineRange(_ root: YAMLNode) -> SourceRange {
        SourceRange(line: root.range.start.line, column: root.range.start.column, length: 1)
    }

    mutating func limits(_ node: YAMLNode) -> Limits {
        var limits = Limits()
        guard
            let m = MappingReader(
                node, "`limits`", known: ["max_pending", "max_regions", "max_fires", "min_coverage"],
                diagnostics: &diagnostics)
        else { return limits }
        if let v = m["max_pending"], let n = integer(v, "`max_pending`", in: MeaningRules.maxPendingBounds) {
            limits.maxPending = n
            limits.maxPendingRange = v.range
        }
        if let v = m["min_coverage"], let span = parse(v, "`min_coverage`", { ValueSyntax.duration($0, sign: .positive) }) {
            limits.minCoverage = span
            // `1d`, `2w`: calendar days; `24h`, `PT24H`, `1d12h`: elapsed time.
            limits.minCoverageDays = nil
            if let text = v.scalar, let unit = text.last, unit == "d" || unit == "w",
                let n = Int(text.dropLast()), text.dropLast().allSatisfy(\.isASCII)
            {
                limits.minCoverageDays = n * (unit == "w" ? 7 : 1)
            }
            limits.maxPendingRange = limits.maxPendingRange ?? v.range
        }
        if let v = m["max_regions"], let n = integer(v, "`max_regions`", in: MeaningRules.maxRegionsBounds) {
            limits.maxRegions = n
            limits.maxRegionsRange = v.range
        }
        if let v = m["max_fires"], let n = integer(v, "`max_fires`", in: MeaningRules.maxFiresBounds) {
            limits.maxFires = n
            limits.maxFiresRange = v.range
        }
        return limits
    }

    /// The entries of a `name: definition` section (`blackouts`, `regions`). A badly named entry is
    /// reported and still returned, so that its contents are checked and the triggers naming it
    /// are not told it is unknown.
    mutating func namedDefinitions(_ node: YAMLNode, _ section: String, holding what: String, nameKind: String)
        -> [(name: String, key: YAMLNode, value: YAMLNode, wellNamed: Bool)]
    {
        guard let pairs = node.mapping else {
            diagnostics.emit(Diagnostic(.sectionNotAMapping(section, of: what, found: node.kindName), at: node.range))
            return []
        }
        return pairs.compactMap { pair in
            guard let name = pair.key.scalar else { return nil }
            let wellNamed = IdentifierSyntax.isIdentifier(name)
            if !wellNamed {
                diagnostics.emit(Diagnostic(.nameInvalid(what: nameKind, name), at: pair.key.range))
            }
            return (name, pair.key, pair.value, wellNamed)
        }
    }

    mutating func readBlackouts(_ node: YAMLNode) {
        for entry in namedDefinitions(node, "blackouts", holding: "lists of dates", nameKind: "blackout name") {
            if entry.wellNamed { blackoutKeys[entry.name] = entry.key.range }
            var written: [ExceptItem] = []
            blackouts[entry.name] = dateRanges(entry.value, "blackout '\(entry.name)'", allowNames: false, written: &written) ?? []
        }
    }

    mutating func readRegions(_ node: YAMLNode) {
        for entry in namedDefinitions(node, "regions", holding: "{latitude, longitude, radius}", nameKind: "region name") {
            if entry.wellNamed { regionKeys[entry.name] = entry.key.range }
            if let region = region(entry.value, name: entry.name), entry.wellNamed {
                regions[entry.name] = region
            } else {
                brokenRegions.insert(entry.name)
            }
        }
    }

    mutating func region(_ node: YAMLNode, name: String?) -> Region? {
        let what = name.map { "region '\($0)'" } ?? "the inline region"
        guard let m = MappingReader(node, what, known: ["latitude", "longitude", "radius"], diagnostics: &diagnostics) else { return nil }
        var missing: [String] = []
        func coordinate(_ v: inout SpecValidator, _ key: String) -> (Double, String)? {
            guard let node = m[key] else { missing.append(key); return nil }
            guard let (value, text) = v.number(node, "`\(key)`") else { return nil }
            if let problem = MeaningRules.coordinate(key, value, text: text, at: node.range) {
                v.diagnostics.emit(problem)
                return nil
            }
            return (value, text)
        }
        let lat = coordinate(&self, "latitude")
        let lon = coordinate(&self, "longitude")
        let radius = coordinate(&self, "radius")
        if !missing.isEmpty {
            diagnostics.emit(
                Diagnostic(.keysMissing(what, missing), at: node.range))
        }
        guard let lat, let lon, let radius else { return nil }
        return Region(
            name: name, latitude: lat.0, longitude: lon.0, radius: radius.0,
            latitudeText: lat.1, longitudeText: lon.1, radiusText: radius.1)
    }

    mutating func triggers(_ node: YAMLNode) -> [Trigger] {
        guard let pairs = node.mapping else {
            diagnostics.emit(Diagnostic(.triggersNotAMapping(found: node.kindName), at: node.range))
            return []
        }
        if pairs.isEmpty {
            diagnostics.emit(Diagnostic(.triggersEmpty, at: node.range))
        }
        var out: [Trigger] = []
        out.reserveCapacity(pairs.count)
        // Repeated ids were reported by the composer; only then is there a first one to keep.
        let repeats = diagnostics.diagnostics.contains { $0.code == .duplicateKey }
        var seen: Set<String> = []
        if repeats { seen.reserveCapacity(pairs.count) }
        for pair in pairs {
            guard let id = pair.key.scalar, !repeats || seen.insert(id).inserted else { continue }
            if let problem = MeaningRules.triggerID(id, at: pair.key.range) { diagnostics.emit(problem) }
            if let t = trigger(id: id, key: pair.key, pair.value) { out.append(t) }
        }
        // Sort positions by id, reading each id once. For ASCII ids (every valid one) `<` is the
        // byte order, compared with memcmp.
        let ids = out.map(\.id)
        var order = Array(out.indices)
        if ids.allSatisfy({ $0.utf8.allSatisfy { $0 < 0x80 } }) {
            order.sort { ids[$0] < ids[$1] }
        } else {
            order.sort { ids[$0].utf8.lexicographicallyPrecedes(ids[$1].utf8) }
        }
        out = order.map { out[$0] }
        return out
    }

    mutating func reportUnused() {
        for (name, range) in blackoutKeys where !usedBlackouts.contains(name) {
            diagnostics.emit(Diagnostic(.blackoutUnused(name), at: range))
        }
        for (name, range) in regionKeys where !usedRegions.contains(name) {
            diagnostics.emit(Diagnostic(.regionUnused(name), at: range))
        }
    }
}
