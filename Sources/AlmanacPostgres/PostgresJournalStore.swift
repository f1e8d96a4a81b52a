import AlmanacExecutor
import AlmanacTime
import Foundation
import Logging
import PostgresNIO

/// One executor's journal in PostgreSQL (`run --state postgres://…/db#NAME`): the file store's
/// entries and compaction, for a daemon without a durable disk. It passes the same conformance
/// suite as the file and memory stores. Not a shared store: one daemon holds a journal at a time
/// (a session advisory lock on its name, held while the store is open); several executors
/// sharing plans use `--store` and `ClusterRunner` instead.
///
/// `JournalStore` is synchronous (the fire loop runs on a thread of its own), so each call waits
/// for its query; never call it from a task on the cooperative pool.
public final class PostgresJournalStore: JournalStore, @unchecked Sendable {
    public let name: String
    private let store: ClusterStore
    /// The connection holding the journal's session lock (nil when read-only).
    private let lockConnection: PostgresConnection?
    private let logger: Logger
    private let lock = NSLock()
    private var index = JournalIndex()
    public private(set) var warnings: [String] = []

    /// Opens (creating if needed) the journal `name`; `readOnly` opens it without taking the lock.
    public init(address: StoreAddress, name: String, readOnly: Bool = false) throws {
        self.name = name
        var journalLogger = Logger(label: "almanac.journal")
        journalLogger.logLevel = .critical
        let logger = journalLogger
        self.logger = logger
        let store = try ClusterStore(address: address)
        self.store = store
        if readOnly {
            lockConnection = nil
        } else {
            // A session lock lives as long as its connection: one connection is kept for it.
            let held: (PostgresConnection, Bool)
            do {
                held = try Self.wait(name) {
                    let connection = try await StoreConnections.connect(
                        address.connectionConfiguration(), id: 0, timeout: address.connectTimeout ?? store.operationTimeout, logger: logger)
                    let got = try await ClusterStore.rows(
                        "SELECT pg_try_advisory_lock(hashtext(\("almanac-journal:" + name))::int8)", as: Bool.self, on: connection,
                        logger: logger)
                    return (connection, got.first == true)
                }
            } catch let error as ExecutorError {
                throw ExecutorError("cannot open \(error.message)")
            }
            guard held.1 else {
                held.0.closeNow()
                throw ExecutorError("the journal '\(name)' in \(address.redacted) is held by another daemon")
            }
            lockConnection = held.0
        }
        do {
            try wait {
                let version = try await self.store.schemaVersion()
                guard version >= 2 else {
                    throw StoreError("the database's schema is version \(version): run `almanac-exec migrate --store …` first")
                }
                try await self.store.execute(
                    "INSERT INTO almanac_journals (name) VALUES (\(self.name)) ON CONFLICT DO NOTHING", "opening the journal")
            }
            try load()
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// Releases the lock and the connections.
    public func close() {
        lockConnection?.closeNow()
        let store = self.store
        Task { await store.close() }
    }

    public var baseline: Instant? { lock.withLock { index.baseline } }
    public var watermark: Instant? { lock.withLock { index.watermark } }
    public var entriesSinceCompaction: Int { lock.withLock { index.entriesSinceCompaction } }
    public func isDone(_ id: String) -> Bool { lock.withLock { index.isDone(id) } }
    public func recent(_ count: Int) -> [Journal.Entry] { lock.withLock { index.recent(count) } }

    /// One statement (one transaction, one commit) for the whole batch, lines in order.
    public func append(contentsOf entries: [Journal.Entry]) throws {
        guard !entries.isEmpty else { return }
        let lines = entries.map(JournalLine.format)
        try wait {
            try await self.store.execute(
                """
                INSERT INTO almanac_journal_lines (name, snapshot, line)
                SELECT \(self.name), false, l FROM unnest(\(lines)::text[]) WITH ORDINALITY AS u(l, n) ORDER BY n
                """, "appending to the journal")
        }
        lock.withLock {
            for entry in entries { index.apply(entry) }
        }
    }

    public func compact(watermark: Instant) throws {
        var next = lock.withLock { index }
        next.compact(watermark: watermark)
        let lines = next.snapshotLines()
        try wait {
            try await self.store.transaction("compacting the journal") { connection in
                try await connection.query("DELETE FROM almanac_journal_lines WHERE name = \(self.name)", logger: self.logger)
                try await connection.query(
                    """
                    INSERT INTO almanac_journal_lines (name, snapshot, line)
                    SELECT \(self.name), true, l FROM unnest(\(lines)::text[]) WITH ORDINALITY AS u(l, n) ORDER BY n
                    """, logger: self.logger)
            }
        }
        lock.withLock { index = next }
    }

    public func recordRegistration(_ text: String) throws {
        try wait {
            try await self.store.execute(
                "UPDATE almanac_journals SET registration = \(text) WHERE name = \(self.name)", "recording the registration")
        }
    }

    public func registration() throws -> String? {
        try wait {
            try await self.store.rows(
                "SELECT registration FROM almanac_journals WHERE name = \(self.name)", as: String?.self, "reading the registration"
            ).first ?? nil
        }
    }

    /// Reads the snapshot lines, then the journal's; unreadable lines are reported and skipped.
    private func load() throws {
        let rows: [(Bool, String)] = try wait {
            try await self.store.rows(
                "SELECT snapshot, line FROM almanac_journal_lines WHERE name = \(self.name) ORDER BY seq", as: (Bool, String).self,
                "reading the journal", timeout: 600)
        }
        var index = JournalIndex()
        var inSnapshot = true
        for (number, (snapshot, line)) in rows.enumerated() {
            if inSnapshot && !snapshot {
                index.entriesSinceCompaction = 0
                inSnapshot = false
            }
            if !index.apply(line: Array(line.utf8)) {
                warnings.append("journal '\(name)', line \(number + 1): unreadable journal entry skipped: \(line.prefix(80))")
            }
        }
        if inSnapshot { index.entriesSinceCompaction = 0 }
        lock.withLock { self.index = index }
    }

    /// Runs `body` on the concurrency runtime and waits for it (see the type's note).
    private func wait<T>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        try Self.wait(name, body)
    }

    private static func wait<T>(_ name: String, _ body: @escaping @Sendable () async throws -> T) throws -> T {
        let done = DispatchSemaphore(value: 0)
        let box = Box<Result<T, any Error>>()
        Task {
            do { box.value = .success(try await body()) } catch { box.value = .failure(error) }
            done.signal()
        }
        done.wait()
        do {
            return try box.value!.get()
        } catch let error as ExecutorError {
            throw error
        } catch {
            throw ExecutorError("the journal '\(name)': \(StoreError.describe(error))")
        }
    }
}

/// A value handed from a task to the thread waiting for it (written before the signal).
private final class Box<T>: @unchecked Sendable {
    var value: T?
}
