import AlmanacPlan
import AlmanacRegistration

/// What a diff reconcile does, in order, to make a holder of pending requests (a phone's
/// notification centre, the spy) hold a registration: one pure plan, run by the synchronous
/// `Reconciler.apply` and by the asynchronous `PhoneReconciler` alike.
///
/// New and changed fires are added first, in plan order (the same id replaces), and stale ones
/// removed last, so the holder never holds nothing in between. A holder with a capacity keeps only
/// its soonest requests past it, so when it is full a stale request is removed just before an add:
/// the count never goes above the capacity, and no wanted request is pushed out.
public struct ReconcileSteps: Equatable, Sendable {
    public enum Step: Equatable, Sendable {
        /// Add the wanted fire at this index (of the `wanted` list given to `plan`).
        case add(Int)
        /// Remove these ids.
        case remove([String])
    }

    public var steps: [Step]
    /// The most requests held at any moment while the steps run (those held before included).
    public var peak: Int

    /// The steps from `held` (id → signature, the holder's requests of this adapter only) to
    /// `wanted` (id and signature, plan order). `capacity` is how many requests the holder keeps
    /// for this adapter; nil for no limit. With more wanted than `capacity`, the adds past it go
    /// in anyway (the caller's budget should not allow that; the holder then drops the latest).
    public static func plan(held: [String: String], wanted: [(id: String, signature: String)], capacity: Int?) -> ReconcileSteps {
        let wantedIDs = Set(wanted.map(\.id))
        var stale = held.keys.filter { !wantedIDs.contains($0) }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }[...]
        var count = held.count
        var peak = count
        var steps: [Step] = []
        for (index, fire) in wanted.enumerated() where held[fire.id] != fire.signature {
            let isNew = held[fire.id] == nil
            if isNew, let capacity, count >= capacity, let first = stale.popFirst() {
                steps.append(.remove([first]))
                count -= 1
            }
            steps.append(.add(index))
            if isNew { count += 1 }
            peak = max(peak, count)
        }
        if !stale.isEmpty { steps.append(.remove(Array(stale))) }
        return ReconcileSteps(steps: steps, peak: peak)
    }
}

/// The region half of a diff reconcile: stop watching what is no longer wanted first (a device
/// watches a limited number, iOS 20, and refuses more), then watch what is new or has changed.
public struct RegionSteps<Region: Sendable>: Sendable {
    /// Regions to stop watching, sorted by key.
    public var unmonitor: [Region]
    /// Regions to start watching (or watch again where they changed), in the order wanted.
    public var monitor: [Region]

    /// From the regions `held` to those `wanted`, a region known by `key` (its trigger, its
    /// identifier) and unchanged when `same` says so (centre, radius, events).
    public static func plan(
        held: [Region], wanted: [Region], key: (Region) -> String, same: (Region, Region) -> Bool
    ) -> RegionSteps {
        let heldByKey = Dictionary(held.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
        let wantedKeys = Set(wanted.map(key))
        let stale = held.filter { !wantedKeys.contains(key($0)) }.sorted { key($0).utf8.lexicographicallyPrecedes(key($1).utf8) }
        let fresh = wanted.filter { region in heldByKey[key(region)].map { !same($0, region) } ?? true }
        return RegionSteps(unmonitor: stale, monitor: fresh)
    }
}

extension RegionSteps where Region == PlanRegion {
    /// Plan regions by trigger, the same when their `FireDescription` fields (centre, radius, event,
    /// cooldown) are: what a spy's record or a backend knows of a region, its armed windows aside.
    public static func plan(held: [PlanRegion], wanted: [PlanRegion]) -> RegionSteps {
        plan(held: held, wanted: wanted, key: \.trigger, same: { FireDescription.fields($0) == FireDescription.fields($1) })
    }
}
