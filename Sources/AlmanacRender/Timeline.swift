import AlmanacPlan
import AlmanacPlanDiff
import AlmanacRegistration
import AlmanacTime

/// What a timeline draws, gathered in one forward read of the plan (a merge of both plans for a
/// difference): each lane's series, each trigger's counts, and where the budget's lines fall.
///
/// A series keeps its marks only while no two of its fires share a pixel column (so at most one
/// per column); from then on it is a density strip and keeps a count per column. A picture of a
/// million fires is drawn from a few thousand numbers, never from the plan held in memory.
struct Timeline {
    /// The plan drawn (the new side), and the old one in a difference; headers only.
    let plan: Plan
    let old: Plan?
    /// The window drawn: the new plan's, widened to the old one's in a difference.
    let window: Window
    let scale: Scale
    /// Lanes: every trigger of either side, by id.
    let ids: [String]
    let lanes: [String: [Series]]
    /// The new plan's fires, in all and per trigger.
    let fireCount: Int
    let firesByTrigger: [String: Int]
    /// In a difference, each trigger's fire changes.
    let changesByTrigger: [String: (added: Int, removed: Int, moved: Int)]
    /// Where the soonest `max_pending` fires after the window's start end, and `refresh_by`, for a
    /// reconcile at the window's start; nil when every fire fits the budget.
    let budget: (size: Int, cutoff: Instant, refreshBy: Instant)?

    init(_ input: RenderInput) throws {
        plan = input.plan.header
        old = input.old?.header
        if let old {
            window = Window(from: min(old.window.from, plan.window.from), to: max(old.window.to, plan.window.to))
        } else {
            window = plan.window
        }
        scale = Scale(window: window, left: TimelineRenderer.plotLeft, width: TimelineRenderer.plotWidth)
        var gathered: TimelineLanes
        if let oldSource = input.old {
            let scale = self.scale
            let merged = try FireMerge.run(
                old: oldSource, new: input.plan, oldTriggers: input.firedTriggers.old, newTriggers: input.firedTriggers.new,
                pendingLimit: FireMerge.defaultPendingLimit, make: { TimelineLanes(scale: scale, isDiff: true) })
            gathered = merged.consumer
        } else {
            gathered = TimelineLanes(scale: scale, isDiff: false)
            let cursor = try input.plan.cursor()
            while let fire = try cursor.next() { gathered.unchanged(fire) }
        }
        for id in gathered.lanes.keys { gathered.lanes[id] = gathered.lanes[id]!.map { $0.finished() } }
        var ids = Set(plan.triggers.keys).union(gathered.firesByTrigger.keys)
        if let old {
            ids.formUnion(old.triggers.keys)
            ids.formUnion(gathered.changesByTrigger.keys)
        }
        self.ids = ids.sorted()
        lanes = gathered.lanes
        fireCount = gathered.firesByTrigger.values.reduce(0, +)
        firesByTrigger = gathered.firesByTrigger
        changesByTrigger = gathered.changesByTrigger
        budget = try Self.budget(input.plan)
    }

    /// The budget's lines: read from the soonest fires after the window's start only.
    static func budget(_ source: PlanFireSource) throws -> (size: Int, cutoff: Instant, refreshBy: Instant)? {
        let plan = source.header
        let now = plan.window.from
        let budget = max(0, plan.limits.maxPending)
        let cursor = try source.cursor(from: Instant(secondsSinceEpoch: now.secondsSinceEpoch + 1))
        guard budget > 0, try cursor.remainingCount() > budget else { return nil }
        var cutoff = now
        for _ in 0..<budget { cutoff = try cursor.next()?.at ?? cutoff }
        let registration = try Reconciler.registration(for: source, now: now)
        return (budget, cutoff, registration.refreshBy)
    }
}

/// The lanes of a timeline as fires arrive: from a plan read in order (every fire `unchanged`), or
/// from a merge of two plans.
struct TimelineLanes: FireMergeConsumer {
    let scale: Scale
    let isDiff: Bool
    var lanes: [String: [Series]] = [:]
    var firesByTrigger: [String: Int] = [:]
    var changesByTrigger: [String: (added: Int, removed: Int, moved: Int)] = [:]

    init(scale: Scale, isDiff: Bool) {
        self.scale = scale
        self.isDiff = isDiff
    }

    /// A fire of the plan drawn (in a difference: one the same in both plans).
    mutating func unchanged(_ fire: Fire) {
        firesByTrigger[fire.trigger, default: 0] += 1
        add(fire, to: 0, from: nil) { fire.id + " " + Self.localText(fire) }
    }

    mutating func change(_ change: PlanDiff.FireChange) {
        let trigger = change.placement.trigger
        var counts = changesByTrigger[trigger] ?? (0, 0, 0)
        switch change {
        case .added(let f):
            counts.added += 1
            firesByTrigger[trigger, default: 0] += 1
            add(f, to: 1, from: nil) { "added " + f.id + " " + Self.localText(f) }
        case .removed(let f):
            counts.removed += 1
            add(f, to: 2, from: nil) { "removed " + f.id + " " + Self.localText(f) }
        case .moved(let a, let b):
            counts.moved += 1
            firesByTrigger[trigger, default: 0] += 1
            add(b, to: 3, from: a.at) { "moved " + b.id + " " + Self.localText(a) + " → " + Self.localText(b) }
        }
        changesByTrigger[trigger] = counts
    }

    private mutating func add(_ fire: Fire, to series: Int, from: Instant?, label: () -> String) {
        if lanes[fire.trigger] == nil {
            lanes[fire.trigger] =
                isDiff
                ? [Series(kind: .unchanged), Series(kind: .added), Series(kind: .removed), Series(kind: .moved)] : [Series(kind: .fire)]
        }
        lanes[fire.trigger]![series].add(fire, column: scale.column(fire.at), from: from, label: label)
    }

    static func localText(_ fire: Fire) -> String {
        RFC3339.format(fire.local, offset: fire.offset)
    }
}
