import AlmanacPlan
import AlmanacJSON
import AlmanacTime

/// The difference between two plans: fires added, removed and moved per trigger; triggers added
/// and removed; kind, zone, priority, payload and region edits; window, tzdata, limits and spec changes.
///
/// Computed in time linear in the plans' size: a merge of the two fire lists (both in plan order)
/// pairs the unchanged fires without hashing, and only the fires left over are hashed by id to tell
/// a move (same id, another instant) from an addition or a removal. Fire changes are kept as indices
/// into the two plans, so even a million of them stay small.
public struct PlanDiff: Sendable {
    /// The plan compared from.
    public let old: Plan
    /// The plan compared to.
    public let new: Plan
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

    /// Compares `old` with `new`; both must be in plan order, as `PlanReader` guarantees.
    public init(old: Plan, new: Plan) {
        self.old = old
        self.new = new
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
        for change in FireMatcher.match(old: old.fires, new: new.fires) {
            let trigger = change.isRemoval ? old.fires[Int(change.old)].trigger : new.fires[Int(change.new)].trigger
            byID[trigger, default: TriggerDiff(changedID: trigger)].record(change)
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
    /// an addition or a move at its new one).
    public func fireChanges(of trigger: TriggerDiff, limit: Int = .max) -> [FireChange] {
        trigger.changes.prefix(max(0, limit)).map { change in
            switch change.kind {
            case .added: return .added(new.fires[Int(change.new)])
            case .removed: return .removed(old.fires[Int(change.old)])
            case .moved: return .moved(from: old.fires[Int(change.old)], to: new.fires[Int(change.new)])
            }
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
