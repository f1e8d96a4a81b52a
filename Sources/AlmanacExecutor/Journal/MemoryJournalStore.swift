import AlmanacTime

/// A journal store in memory: for `simulate`, tests, and `run` without `--state`.
public final class MemoryJournalStore: JournalStore, @unchecked Sendable {
    private let lock = Lock()
    private var index = JournalIndex()
    private var record: String?

    public init() {}

    public var baseline: Instant? { lock.withLock { index.baseline } }
    public var watermark: Instant? { lock.withLock { index.watermark } }
    public var warnings: [String] { [] }
    public var entriesSinceCompaction: Int { lock.withLock { index.entriesSinceCompaction } }

    public func isDone(_ id: String) -> Bool { lock.withLock { index.isDone(id) } }

    public func append(contentsOf entries: [Journal.Entry]) throws {
        lock.withLock {
            for entry in entries { index.apply(entry) }
        }
    }

    public func recent(_ count: Int) -> [Journal.Entry] { lock.withLock { index.recent(count) } }

    public func compact(watermark: Instant) throws { lock.withLock { index.compact(watermark: watermark) } }

    public func recordRegistration(_ text: String) throws { lock.withLock { record = text } }

    public func registration() throws -> String? { lock.withLock { record } }
}
