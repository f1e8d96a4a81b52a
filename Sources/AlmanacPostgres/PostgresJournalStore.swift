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
    private let client: PostgresClient
    private let runTask: Task<Void, Never>
    private let lockHolder: Task<Void, Never>?
    private let logger: Logger
    private let lock = NSLock()
    private var index = JournalIndex()
    public private(set) var warnings: [String] = []

    /// Opens (creating if needed) the journal `name`; `readOnly` opens it without taking the lock.
    public init(address: StoreAddress, name: String, readOnly: Bool = false) throws {
        self.name = name
        var logger = Logger(label: "almanac.journal")
        logger.logLevel = .critical
        self.logger = logger
        let client = PostgresClient(configuration: try address.clientConfiguration(), backgroundLogger: logger)
        self.client = client
        runTask = Task { await client.run() }
        if readOnly {
            lockHolder = nil
        } else {
            // A session lock lives as long as its connection: one connection is kept for it.
            let acquired = DispatchSemaphore(value: 0)
            let result = Box<Result<Bool, any Error>>()
            lockHolder = Task {
                do {
                    try await client.withConnection { connection in
                        var got = false
                        for try await ok in try await connection.query(
                            "SELECT pg_try_advisory_lock(hashtext(\("almanac-journal:" + name))::int8)", logger: logger
                        ).decode(Bool.self) {
                            got = ok
                        }
                        result.value = .success(got)
                        acquired.signal()
                        guard got else { return }
                        while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
                    }
                } catch {
                    result.value = .failure(error)
                    acquired.signal()
                }
            }
            acquired.wait()
            do {
                guard try result.value!.get() else {
                    close()
                    throw ExecutorError("the journal '\(name)' in \(address.redacted) is held by another daemon")
                }
            } catch let error as ExecutorError {
                throw error
            } catch {
                close()
                throw ExecutorError("cannot open the journal '\(name)' in \(address.redacted): \(StoreError.describe(error))")
            }
        }
        do {
            try wait {
                let version = try await self.schemaVersion()
                guard version >= 2 else {
                    throw StoreError("the database's schema is version \(version): run `almanac-exec migrate --store …` first")
                }
                try await self.client.query(
                    "INSERT INTO almanac_journals (name) VALUES (\(self.name)) ON CONFLICT DO NOTHING", logger: self.logger)
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
        lockHolder?.cancel()
        runTask.cancel()
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
        _ = try wait {
            try await self.client.query(
                """
                INSERT INTO almanac_journal_lines (name, snapshot, line)
                SELECT \(self.name), false, l FROM unnest(\(lines)::text[]) WITH ORDINALITY AS u(l, n) ORDER BY n
                """, logger: self.logger)
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
            try await self.client.withTransaction(logger: self.logger) { connection in
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
        _ = try wait {
            try await self.client.query(
                "UPDATE almanac_journals SET registration = \(text) WHERE name = \(self.name)", logger: self.logger)
        }
    }

    public func registration() throws -> String? {
        try wait {
            for try await text in try await self.client.query(
                "SELECT registration FROM almanac_journals WHERE name = \(self.name)", logger: self.logger
            ).decode(String?.self) {
                return text
            }
            return nil
        }
    }

    /// Reads the snapshot lines, then the journal's; unreadable lines are reported and skipped.
    private func load() throws {
        let rows: [(Bool, String)] = try wait {
            var rows: [(Bool, String)] = []
            for try await row in try await self.client.query(
                "SELECT snapshot, line FROM almanac_journal_lines WHERE name = \(self.name) ORDER BY seq", logger: self.logger
            ).decode((Bool, String).self) {
                rows.append(row)
            }
            return rows
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

    private func schemaVersion() async throws -> Int {
        for try await exists in try await client.query("SELECT to_regclass('almanac_schema') IS NOT NULL", logger: logger).decode(Bool.self)
        where !exists {
            return 0
        }
        for try await version in try await client.query("SELECT coalesce(max(version), 0)::int8 FROM almanac_schema", logger: logger)
            .decode(Int64.self)
        {
            return Int(version)
        }
        return 0
    }

    /// Runs `body` on the concurrency runtime and waits for it (see the type's note).
    private func wait<T>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
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
