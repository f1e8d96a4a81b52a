import Logging
import NIOCore
import NIOPosix
import PostgresNIO

/// The store's connections to PostgreSQL: opened on demand under a deadline, each operation under a
/// deadline, and a connection that failed, overran or was interrupted closed and never reused.
///
/// Not postgres-nio's `PostgresClient`: its pool, once connections fail, serves one attempt at a
/// time with a backoff that grows to a minute, queues every request meanwhile, and fails them only
/// when its circuit breaker trips after 60 s (`ConnectionPoolError.connectionCreationCircuitBreakerTripped`,
/// hiding the server's reason; vapor/postgres-nio#489 and #561). Neither the breaker (60 s is
/// `ConnectionPoolConfiguration`'s default, which `PostgresClient.Configuration` does not expose) nor
/// the backoff can be configured, its timers are `Task.sleep` (see `StoreTimer`), and a query on a
/// connection that stopped answering (a frozen proxy, a half-open socket) waits forever. An
/// executor must resume within one lease of the server accepting connections, report `password
/// authentication failed` in under 5 s, and stop within 2 s of SIGTERM, so the executor holds its
/// few connections itself: every attempt is a new connection, nothing backs off longer than the
/// caller's own retry, and a deadline closes the socket of whatever overran it and stops waiting
/// for it (`Deadline`).
actor StoreConnections {
    private let configuration: PostgresConnection.Configuration
    /// Seconds a connection attempt may take (nil: indefinitely).
    let connectTimeout: Double?
    private var idle: [PostgresConnection] = []
    private var nextID = 0
    private var shutDown = false
    private let logger: Logger
    /// Idle connections kept for reuse; more are closed when given back.
    private let keep = 4

    init(configuration: PostgresConnection.Configuration, connectTimeout: Double?) {
        self.configuration = configuration
        self.connectTimeout = connectTimeout
        var logger = Logger(label: "almanac.store")
        logger.logLevel = .critical
        self.logger = logger
    }

    /// An open connection: an idle one, else a new one within `timeout` seconds (and the connect timeout).
    func lease(timeout: Double) async throws -> PostgresConnection {
        while let connection = idle.popLast() {
            if !connection.isClosed { return connection }
        }
        guard !shutDown else { throw StoreError("the store's connections are closed") }
        nextID += 1
        return try await Self.connect(configuration, id: nextID, timeout: min(timeout, connectTimeout ?? timeout), logger: logger)
    }

    /// Takes back a connection that ended its operation cleanly.
    func giveBack(_ connection: PostgresConnection) {
        if shutDown || idle.count >= keep || connection.isClosed {
            connection.closeNow()
        } else {
            idle.append(connection)
        }
    }

    deinit {
        for connection in idle { connection.closeNow() }
    }

    /// Closes the idle connections; later leases fail.
    func close() {
        shutDown = true
        for connection in idle { connection.closeNow() }
        idle.removeAll()
    }

    /// A new connection, or the reason there is none, within `timeout` seconds (TCP, TLS, the login);
    /// when the task is cancelled it returns at once, and an attempt still under way is closed when
    /// it completes. postgres-nio's own connect timeout is set too, but cancelling its attempt waits
    /// for the TCP connect (or DNS) to give up (`Deadline`).
    static func connect(
        _ configuration: PostgresConnection.Configuration, id: Int, timeout: Double, logger: Logger
    ) async throws -> PostgresConnection {
        do {
            return try await Deadline.run(seconds: timeout, giveUp: { _ in }, discard: { $0.closeNow() }) {
                let connection = try await PostgresConnection.connect(configuration: configuration, id: id, logger: logger)
                // Every statement of ours is a short index scan, but the planner prices some with
                // correlated subqueries (status's per-executor counts) over PostgreSQL's JIT threshold:
                // `status` at a million fires spent 328 of its 396 ms compiling the query with LLVM.
                // A statement, not a startup parameter: poolers such as PgBouncer refuse unknown ones.
                do {
                    try await connection.query("SET jit = off", logger: logger)
                } catch {
                    connection.closeNow()
                    throw error
                }
                return connection
            }
        } catch is Deadline.Passed {
            throw StoreError("no answer within \(StoreError.seconds(timeout))")
        }
    }
}

extension PostgresConnection {
    /// Closes the socket now: whatever waits on the connection fails at once.
    func closeNow() {
        let closed: EventLoopFuture<Void> = close()
        // Held until the channel has closed: postgres-nio asserts that no connection is freed open.
        closed.whenComplete { _ in withExtendedLifetime(self) {} }
    }
}
