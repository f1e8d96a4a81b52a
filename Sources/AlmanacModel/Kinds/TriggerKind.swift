/// Exactly one per trigger.
///
/// Every case's rule is a `TriggerRule`, which describes its kind (name, wall clock, checks,
/// daily shape); this file is the model's one list of kinds. Adding a kind is a case here, its line
/// in `rule` and in `rules`, and the rule's file in `Kinds/` (ARCHITECTURE.md, "Add a trigger kind").
public enum TriggerKind: Sendable {
    case calendar(CalendarRule)
    case cron(CronExpression)
    case rrule(RRuleTrigger)
    case every(EveryRule)
    case once(OnceRule)
    case location(LocationRule)

    /// The rule, as the description of its kind.
    public var rule: any TriggerRule {
        switch self {
        case .calendar(let r): return r
        case .cron(let r): return r
        case .rrule(let r): return r
        case .every(let r): return r
        case .once(let r): return r
        case .location(let r): return r
        }
    }

    /// The kinds, in the order messages list them.
    public static let rules: [any TriggerRule.Type] = [
        CalendarRule.self, CronExpression.self, RRuleTrigger.self, EveryRule.self, OnceRule.self, LocationRule.self,
    ]

    /// The kinds' names, in the order messages list them (`calendar`, `cron`, …).
    public static let names = rules.map { $0.kindName }

    /// The name used in the spec and the plan (`calendar`, `cron`, …).
    public var name: String { type(of: rule).kindName }

    /// Kinds evaluated on the wall clock of a zone, which therefore need one.
    public var isWallClock: Bool { rule.isWallClock }
}
