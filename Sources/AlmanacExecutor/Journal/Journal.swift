import AlmanacPlan
import AlmanacTime

/// The executor's durable memory, kept by a `JournalStore` (a state directory's files, or memory):
/// each entry recorded durably before the executor acts on it.
///
/// A fire is journaled *before* the backend is called: a crash between the two loses that one fire
/// rather than repeating it (at-most-once), which is what a reminder should do. A restart never
/// fires a journaled id again. The loop reports with `handled(before:)` the instant before which
/// every fire is settled; the store then forgets older ids from time to time (compaction), so
/// opening it costs the same after ten deliveries or ten million.
public final class Journal: @unchecked Sendable {
    /// One line of the journal.
    public enum Entry: Equatable, Sendable {
        /// The executor started; the first start is the journal's baseline.
        case start(now: Instant)
        case fire(id: String, trigger: String, at: Instant, now: Instant)
        /// A fire not delivered, with why (`misfire`).
        case skip(id: String, trigger: String, at: Instant, now: Instant, reason: String)
        /// How the work a fire started ended (exec backend).
        case outcome(FireOutcome)
    }

    public static let fileName = "journal.jsonl"
    /// How many past deliveries a store keeps for `pending`.
    public static let recentLimit = 100
    /// Entries the loop journals with one sync at most (group commit): it bounds what one crash can
    /// lose, the fires of a batch journaled and not started yet.
    public static let batchLimit = 256
    /// Entries appended before the store is compacted at the next `handled(before:)`.
    public static let defaultCompactionThreshold = 4096

    public let store: any JournalStore
    private let compactionThreshold: Int
    private let lock = Lock()
    private var problemHandler: (String) -> Void = { _ in }
    private var entryHandler: (Entry) -> Void = { _ in }
    /// Entries waiting for the next sync (`appendLater`): written, in order, before the entries of the
    /// next `append`, or by `flushDeferred`.
    private var deferred: [Entry] = []

    /// A journal kept in memory only.
    public convenience init() { self.init(store: MemoryJournalStore()) }

    public init(store: any JournalStore, compactionThreshold: Int = Journal.defaultCompactionThreshold) {
        self.store = store
        self.compactionThreshold = max(1, compactionThreshold)
    }

    /// Opens (creating if needed, and locking) the state directory `directory`.
    public convenience init(directory: String) throws {
        self.init(store: try FileJournalStore(directory: directory))
    }

    /// Opens an existing state directory without changing anything in it (`pending`).
    public static func readOnly(directory: String) throws -> Journal {
        Journal(store: try FileJournalStore(directory: directory, mode: .readOnly))
    }

    /// Where problems that do not stop the executor go (a compaction that failed).
    public func onProblem(_ handler: @escaping (String) -> Void) { lock.withLock { problemHandler = handler } }

    /// Calls `handler` with each entry once it is durably journaled (metrics count them).
    public func onEntry(_ handler: @escaping (Entry) -> Void) { lock.withLock { entryHandler = handler } }

    /// Fires before this instant are never delivered: before the first start they were never this
    /// executor's, before the watermark they are all settled.
    public var baseline: Instant? {
        guard let first = store.baseline else { return nil }
        return max(first, store.watermark ?? first)
    }

    /// Lines that could not be read when the store was opened, each with its place.
    public var warnings: [String] { store.warnings }

    /// True when `id` was fired or skipped already.
    public func isDone(_ id: String) -> Bool { store.isDone(id) }

    /// True when the fire `id` at `at` needs no delivery: journaled, or settled before the baseline.
    public func isDone(_ id: String, at: Instant) -> Bool {
        if let floor = baseline, at < floor { return true }
        return store.isDone(id)
    }

    /// Appends `entry` durably.
    public func append(_ entry: Entry) throws {
        try append(contentsOf: [entry])
    }

    /// Appends `entries` durably with one sync (group commit): the loop's batch of due fires. Entries
    /// waiting from `appendLater` are written first, with the same sync.
    public func append(contentsOf entries: [Entry]) throws {
        let waiting = lock.withLock { () -> [Entry] in
            defer { deferred.removeAll() }
            return deferred
        }
        let all = waiting.isEmpty ? entries : waiting + entries
        guard !all.isEmpty else { return }
        do {
            try store.append(contentsOf: all)
        } catch {
            // Not kept: they wait for the next try, ahead of what came meanwhile.
            lock.withLock { deferred = waiting + deferred }
            throw error
        }
        let handler = lock.withLock { entryHandler }
        for entry in all { handler(entry) }
    }

    /// Queues `entry` for the next sync instead of syncing it now (the exec backend's outcomes: nothing
    /// waits on them, so they share the loop's syncs). Until then a crash loses it; the loop bounds
    /// how long it waits (`FireLoop`), and `flushDeferred` writes it at once. Safe from any thread.
    public func appendLater(_ entry: Entry) {
        lock.withLock { deferred.append(entry) }
    }

    /// True when entries queued by `appendLater` wait for a sync.
    public var hasDeferred: Bool { lock.withLock { !deferred.isEmpty } }

    /// Writes and syncs the entries queued by `appendLater`, if any.
    public func flushDeferred() throws {
        try append(contentsOf: [])
    }

    /// The last `count` fire and skip entries (at most `recentLimit`), newest last.
    public func recentDeliveries(_ count: Int) -> [Entry] { store.recent(count) }

    /// Every fire before `instant` is journaled or needs no delivery (and no location fix before it
    /// can fire any more): the store may forget those ids. Compacts once enough entries piled up —
    /// unless fires journaled ahead wait for their instant (`firesWaiting`): a compaction writes and
    /// syncs a snapshot, which would come between them and their start; it then waits until twice
    /// as many entries piled up, so the journal stays bounded however the loop is woken.
    public func handled(before instant: Instant, firesWaiting: Bool = false) {
        let entries = store.entriesSinceCompaction
        guard entries >= compactionThreshold, !firesWaiting || entries >= 2 * compactionThreshold else { return }
        do {
            try store.compact(watermark: instant)
        } catch {
            let report = lock.withLock { problemHandler }
            report("compaction failed, the journal keeps growing until the next try: \(error)")
        }
    }
}
