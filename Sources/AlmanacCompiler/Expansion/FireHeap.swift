/// A binary min-heap of trigger streams keyed by their head fire's `(final instant, trigger rank)`:
/// the lazy k-way merge that puts all triggers' fires in plan order. Each stream holds at most one
/// entry, so memory grows with triggers, not fires, and keys never tie.
struct FireHeap {
    struct Entry {
        var at: Int64
        var rank: Int
        var stream: Int

        @inline(__always)
        static func < (a: Entry, b: Entry) -> Bool {
            a.at != b.at ? a.at < b.at : a.rank < b.rank
        }
    }

    private var entries: [Entry] = []

    init(capacity: Int) { entries.reserveCapacity(capacity) }

    var isEmpty: Bool { entries.isEmpty }
    var top: Entry? { entries.first }

    /// The smallest entry after the top: what the top's stream may run up to before the order changes.
    var runnerUp: Entry? {
        guard entries.count > 2 else { return entries.count == 2 ? entries[1] : nil }
        return entries[2] < entries[1] ? entries[2] : entries[1]
    }

    mutating func push(_ entry: Entry) {
        entries.append(entry)
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child] < entries[parent] else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    /// Replaces the top with `entry` (the same stream's next head), or removes it when nil.
    mutating func replaceTop(with entry: Entry?) {
        if let entry {
            entries[0] = entry
        } else {
            let last = entries.removeLast()
            guard !entries.isEmpty else { return }
            entries[0] = last
        }
        siftDown(from: 0)
    }

    private mutating func siftDown(from start: Int) {
        var parent = start
        let count = entries.count
        while true {
            let left = 2 * parent + 1
            guard left < count else { return }
            let right = left + 1
            let child = right < count && entries[right] < entries[left] ? right : left
            guard entries[child] < entries[parent] else { return }
            entries.swapAt(child, parent)
            parent = child
        }
    }
}
