import AlmanacTime

/// Where the executor's durable memory lives: a file in a state directory, memory, later a database.
///
/// Every store passes the same conformance suite (tests: `JournalStoreConformance`). A store keeps
/// the baseline (first start), the ids delivered or skipped, the last deliveries and the latest
/// registration; `compact` lets it forget the ids before a watermark, so neither its size nor the
/// time to open it grows with history.
public protocol JournalStore: AnyObject, Sendable {
    /// The first start ever recorded.
    var baseline: Instant? { get }
    /// Every plan fire before this instant was handled (see `Journal.handled(before:)`); nil until
    /// the first compaction. Only ids at or after it are remembered.
    var watermark: Instant? { get }
    /// Problems found while opening (unreadable lines, a torn last line), each with its place.
    var warnings: [String] { get }
    /// True when `id` was fired or skipped, and its `at` is not before the watermark.
    func isDone(_ id: String) -> Bool
    /// Records `entries` durably, in order, before returning: one write and one sync for all of them
    /// (the loop journals a batch of due fires at once); on failure none of them is kept.
    func append(contentsOf entries: [Journal.Entry]) throws
    /// The last fire and skip entries, at most `count` (and at most `Journal.recentLimit`), newest last.
    func recent(_ count: Int) -> [Journal.Entry]
    /// Entries appended since the last compaction (what `compact` would save).
    var entriesSinceCompaction: Int { get }
    /// Forgets the ids before `watermark` (a watermark never moves back).
    func compact(watermark: Instant) throws
    /// Replaces the registration record (the text of `registered.json`).
    func recordRegistration(_ text: String) throws
    /// The latest registration record, if any.
    func registration() throws -> String?
}

extension JournalStore {
    /// Records `entry` durably before returning; on failure nothing of it is kept.
    public func append(_ entry: Journal.Entry) throws { try append(contentsOf: [entry]) }
}
