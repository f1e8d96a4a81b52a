import AlmanacModel
import AlmanacJSON
import AlmanacTime

/// Validates one trigger: its kind, its common fields merged over `defaults`, and their meaning.
extension SpecValidator {
    static let kindKeys = KindReaders.keys
    /// Keys that belong to one kind, with that kind.
    static let kindExtras = KindReaders.extras
    static let triggerKeys = kindKeys + CommonFields.keys + KeyList(KindReaders.extras.map(\.key))

    mutating func trigger(id: String, key: YAMLNode, _ node: YAMLNode) -> Trigger? {
        // Built only for messages: most triggers have none.
        var what: String { "trigger '\(id)'" }
        if node.isNull {
            // `todo:` with nothing under it: point at the id, not at the empty space after it.
            diagnostics.emit(
                Diagnostic(.triggerEmpty(what, kinds: Self.kindKeys.names), at: key.range))
            return nil
        }
        guard let m = MappingReader(node, what, known: Self.triggerKeys, diagnostics: &diagnostics) else { return nil }
        let kinds = m.present(among: Self.kindKeys)
        guard let kindKey = kinds.first else {
            // A misspelt kind (`calender`) was just reported with its did-you-mean; saying the
            // trigger has no kind would repeat that one mistake.
            let misspeltKind = m.unknownKeys.contains { key in
                Suggestion.closest(to: key, among: Self.triggerKeys.names).map(Self.kindKeys.contains) == true
            }
            if misspeltKind { return nil }
            diagnostics.emit(
                Diagnostic(.triggerWithoutKind(what, kinds: Self.kindKeys.names), at: key.range))
            return nil
        }
        for extra in kinds.others {
            diagnostics.emit(
                Diagnostic(.triggerTwoKinds(what, kindKey, extra), at: m.keyNode(extra)!.range))
        }
        for (extra, owner) in Self.kindExtras where kindKey != owner && m.has(extra) {
            diagnostics.emit(
                Diagnostic(.keyOfAnotherKind(extra, owner: owner, kind: kindKey), at: m.keyNode(extra)!.range))
        }
        var fields = commonFields(m, payloadBase: defaults.payload)
        fields.inherit(defaults)
        let zone = fields.timezone?.value ?? specZone
        let errorsBefore = diagnostics.errorCount
        let kindNode = m[kindKey]!
        guard let kind = KindReaders.reader(for: kindKey)?.read(kindNode, in: m, fields: fields, &self) else { return nil }
        // One initialiser call: the fields' box is made once, not checked for uniqueness per field.
        let trigger = Trigger(
            id: id, kind: kind, timezone: zone, start: fields.start?.value, end: fields.end?.value, count: fields.count?.value,
            except: fields.except?.value ?? [], exceptWritten: fields.exceptWritten, during: fields.during?.value, jitter: fields.jitter,
            invalidDates: fields.invalidDates ?? .omit, payload: fields.payload ?? [:], priority: fields.priority ?? 0,
            enabled: fields.enabled ?? true, dst: DSTPolicy(gap: fields.gap ?? .shift, overlap: fields.overlap ?? .first),
            concurrency: fields.concurrency ?? .allow, misfire: fields.misfire, dstGapStated: fields.gap != nil,
            dstOverlapStated: fields.overlap != nil,
            range: key.range)
        checkMeaning(trigger, fields: fields, key: key, kindNode: kindNode, anchorNode: m["anchor"])
        if case .every(let rule) = kind, let jitter = trigger.jitter,
            let problem = MeaningRules.jitterAgainstInterval(jitter, interval: rule.interval, at: (m["jitter"] ?? kindNode).range)
        {
            diagnostics.emit(problem)
        }
        let errorsAfter = diagnostics.errorCount
        return errorsAfter == errorsBefore ? trigger : nil
    }

    /// Rules that span several fields: zones for wall-clock readings, `count` needs `start`, order of bounds.
    mutating func checkMeaning(_ t: Trigger, fields: CommonFields, key: YAMLNode, kindNode: YAMLNode, anchorNode: YAMLNode?) {
        if t.timezone == nil, !fields.timezoneUnknown, !zoneWrittenButUnknown {
            var reasons: [(String, SourceRange)] = []
            if t.kind.isWallClock { reasons.append(("`\(t.kind.name)` is read on a wall clock", kindNode.range)) }
            for (name, bound) in [("start", fields.start), ("end", fields.end)] {
                if let b = bound, case .instant = b.value {
                } else if let b = bound {
                    reasons.append(("`\(name)` is a local date", b.range))
                }
            }
            if let e = fields.except { reasons.append(("`except` names local dates", e.range)) }
            if let d = fields.during { reasons.append(("`during` is a local window", d.range)) }
            if let a = anchorNode, a.scalar.map(ValueSyntax.isLocalDateTime) == true {
                reasons.append(("`anchor` is a local date-time", a.range))
            }
            if let (why, range) = reasons.first {
                // Inherited from `defaults:`: every trigger without a zone shares this one problem.
                let who = isInDefaults(range) ? "the triggers inheriting `defaults:` need" : "trigger '\(t.id)' needs"
                let whereTo = isInDefaults(range) ? "`defaults:` or the top of the spec" : "the trigger or at the top of the spec"
                emitOnce(MeaningRules.missingTimeZone(who: who, why: why, whereTo: whereTo, at: range))
            }
        }
        if let c = fields.count, fields.start == nil {
            emitOnce(MeaningRules.countNeedsStart(at: c.range))
        }
        if let s = fields.start, let e = fields.end,
            let problem = MeaningRules.endBeforeStart(start: s.value, end: e.value, startAt: s.range, endAt: e.range)
        {
            emitOnce(problem)
        }
    }

    /// Whether `range` is the place of a field written under `defaults:`.
    func isInDefaults(_ range: SourceRange) -> Bool {
        [defaults.start?.range, defaults.end?.range, defaults.except?.range, defaults.during?.range, defaults.count?.range].contains(range)
    }
}
