import AlmanacPlan

/// What a streaming merge of two plans reports, as it finds it.
public protocol FireMergeConsumer {
    /// A fire that is the same in both plans, in plan order.
    mutating func unchanged(_ fire: Fire)
    /// A fire added, removed or moved, in no particular order.
    mutating func change(_ change: PlanDiff.FireChange)
}

/// Pairs the fires of two plans read forward, never holding either plan: a merge of the two
/// streams (both in plan order) pairs the unchanged fires, and only the fires left over wait in a
/// table, keyed by id, until their partner turns up (a move) or the plans end (an addition or a
/// removal). A fire whose trigger the other plan does not declare has no partner and never waits.
///
/// The tables hold at most `pendingLimit` fires. Past that the merge starts again in `groups`
/// passes, each pairing only the fires whose id falls in its group (`FireIdentity.stableHash`),
/// so memory stays bounded whatever the difference; the usual edit (a window moved, some triggers
/// changed) fits in one pass.
public enum FireMerge {
    /// About 150 bytes a waiting fire: some 20 MiB.
    public static let defaultPendingLimit = 131_072
    /// The most groups a merge is split into (1 + 8 + … + 4,096 passes at worst).
    static let maxGroups: UInt64 = 4096

    /// A fire of one side that could not be read: which side, and why.
    public struct ReadError: Error, Sendable {
        public enum Side: Sendable { case old, new }
        public var side: Side
        public var error: PlanError
    }

    /// How many fires each plan has.
    public struct Totals: Sendable, Equatable {
        public var old = 0
        public var new = 0
    }

    /// Runs the merge. `make` gives the consumer of one attempt: when the tables overflow, the
    /// attempt's consumer is dropped and the merge runs again, in more groups, into a new one.
    public static func run<Consumer: FireMergeConsumer>(
        old: PlanFireSource, new: PlanFireSource, pendingLimit: Int = defaultPendingLimit, make: () -> Consumer
    ) throws -> (consumer: Consumer, totals: Totals) {
        try run(
            old: old, new: new, oldTriggers: Set(old.header.triggers.keys), newTriggers: Set(new.header.triggers.keys),
            pendingLimit: pendingLimit, make: make)
    }

    /// `oldTriggers` and `newTriggers`: the triggers that may have fires in each plan (a plan read
    /// from a file has fires of declared triggers only; one built in memory may have others).
    public static func run<Consumer: FireMergeConsumer>(
        old: PlanFireSource, new: PlanFireSource, oldTriggers: Set<String>, newTriggers: Set<String>, pendingLimit: Int,
        make: () -> Consumer
    ) throws -> (consumer: Consumer, totals: Totals) {
        var groups: UInt64 = 1
        while true {
            var consumer = make()
            var totals = Totals()
            var complete = true
            for group in 0..<groups {
                // Each split multiplies the passes by 8; at `maxGroups` a group waits for 1/4,096 of
                // the fires left over (some 350 of 1.44 M), so the limit is lifted rather than
                // reading the plans 32,768 more times.
                let limit = groups >= maxGroups ? Int.max : max(1, pendingLimit)
                var pass = FireMergePass(
                    old: old, new: new, oldTriggers: oldTriggers, newTriggers: newTriggers, group: group, groups: groups,
                    pendingLimit: limit)
                guard let counted = try pass.run(into: &consumer) else {
                    complete = false
                    break
                }
                if group == 0 { totals = counted }
            }
            if complete { return (consumer, totals) }
            groups *= 8
        }
    }
}

/// One pass of `FireMerge`: the fires of group `group` of `groups`.
struct FireMergePass {
    let old: PlanFireSource
    let new: PlanFireSource
    let oldTriggers: Set<String>
    let newTriggers: Set<String>
    let group: UInt64
    let groups: UInt64
    let pendingLimit: Int
    private var lost: [FireIdentity: Fire] = [:]
    private var gained: [FireIdentity: Fire] = [:]

    init(
        old: PlanFireSource, new: PlanFireSource, oldTriggers: Set<String>, newTriggers: Set<String>, group: UInt64, groups: UInt64,
        pendingLimit: Int
    ) {
        self.old = old
        self.new = new
        self.oldTriggers = oldTriggers
        self.newTriggers = newTriggers
        self.group = group
        self.groups = groups
        self.pendingLimit = pendingLimit
    }

    /// Whether this pass pairs the fire with this identity.
    private func owns(_ identity: FireIdentity) -> Bool {
        groups == 1 || identity.stableHash % groups == group
    }

    /// The fire counts of both plans, or nil when the tables outgrew the limit.
    mutating func run<Consumer: FireMergeConsumer>(into consumer: inout Consumer) throws -> FireMerge.Totals? {
        let oldCursor = try read(.old) { try old.cursor() }, newCursor = try read(.new) { try new.cursor() }
        func nextOld() throws -> Fire? { try read(.old) { try oldCursor.next() } }
        func nextNew() throws -> Fire? { try read(.new) { try newCursor.next() } }
        var totals = FireMerge.Totals()
        var a = try nextOld(), b = try nextNew()
        while let x = a, let y = b {
            if x.at == y.at && Fire.sameID(x, y) {
                // Same identity and instant, but another wall time or nominal: reported as a move.
                if x.offset != y.offset || x.nominal != y.nominal {
                    if owns(y.identity) { consumer.change(.moved(from: x, to: y)) }
                } else if group == 0 {
                    consumer.unchanged(y)
                }
                totals.old += 1
                totals.new += 1
                a = try nextOld()
                b = try nextNew()
            } else if Fire.precedes(x, y) {
                guard leave(x, into: &consumer) else { return nil }
                totals.old += 1
                a = try nextOld()
            } else {
                guard arrive(y, into: &consumer) else { return nil }
                totals.new += 1
                b = try nextNew()
            }
        }
        while let x = a {
            guard leave(x, into: &consumer) else { return nil }
            totals.old += 1
            a = try nextOld()
        }
        while let y = b {
            guard arrive(y, into: &consumer) else { return nil }
            totals.new += 1
            b = try nextNew()
        }
        for fire in lost.values { consumer.change(.removed(fire)) }
        for fire in gained.values { consumer.change(.added(fire)) }
        return totals
    }

    /// `body`'s value; its `PlanError` is told as the side's.
    private func read<T>(_ side: FireMerge.ReadError.Side, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as PlanError {
            throw FireMerge.ReadError(side: side, error: error)
        }
    }

    /// An old fire with no equal in the new plan: removed, or the old side of a move. False on overflow.
    private mutating func leave<Consumer: FireMergeConsumer>(_ fire: Fire, into consumer: inout Consumer) -> Bool {
        let identity = fire.identity
        guard owns(identity) else { return true }
        if !newTriggers.contains(fire.trigger) {
            consumer.change(.removed(fire))
        } else if let partner = gained.removeValue(forKey: identity) {
            consumer.change(.moved(from: fire, to: partner))
        } else {
            lost[identity] = fire
            return lost.count + gained.count <= pendingLimit
        }
        return true
    }

    /// A new fire with no equal in the old plan: added, or the new side of a move. False on overflow.
    private mutating func arrive<Consumer: FireMergeConsumer>(_ fire: Fire, into consumer: inout Consumer) -> Bool {
        let identity = fire.identity
        guard owns(identity) else { return true }
        if !oldTriggers.contains(fire.trigger) {
            consumer.change(.added(fire))
        } else if let partner = lost.removeValue(forKey: identity) {
            consumer.change(.moved(from: partner, to: fire))
        } else {
            gained[identity] = fire
            return lost.count + gained.count <= pendingLimit
        }
        return true
    }
}
