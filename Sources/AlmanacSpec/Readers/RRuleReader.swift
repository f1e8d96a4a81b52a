import AlmanacModel
import AlmanacTime

/// `rrule:` — an RFC 5545 recurrence rule with its DTSTART (`start`), plus `rdates` and `exdates`.
enum RRuleReader: KindReader {
    static let key = "rrule"
    static let extraKeys = ["exdates", "rdates"]

    static func read(_ node: YAMLNode, in m: MappingReader, fields: CommonFields, _ v: inout SpecValidator) -> TriggerKind? {
        guard let text = v.text(node, "`rrule`") else { return nil }
        let (parsed, errors) = RRuleParser.parse(text)
        for e in errors { v.diagnostics.emit(e.diagnostic(in: node)) }
        guard let start = fields.start else {
            v.diagnostics.emit(
                Diagnostic(.rruleNeedsStart, at: node.range))
            return nil
        }
        let dtstart: LocalDateTime
        var startIsDate = false
        switch start.value {
        case .date(let d): dtstart = LocalDateTime(date: d, time: .midnight); startIsDate = true
        case .local(let l): dtstart = l
        case .instant:
            v.emitOnce(
                Diagnostic(.rruleStartIsLocal, at: start.range))
            return nil
        }
        guard var rule = parsed else { return nil }
        if let e = RRuleParser.checkUntil(rule, dtstartIsDate: startIsDate) { v.diagnostics.emit(e.diagnostic(in: node)); return nil }
        rule.source = text
        var trigger = RRuleTrigger(rule: rule, start: dtstart)
        for (key, isAdd) in [("rdates", true), ("exdates", false)] {
            guard let n = m[key] else { continue }
            let values = v.list(n, "`\(key)`") { v, item, out -> Bool in
                guard let b = v.parse(item, "a date-time", ValueSyntax.bound) else { return false }
                switch b {
                case .local(let l): out.append(l)
                case .date(let d): out.append(LocalDateTime(date: d, time: dtstart.time))
                case .instant:
                    v.diagnostics.emit(
                        Diagnostic(.localDateTimeItems(key), at: item.range))
                    return false
                }
                return true
            }
            guard let values else { return nil }
            if isAdd { trigger.rdates = Array(Set(values)).sorted() } else { trigger.exdates = Array(Set(values)).sorted() }
        }
        return .rrule(trigger)
    }
}

extension RRuleTrigger: SpecKind {
    static var reader: any KindReader.Type { RRuleReader.self }
}
