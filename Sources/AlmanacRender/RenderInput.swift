import AlmanacPlan
import AlmanacTime

/// What a timeline draws: one plan, or the difference from an old plan to a new one, each read
/// forward from its source (a plan file is never read whole).
public struct RenderInput: Sendable {
    /// The plan drawn (the new side of a difference).
    public var plan: PlanFireSource
    /// The old side, when drawing a difference.
    public var old: PlanFireSource?
    /// Days on which a trigger never fires (its `except`, blackouts expanded), by trigger id, as
    /// inclusive `(from, to)` local dates in the trigger's zone; known only when the input is a spec.
    public var exceptDays: [String: [(from: CivilDate, to: CivilDate)]]
    /// The heading: the input's path or name.
    public var title: String
    /// The triggers each side may have fires of: its declared ones, and for a plan built in code
    /// also those its fires name.
    private(set) var firedTriggers: (new: Set<String>, old: Set<String>)

    public init(
        plan: PlanFireSource, old: PlanFireSource? = nil, exceptDays: [String: [(from: CivilDate, to: CivilDate)]] = [:], title: String
    ) {
        self.plan = plan
        self.old = old
        self.exceptDays = exceptDays
        self.title = title
        firedTriggers = (Set(plan.header.triggers.keys), Set(old?.header.triggers.keys ?? [:].keys))
    }

    /// A plan (and an old one) in memory; fires in plan order.
    public init(plan: Plan, old: Plan? = nil, exceptDays: [String: [(from: CivilDate, to: CivilDate)]] = [:], title: String) {
        self.init(plan: PlanFireSource(plan), old: old.map { PlanFireSource($0) }, exceptDays: exceptDays, title: title)
        func fired(_ plan: Plan?) -> Set<String> {
            guard let plan else { return [] }
            return Set(plan.triggers.keys).union(plan.fires.map(\.trigger))
        }
        firedTriggers = (fired(plan), fired(old))
    }
}
