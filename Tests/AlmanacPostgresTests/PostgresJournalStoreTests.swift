import AlmanacExecutor
import AlmanacExecutorTestSupport
import AlmanacPostgres
import Foundation
import Testing

/// The journal of one executor in PostgreSQL passes the suite the file and memory stores pass.
@Suite(.serialized, .enabled(if: testStoreAddress != nil, "set ALMANAC_TEST_STORE=postgres://… (scripts/lib/postgres.sh)"))
struct PostgresJournalStoreTests {
    init() async throws {
        try await TestStore.with { _ in }
    }

    /// Runs `body` on a thread of its own: the journal store waits for its queries, and a waiting
    /// cooperative thread (two on a two-core machine) stalls every other test in the process.
    static func onThread(_ body: @escaping @Sendable () throws -> Void) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }

    @Test func passesTheConformanceSuite() async throws {
        let address = try StoreAddress(testStoreAddress!)
        try await Self.onThread {
            try JournalStoreConformance(
                make: { try PostgresJournalStore(address: address, name: "conformance-\(UUID().uuidString)") },
                reopen: { store in
                    // Reopened as the next daemon would: the first lets go of the journal's lock.
                    let name = (store as! PostgresJournalStore).name
                    (store as! PostgresJournalStore).close()
                    return try PostgresJournalStore(address: address, name: name, readOnly: true)
                }
            ).runAll()
        }
    }

    @Test func oneDaemonHoldsAJournalAtATime() async throws {
        let address = try StoreAddress(testStoreAddress!)
        try await Self.onThread {
            let name = "held-\(UUID().uuidString)"
            let first = try PostgresJournalStore(address: address, name: name)
            #expect(throws: ExecutorError.self) { try PostgresJournalStore(address: address, name: name) }
            first.close()
            Thread.sleep(forTimeInterval: 0.3)
            let second = try PostgresJournalStore(address: address, name: name)
            second.close()
        }
    }
}
