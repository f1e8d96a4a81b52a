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

    @Test func passesTheConformanceSuite() throws {
        let address = try StoreAddress(testStoreAddress!)
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

    @Test func oneDaemonHoldsAJournalAtATime() throws {
        let address = try StoreAddress(testStoreAddress!)
        let name = "held-\(UUID().uuidString)"
        let first = try PostgresJournalStore(address: address, name: name)
        #expect(throws: ExecutorError.self) { try PostgresJournalStore(address: address, name: name) }
        first.close()
        Thread.sleep(forTimeInterval: 0.3)
        let second = try PostgresJournalStore(address: address, name: name)
        second.close()
    }
}
