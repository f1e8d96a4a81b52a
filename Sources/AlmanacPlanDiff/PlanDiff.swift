import AlmanacPlan
import AlmanacJSON
import AlmanacTime

/// The difference between two plans: fires added, removed and moved per trigger; triggers added
/// and removed; kind, zone, priority, payload and region edits; window, tzdata, limits and spec changes.
///
/// Computed from the plans read forward, in memory that does not grow with them (`FireMerge`):
/// the headers are compared whole, the fires merged as two streams. Each trigger keeps its counts
/// and its first `listing` fire changes, which is all the renderers show; a diff of two plans of a
/// million fires that differ in a few holds a few fires.
public struct PlanDiff: Sendable {
    /// The plan compared from, without its fires (`oldFireCount` counts them).
    public let old: Plan
    /// The plan compared to, without its fires.
    public let new: Plan
    public let oldFireCount: Int
    public let newFireCount: Int
    /// How many fire changes each trigger lists (`fireChanges(of:limit:)`); the rest are counted.
    public let listing: Int
    /// Where an unlimited listing went when it outgrew memory.
    let scratch: ScratchFile?
    /// Set when the spec's name or bytes (its SHA-256) differ.
    public private(set) var spec: ValueChange<SpecInfo>?
    public private(set) var window: ValueChange<Window>?
    public private(set) var tzdata: ValueChange<String>?
    public private(set) var limits: ValueChange<PlanLimits>?
    /// Every trigger with a difference, sorted by id.
    public private(set) var triggers: [TriggerDiff] = []
    public private(set) var firesAdded = 0
    public private(set) var firesRemoved = 0
    public private(set) var firesMoved = 0

    /// Whether the plans' zone data differ. `tzdata` is `VERSION+DIGEST`, the digest over the zones
    /// each plan uses; when the plans use different zones their digests differ for that reason
    /// alone, so only the versions are compared (a changed zone already shows as a trigger change).
    static func zoneDataDiffer(_ old: Plan, _ new: Plan) -> Bool {
        guard old.tzdata != new.tzdata else { return false }
        func version(_ label: String) -> Substring { label.split(separator: "+", maxSplits: 1).first ?? Substring(label) }
        func zones(_ plan: Plan) -> Set<String> { Set(plan.triggers.values.map { $0.timezone ?? "UTC" }) }
        return version(old.tzdata) != version(new.tzdata) || zones(old) == zones(new)
    }

    /// Compares two plans in memory; both must be in plan order, as `PlanReader` guarantees.
    public init(old: Plan, new: Plan, listing: Int = .max) {
        let sources = (old: PlanFireSource(old), new: PlanFireSource(new))
        // Plans built in code may hold fires of triggers they do not declare.
        let triggers = (
            old: Set(old.triggers.keys).union(old.fires.map(\.trigger)), new: Set(new.triggers.keys).union(new.fires.map(\.trigger))
        )
        do {
            let (collector, totals) = try FireMerge.run(
                old: sources.old, new: sources.new, oldTriggers: triggers.old, newTriggers: triggers.new,
                pendingLimit: FireMerge.defaultPendingLimit, make: { FireChangeCollector(listing: listing) })
            self.init(
                old: sources.old.header, new: sources.new.header, totals: totals, tallies: collector.tallies, listing: listing,
                scratch: nil)
        } catch {
            // Fires in memory are read without a check that can fail.
            preconditionFailure("reading fires from memory failed: \(error)")
        }
    }

    /// Compares two plans read forward from their sources (files are never read whole); a fire
    /// that cannot be read throws its `PlanError`. `pendingLimit`: see `FireMerge`.
    ///
    /// With a `spillDirectory`, an unlimited listing keeps no more than
    /// `FireChangeCollector.defaultHeldLimit` changes in memory and writes the rest to a `ScratchFile`
    /// made there; `forEachFireChange` reads them back. A scratch file that cannot be made or
    /// written throws `ScratchFile.Failure`.
    public init(
        old: PlanFireSource, new: PlanFireSource, listing: Int = .max, pendingLimit: Int = FireMerge.defaultPendingLimit,
        spillDirectory: String? = nil
    ) throws {
        try self.init(
            old: old, new: new, listing: listing, pendingLimit: pendingLimit, spillDirectory: spillDirectory,
            heldLimit: FireChangeCollector.defaultHeldLimit)
    }

    /// `heldLimit`: how many changes are held in memory before they are spilled.
    init(
        old: PlanFireSource, new: PlanFireSource, listing: Int, pendingLimit: Int, spillDirectory: String?, heldLimit: Int
    ) throws {
        let (collector, totals) = try FireMerge.run(
            old: old, new: new, pendingLimit: pendingLimit,
            make: { FireChangeCollector(listing: listing, spillDirectory: spillDirectory, heldLimit: heldLimit) })
        if let failure = collector.failure { throw failure }
        self.init(
            old: old.header, new: new.header, totals: totals, tallies: collector.tallies, listing: listing,
            scratch: collector.scratch)
    }

