import AlmanacPlan

/// One trigger's fire changes as a merge reports them: counted, and the first `listing` of them
/// (in time order) kept, so a diff holds what it prints rather than every change.
struct FireChangeTally {
    var added = 0
    var removed = 0
    var moved = 0
    /// While collecting, a max-heap by time when `listing` is finite (its root the latest change
    /// kept), else in arrival order; `sorted()` puts it in time order.
    private(set) var kept: [PlanDiff.FireChange] = []
    let listing: Int

    init(listing: Int) {
        self.listing = max(0, listing)
    }

    mutating func record(_ change: PlanDiff.FireChange) {
        switch change {
        case .added: added += 1
        case .removed: removed += 1
        case .moved: moved += 1
        }
        if listing == .max {
            kept.append(change)
        } else if kept.count < listing {
            kept.append(change)
            siftUp(kept.count - 1)
        } else if listing > 0, Self.precedes(change, kept[0]) {
            kept[0] = change
            siftDown(0)
        }
    }

    /// The changes kept, in time order: a removal at its old fire, an addition or a move at its new one.
    func sorted() -> [PlanDiff.FireChange] {
        kept.sorted(by: Self.precedes)
    }

    /// Time order, ties broken by trigger and id as in a plan; no two changes tie, since each id
    /// names one change.
    static func precedes(_ a: PlanDiff.FireChange, _ b: PlanDiff.FireChange) -> Bool {
        Fire.precedes(a.placement, b.placement)
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.precedes(kept[parent], kept[child]) else { return }
            kept.swapAt(parent, child)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            var latest = parent
            let left = 2 * parent + 1, right = left + 1
            if left < kept.count && Self.precedes(kept[latest], kept[left]) { latest = left }
            if right < kept.count && Self.precedes(kept[latest], kept[right]) { latest = right }
            if latest == parent { return }
            kept.swapAt(parent, latest)
            parent = latest
        }
    }
}

/// The `FireMergeConsumer` of a `PlanDiff`: a tally per trigger.
struct FireChangeCollector: FireMergeConsumer {
    let listing: Int
    var tallies: [String: FireChangeTally] = [:]

    mutating func unchanged(_ fire: Fire) {}

    mutating func change(_ change: PlanDiff.FireChange) {
        tallies[change.placement.trigger, default: FireChangeTally(listing: listing)].record(change)
    }
}
