import Foundation
import Logging
import PostgresNIO

/// The executors' shared store in PostgreSQL: plans are published in an order the store assigns
/// per spec identity, fires come out claimed once (`FOR UPDATE SKIP LOCKED`), each later write names
/// the claim's fencing token, and the database's `now()` is the only clock. See docs/cluster.md for
/// the protocol and its guarantees.
///
/// Its operations, by concern: the schema (`migrate`, `checkSchema`), publication (`publish`,
/// `ClusterStore+Publication.swift`), liveness and recovery (`beat`, `stop`), claims and outcomes
/// (`claim`, `start`, `finish`, `release`; `ClusterStore+Claims.swift`), and what an operator reads
/// (`status`, `fires`; `ClusterStatus.swift`). Every operation runs under a deadline on a
/// connection of its own (`StoreConnections`): one that overruns fails with the store's silence in
/// words, and its connection is closed.
public final class ClusterStore: Sendable {
    public let address: StoreAddress
    /// Seconds an operation may take (its connection included) before it fails.
    public let operationTimeout: Double
    let connections: StoreConnections
    let logger: Logger

    public init(address: StoreAddress, operationTimeout: Double = 10) throws {
        self.address = address
        self.operationTimeout = operationTimeout
        connections = StoreConnections(configuration: try address.connectionConfiguration(), connectTimeout: address.connectTimeout)
        var logger = Logger(label: "almanac.store")
        logger.logLevel = .critical
        self.logger = logger
    }

    /// Closes the connections kept for reuse.
    public func close() async {
        await connections.close()
    }

    // MARK: Running operations

    /// Runs `body` on a connection within `timeout` seconds (default `operationTimeout`), the
    /// connection's opening included. At the deadline, or when the task is cancelled, the connection
    /// is closed and this returns at once (`Deadline`): a store that stopped answering costs the
    /// deadline, never a hang. A connection is reused only after a clean end (or the server's refusal
    /// of a statement, which leaves it sound).
    public func withConnection<T: Sendable>(
        timeout: Double? = nil, _ what: String, _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        let seconds = timeout ?? operationTimeout
        try Task.checkCancellation()
        let start = StoreTimer.now()
        let connection: PostgresConnection
        do {
            connection = try await connections.lease(timeout: seconds)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw StoreError("cannot connect: \(StoreError.describe(error))")
        }
        do {
            let result = try await Deadline.run(
                seconds: max(0.05, seconds - (StoreTimer.now() - start)), giveUp: { _ in connection.closeNow() }
            ) {
                try await body(connection)
            }
            await connections.giveBack(connection)
            return result
        } catch is Deadline.Passed {
            throw StoreError.timedOut(seconds, what)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            // The server refused the statement (a constraint, a lock): the connection is sound.
            if let psql = error as? PSQLError, psql.code == .server, !connection.isClosed {
                await connections.giveBack(connection)
            } else {
                connection.closeNow()
            }
            throw error
        }
    }

    /// `withConnection` inside one transaction; a `StoreError` thrown by `body` comes out as itself.
    public func transaction<T: Sendable>(
        timeout: Double? = nil, _ what: String, _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        do {
            return try await withConnection(timeout: timeout, what) { connection in
                let value: T = try await connection.withTransaction(logger: self.logger) { connection in try await body(connection) }
                return value
            }
        } catch let error as PostgresTransactionError {
            if let inner = error.closureError as? StoreError { throw inner }
            if let inner = error.closureError, inner is CancellationError { throw inner }
            throw error
        }
    }

    /// Runs `query` and drops its rows.
    public func execute(_ query: PostgresQuery, _ what: String, timeout: Double? = nil) async throws {
        try await withConnection(timeout: timeout, what) { connection in
            _ = try await connection.query(query, logger: self.logger).collect()
        }
    }

    /// The rows of `query`, decoded as `type`.
    public func rows<each Column: PostgresDecodable & Sendable>(
        _ query: PostgresQuery, as type: (repeat each Column).Type, _ what: String, timeout: Double? = nil
    ) async throws -> [(repeat each Column)] {
        try await withConnection(timeout: timeout, what) { connection in
            try await Self.rows(query, as: type, on: connection, logger: self.logger)
        }
    }

    static func rows<each Column: PostgresDecodable & Sendable>(
        _ query: PostgresQuery, as type: (repeat each Column).Type, on connection: PostgresConnection, logger: Logger
    ) async throws -> [(repeat each Column)] {
        var out: [(repeat each Column)] = []
        for try await row in try await connection.query(query, logger: logger).decode(type) { out.append(row) }
        return out
    }

    // MARK: Schema

    /// The schema version of the database (0 for none).
    public func schemaVersion() async throws -> Int {
        try await withConnection("reading the schema version") { connection in
            try await Self.schemaVersion(on: connection, logger: self.logger)
        }
    }

    static func schemaVersion(on connection: PostgresConnection, logger: Logger) async throws -> Int {
        let exists = try await rows("SELECT to_regclass('almanac_schema') IS NOT NULL", as: Bool.self, on: connection, logger: logger)
        guard exists.first == true else { return 0 }
        let version = try await rows(
            "SELECT coalesce(max(version), 0)::int8 FROM almanac_schema", as: Int64.self, on: connection, logger: logger)
        return Int(version.first ?? 0)
    }

    /// Applies the missing migration steps; returns the versions applied.
    public func migrate() async throws -> [Int] {
        try await transaction(timeout: max(operationTimeout, 600), "migrating the schema") { connection in
            // One migrate at a time, whoever runs it.
            try await connection.query("SELECT pg_advisory_xact_lock(7243110101)", logger: self.logger)
            try await connection.query(
                "CREATE TABLE IF NOT EXISTS almanac_schema (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
                logger: self.logger)
            let versions: [Int64] = try await Self.rows(
                "SELECT coalesce(max(version), 0)::int8 FROM almanac_schema", as: Int64.self, on: connection, logger: self.logger)
            let have = Int(versions.first ?? 0)
            guard have <= Migrations.current else { throw Self.newerSchema(have) }
            var applied: [Int] = []
            for version in (have + 1)..<(Migrations.current + 1) {
                for statement in Migrations.statements(of: version) {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: self.logger)
                }
                try await connection.query("INSERT INTO almanac_schema (version) VALUES (\(version))", logger: self.logger)
                applied.append(version)
            }
            return applied
        }
    }

    /// Throws unless the schema is exactly the version this executor knows.
    public func checkSchema() async throws {
        try Self.requireCurrent(try await schemaVersion())
    }

    /// Throws unless `version` is exactly the schema version this executor knows.
    static func requireCurrent(_ version: Int) throws {
        if version < Migrations.current {
            throw StoreError(
                "the database's schema is version \(version), this almanac-exec needs \(Migrations.current): run `almanac-exec migrate --store …` first"
            )
        }
        if version > Migrations.current { throw Self.newerSchema(version) }
    }

    private static func newerSchema(_ version: Int) -> StoreError {
        StoreError(
            "the database's schema is version \(version), newer than this almanac-exec's \(Migrations.current); use a newer almanac-exec")
    }
}
