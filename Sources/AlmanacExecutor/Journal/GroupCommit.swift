/// Group commit: appends from several threads made durable together, one write and one sync for
/// all that queued up while the previous sync ran.
///
/// Each caller queues its item and waits. The first caller to find no commit under way becomes
/// the writer: it takes every item queued so far (its own among them), writes and syncs them in
/// queue order with `write`, and wakes the others. Items are committed in the order they queued;
/// a failure is the failure of every item of that group, never of an earlier or a later one. No
/// thread waits for a timer: a lone append is written at once, and the group is simply what
/// arrived during the sync before it (the exec backend's outcomes, the loop's next batch).
final class GroupCommit<Item, Failure>: @unchecked Sendable {
    private let lock = Lock()
    private var queued: [(sequence: Int, item: Item)] = []
    private var nextSequence = 0
    /// Every item up to this sequence number is finished: committed, or failed with its group.
    private var finishedThrough = -1
    /// Why the items of a failed group failed, kept until their callers pick it up.
    private var failures: [Int: Failure] = [:]
    /// A group is being written, or `exclusively` runs.
    private var busy = false

    init() {}

    /// Items waiting for the next writer (tests watch a group form).
    var queuedCount: Int { lock.withLock { queued.count } }

    /// Queues `item` and returns once it is committed (nil) or its group failed (why). `write` is
    /// called with a group of items in queue order, by one thread at a time, outside the lock.
    func commit(_ item: Item, by write: ([Item]) -> Failure?) -> Failure? {
        let (mine, group) = lock.withLock { () -> (Int, [(sequence: Int, item: Item)]) in
            let mine = nextSequence
            nextSequence += 1
            queued.append((mine, item))
            while finishedThrough < mine && busy { lock.wait() }
            guard finishedThrough < mine else { return (mine, []) }
            busy = true
            defer { queued.removeAll(keepingCapacity: true) }
            return (mine, queued)
        }
        guard let last = group.last else {
            // Another thread wrote this item with its group.
            return lock.withLock { failures.removeValue(forKey: mine) }
        }
        let failure = write(group.map(\.item))
        lock.withLock {
            if let failure {
                for entry in group where entry.sequence != mine { failures[entry.sequence] = failure }
            }
            finishedThrough = last.sequence
            busy = false
            lock.broadcast()
        }
        return failure
    }

    /// Runs `body` while no group is written and none starts (a compaction rewriting the file).
    func exclusively<R>(_ body: () throws -> R) rethrows -> R {
        lock.withLock {
            while busy { lock.wait() }
            busy = true
        }
        defer {
            lock.withLock {
                busy = false
                lock.broadcast()
            }
        }
        return try body()
    }
}
