import AlmanacPlan
import AlmanacJSON

/// One trigger's part of a `PlanDiff`: whether it was added, removed or changed, which of its
/// attributes changed, and how many of its fires were added, removed and moved.
public struct TriggerDiff: Equatable, Sendable {
    /// What happened to the trigger as a whole.
    public enum Status: String, Sendable {
        case added, removed, changed
    }

    public var id: String
    public var status: Status
    /// Set only for a trigger present in both plans whose attribute changed.
    public var kind: PlanDiff.ValueChange<String>?
    public var timezone: PlanDiff.ValueChange<String?>?
    public var priority: PlanDiff.ValueChange<Int>?
    public var concurrency: PlanDiff.ValueChange<PlanConcurrency>?
    /// Top-level payload keys whose value was added, removed or replaced, sorted by key.
    public var payload: [PayloadChange] = []
    /// The monitored region (location triggers), when it or its armed windows changed.
    public var region: PlanDiff.ValueChange<PlanRegion?>?
    public internal(set) var added = 0
    public internal(set) var removed = 0
    public internal(set) var moved = 0
    /// The first fire changes, in time order (see `PlanDiff.fireChanges(of:limit:)`): those held in
    /// memory, and runs of earlier ones written to the diff's scratch file.
    var listed: [PlanDiff.FireChange] = []
    var runs: [SpilledRun] = []

    /// One payload key's change; a nil side means the key is absent there.
    public struct PayloadChange: Equatable, Sendable {
        public var key: String
        public var old: JSONValue?
        public var new: JSONValue?
    }

    /// The attributes compared; nil when the trigger is the same on both sides.
    init?(id: String, old: PlanTrigger?, new: PlanTrigger?) {
        self.id = id
        switch (old, new) {
        case (nil, _?): status = .added
        case (_?, nil): status = .removed
        case (let old?, let new?):
            status = .changed
            if old.kind != new.kind { kind = PlanDiff.ValueChange(old: old.kind, new: new.kind) }
            if old.timezone != new.timezone { timezone = PlanDiff.ValueChange(old: old.timezone, new: new.timezone) }
            if old.priority != new.priority { priority = PlanDiff.ValueChange(old: old.priority, new: new.priority) }
            if old.concurrency != new.concurrency { concurrency = PlanDiff.ValueChange(old: old.concurrency, new: new.concurrency) }
            for key in JSONWriter.sortedKeys(old.payload.merging(new.payload) { a, _ in a })
            where old.payload[key] != new.payload[key] {
                payload.append(PayloadChange(key: key, old: old.payload[key], new: new.payload[key]))
            }
            if kind == nil && timezone == nil && priority == nil && concurrency == nil && payload.isEmpty { return nil }
        case (nil, nil): return nil
        }
    }

    /// A trigger present in both plans whose attributes are the same (only fires or region differ).
    init(changedID id: String) {
        self.id = id
        status = .changed
    }

    /// The names of the attributes that changed, in a fixed order, for summaries.
    public var changedAttributes: [String] {
        var names: [String] = []
        if kind != nil { names.append("kind") }
        if timezone != nil { names.append("timezone") }
        if priority != nil { names.append("priority") }
        if concurrency != nil { names.append("concurrency") }
        if !payload.isEmpty { names.append("payload") }
        if region != nil { names.append("region") }
        return names
    }

    /// How many fires changed in any way.
    public var fireChangeCount: Int { added + removed + moved }

    mutating func take(_ tally: FireChangeTally) {
        added = tally.added
        removed = tally.removed
        moved = tally.moved
        listed = tally.sorted()
        runs = tally.runs
    }

    /// How many fire changes the diff keeps for this trigger.
    var keptCount: Int { runs.reduce(listed.count) { $0 + $1.count } }
}
