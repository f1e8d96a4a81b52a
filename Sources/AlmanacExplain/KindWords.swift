import AlmanacModel
import AlmanacTime

/// A kind's rule in words, without the trigger's common fields. A kind says it by extending its
/// rule here; one that does not yet is explained by its name (`Explainer.rule`).
protocol KindWords: TriggerRule {
    func phrase(in trigger: Trigger) -> String
}

extension CalendarRule: KindWords {
    func phrase(in trigger: Trigger) -> String { CalendarWords.phrase(self, invalidDates: trigger.invalidDates) }
}

extension CronExpression: KindWords {
    func phrase(in trigger: Trigger) -> String { CronWords.phrase(self) }
}

extension RRuleTrigger: KindWords {
    func phrase(in trigger: Trigger) -> String {
        let text = RRuleWords.phrase(self)
        guard trigger.invalidDates != .omit, rule.byMonthDay.contains(where: { $0 >= 29 }) else { return text }
        return text
            + (trigger.invalidDates == .backward
                ? ", a day the month lacks moved to its last day" : ", a day the month lacks moved to the next month's 1st")
    }
}

extension EveryRule: KindWords {
    func phrase(in trigger: Trigger) -> String { Explainer.everyPhrase(self, zone: trigger.timezone) }
}

extension OnceRule: KindWords {
    func phrase(in trigger: Trigger) -> String {
        switch moment {
        case .local(let l): return "once, at \(Words.dateTime(l))"
        case .instant(let i): return "once, at \(RFC3339.format(i))"
        }
    }
}

extension LocationRule: KindWords {
    func phrase(in trigger: Trigger) -> String { Explainer.locationPhrase(self) }
}