    private init(
        old: Plan, new: Plan, totals: FireMerge.Totals, tallies: [String: FireChangeTally], listing: Int, scratch: ScratchFile?
    ) {
        self.scratch = scratch
        self.old = old
        self.new = new
        oldFireCount = totals.old
        newFireCount = totals.new
        self.listing = max(0, listing)
        if old.spec != new.spec { spec = ValueChange(old: old.spec, new: new.spec) }
        if old.window != new.window { window = ValueChange(old: old.window, new: new.window) }
        if Self.zoneDataDiffer(old, new) { tzdata = ValueChange(old: old.tzdata, new: new.tzdata) }
        if old.limits != new.limits { limits = ValueChange(old: old.limits, new: new.limits) }

        var byID: [String: TriggerDiff] = [:]
        for id in Set(old.triggers.keys).union(new.triggers.keys) {
            if let entry = TriggerDiff(id: id, old: old.triggers[id], new: new.triggers[id]) { byID[id] = entry }
        }
        let oldRegions = Dictionary(old.regions.map { ($0.trigger, $0) }, uniquingKeysWith: { a, _ in a })
        let newRegions = Dictionary(new.regions.map { ($0.trigger, $0) }, uniquingKeysWith: { a, _ in a })
        for id in Set(oldRegions.keys).union(newRegions.keys) where oldRegions[id] != newRegions[id] {
            byID[id, default: TriggerDiff(changedID: id)].region = ValueChange(old: oldRegions[id], new: newRegions[id])
        }
        for (trigger, tally) in tallies {
            byID[trigger, default: TriggerDiff(changedID: trigger)].take(tally)
        }
        triggers = JSONWriter.sortedKeys(byID).map { byID[$0]! }
        for entry in triggers {
            firesAdded += entry.added
            firesRemoved += entry.removed
            firesMoved += entry.moved
        }
    }

    /// True when the plans are the same in every field (and so, written canonically, byte for byte).
    public var isEmpty: Bool {
        spec == nil && window == nil && tzdata == nil && limits == nil && triggers.isEmpty
    }

    /// How many triggers have each status.
    public func count(_ status: TriggerDiff.Status) -> Int {
        triggers.reduce(0) { $0 + ($1.status == status ? 1 : 0) }
    }

    /// The first `limit` fire changes of `trigger`, in time order (a removal at its old instant,
    /// an addition or a move at its new one); no more than the diff's `listing` keeps.
    /// Changes written to the scratch file are read back, and a read that fails stops the process:
    /// a caller that gave the diff a scratch file lists with `forEachFireChange`, which throws.
    public func fireChanges(of trigger: TriggerDiff, limit: Int = .max) -> [FireChange] {
        var changes: [FireChange] = []
        do {
            try forEachFireChange(of: trigger, limit: limit) { changes.append($0) }
        } catch {
            preconditionFailure("\(error)")
        }
        return changes
    }

    /// `fireChanges(of:limit:)` one at a time, without holding them: the runs written to the
    /// scratch file and the changes held in memory, merged in time order.
    public func forEachFireChange(of trigger: TriggerDiff, limit: Int = .max, _ body: (FireChange) throws -> Void) throws {
        precondition(
            limit <= listing || trigger.keptCount == trigger.fireChangeCount,
            "fireChanges(limit: \(limit)) asks for more than the diff lists (\(listing)); make the diff with listing: \(limit)")
        var left = max(0, limit)
        guard !trigger.runs.isEmpty, let scratch else {
            for change in trigger.listed.prefix(left) { try body(change) }
            return
        }
        var runs = try SpilledRunMerge(trigger.runs.map { try SpilledRunCursor($0, in: scratch, trigger: trigger.id) })
        var memory = trigger.listed[...]
        while left > 0 {
            if let first = memory.first, runs.head.map({ FireChangeTally.precedes(first, $0) }) ?? true {
                try body(first)
                memory = memory.dropFirst()
            } else if let head = runs.head {
                try body(head)
                try runs.advance()
            } else {
                return
            }
            left -= 1
        }
    }

    /// An old and a new value of something that changed.
    public struct ValueChange<Value: Equatable & Sendable>: Equatable, Sendable {
        public var old: Value
        public var new: Value

        public init(old: Value, new: Value) {
            self.old = old
            self.new = new
        }
    }

    /// One fire's difference.
    public enum FireChange: Equatable, Sendable {
        case added(Fire)
        case removed(Fire)
        /// The same id at another instant (or, rarely, the same instant with another wall time).
        case moved(from: Fire, to: Fire)

        /// The fire that places the change in time: a removal's old fire, else the new one.
        public var placement: Fire {
            switch self {
            case .removed(let fire), .added(let fire), .moved(_, let fire): return fire
            }
        }

        /// The fire's id, the same on both sides of a move.
        public var id: String {
            switch self {
            case .added(let fire), .removed(let fire), .moved(_, let fire): return fire.id
            }
        }
    }
}

extension PlanDiff {
    /// A spec digest as the renderers show it: its first 12 hex digits (the text renderer marks the
    /// cut with `…`), or `none` for a schedule built in code, which has no bytes to hash.
    static func shortDigest(_ sha256: String?, ellipsis: Bool = true) -> String {
        sha256.map { $0.prefix(12) + (ellipsis ? "…" : "") } ?? "none"
    }
}
