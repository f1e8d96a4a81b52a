import AlmanacPlan
/// The whole-plan matcher `PlanDiff` used before it streamed (kept as the reference of
/// `StreamingPlanDiffTests`): pairs the fires of two plans in linear time: identical fires by a merge of the two lists (both
/// sorted by `(at, trigger, id)`), then the rest by id in a hash table that holds only those.
///
/// Most edits leave most fires alone, so the table stays small; in the worst case (every fire
/// moved) it holds one entry per old fire, still linear.
enum WholePlanFireMatcher {
    /// Every added, removed and moved fire, in time order: a removal sorts at its old fire, an
    /// addition or a move at its new one, ties broken by trigger and id as in a plan.
    static func match(old: [Fire], new: [Fire]) -> [FireChangeIndex] {
        precondition(old.count < Int32.max && new.count < Int32.max, "a plan of 2^31 fires is beyond any budget")
        var lost: [Int32] = [], gained: [Int32] = []
        var i = 0, j = 0
        while i < old.count && j < new.count {
            let a = old[i], b = new[j]
            if a.at == b.at && a.trigger == b.trigger && a.id == b.id {
                // Same identity and instant, but another wall time or nominal: reported as a move.
                if a.local != b.local || a.offset != b.offset || a.nominal != b.nominal {
                    lost.append(Int32(i))
                    gained.append(Int32(j))
                }
                i += 1
                j += 1
            } else if Fire.precedes(a, b) {
                lost.append(Int32(i))
                i += 1
            } else {
                gained.append(Int32(j))
                j += 1
            }
        }
        while i < old.count { lost.append(Int32(i)); i += 1 }
        while j < new.count { gained.append(Int32(j)); j += 1 }

        // Ids are unique within a plan, so each id names at most one lost fire.
        var lostByID: [String: Int32] = [:]
        lostByID.reserveCapacity(lost.count)
        for (k, index) in lost.enumerated() { lostByID[old[Int(index)].id] = Int32(k) }
        var paired = [Bool](repeating: false, count: lost.count)
        var arrivals: [FireChangeIndex] = []
        arrivals.reserveCapacity(gained.count)
        for index in gained {
            if let k = lostByID.removeValue(forKey: new[Int(index)].id) {
                paired[Int(k)] = true
                arrivals.append(FireChangeIndex(kind: .moved, old: lost[Int(k)], new: index))
            } else {
                arrivals.append(FireChangeIndex(kind: .added, old: -1, new: index))
            }
        }
        lostByID = [:]

        // Both streams are in plan order already; merging them keeps the result in time order.
        var changes: [FireChangeIndex] = []
        changes.reserveCapacity(arrivals.count + lost.count - arrivals.lazy.filter { $0.kind == .moved }.count)
        var a = 0, r = 0
        func nextRemoval() -> Int? {
            while r < lost.count && paired[r] { r += 1 }
            return r < lost.count ? r : nil
        }
        while a < arrivals.count {
            if let k = nextRemoval(), Fire.precedes(old[Int(lost[k])], new[Int(arrivals[a].new)]) {
                changes.append(FireChangeIndex(kind: .removed, old: lost[k], new: -1))
                r += 1
            } else {
                changes.append(arrivals[a])
                a += 1
            }
        }
        while let k = nextRemoval() {
            changes.append(FireChangeIndex(kind: .removed, old: lost[k], new: -1))
            r += 1
        }
        return changes
    }
}

/// A fire change as two indices into the old and new plans' fires (-1 where a side has none).
struct FireChangeIndex: Equatable, Sendable {
    enum Kind: UInt8, Sendable { case added, removed, moved }

    var kind: Kind
    var old: Int32
    var new: Int32
}
