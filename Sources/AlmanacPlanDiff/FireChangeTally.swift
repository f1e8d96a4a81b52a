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
    /// Earlier changes kept, written out of memory by `spill` (only when `listing` is unlimited).
    private(set) var runs: [SpilledRun] = []
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

    /// The changes kept in memory, in time order: a removal at its old fire, an addition or a move
    /// at its new one.
    func sorted() -> [PlanDiff.FireChange] {
        kept.sorted(by: Self.precedes)
    }

    /// Writes the changes kept in memory to `file` at `offset` as one run in time order and lets
    /// them go; returns how many bytes it wrote.
    mutating func spill(to file: ScratchFile, at offset: Int) throws -> Int {
        precondition(listing == .max, "only an unlimited listing keeps its changes in arrival order")
        guard !kept.isEmpty else { return 0 }
        var bytes: [UInt8] = []
        for change in sorted() { SpilledChanges.append(change, to: &bytes) }
        try file.write(bytes, at: offset)
        runs.append(SpilledRun(offset: offset, bytes: bytes.count, count: kept.count))
        kept = []
        return bytes.count
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

/// The `FireMergeConsumer` of a `PlanDiff`: a tally per trigger. With a spill directory and an
/// unlimited listing, the changes held in memory are written to a scratch file made there, one
/// sorted run per trigger, whenever they reach `heldLimit`, so a diff that lists every change of
/// two plans that differ in every fire holds no more than that many.
struct FireChangeCollector: FireMergeConsumer {
    let listing: Int
    let spillDirectory: String?
    var tallies: [String: FireChangeTally] = [:]
    /// Made at the first spill: a diff that fits in memory writes no file.
    private(set) var scratch: ScratchFile?
    /// Changes kept in memory across all tallies, when they may be spilled.
    private var held = 0
    /// Where the next run goes.
    private var written = 0
    /// The first spill that failed; the diff throws it when the merge ends.
    private(set) var failure: ScratchFile.Failure?

    /// How many changes are held before they are spilled.
    let heldLimit: Int

    /// About 130 bytes each in memory (a move holds two fires): 1 MiB. What spilling costs, measured
    /// (release build, the same loaded machine, `diff --format json` of 144,000 fires that all
    /// move): 2.59 s and 20 MiB, where holding every change took 2.64 s and 53 MiB.
    static let defaultHeldLimit = 1 << 13

    init(listing: Int, spillDirectory: String? = nil, heldLimit: Int = defaultHeldLimit) {
        self.listing = listing
        self.spillDirectory = listing == .max ? spillDirectory : nil
        self.heldLimit = max(1, heldLimit)
    }

    mutating func unchanged(_ fire: Fire) {}

    mutating func change(_ change: PlanDiff.FireChange) {
        tallies[change.placement.trigger, default: FireChangeTally(listing: listing)].record(change)
        guard let spillDirectory, failure == nil else { return }
        held += 1
        guard held >= heldLimit else { return }
        do {
            let file = try scratch ?? ScratchFile(directory: spillDirectory)
            scratch = file
            for trigger in tallies.keys { written += try tallies[trigger]!.spill(to: file, at: written) }
            held = 0
        } catch {
            failure = error as? ScratchFile.Failure ?? ScratchFile.Failure(description: "\(error)")
        }
    }
}
