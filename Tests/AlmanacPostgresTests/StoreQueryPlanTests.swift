import AlmanacPlan
import Foundation
import PostgresNIO
import Testing

@testable import AlmanacPostgres

/// The questions executors ask after every round read a few rows however many fires are pending:
/// checked on the server's own plan (EXPLAIN ANALYZE), not by timing. (The next-due question read
/// every pending fire of its spec: 1.36 s a call with a million, and three executors kept two cores
/// busy with it while `status` waited.)
@Suite(.serialized, .enabled(if: testStoreAddress != nil, "set ALMANAC_TEST_STORE=postgres://… (scripts/lib/postgres.sh)"))
struct StoreQueryPlanTests {
    /// Rows the scans of `almanac_fires` in `query`'s plan returned, each times its loops, as
    /// EXPLAIN ANALYZE counts them (its text format: one line per node, `actual … rows=R loops=L`).
    static func firesRead(_ store: ClusterStore, _ query: PostgresQuery) async throws -> (rows: Int, plan: String) {
        var explain = query
        explain.sql = "EXPLAIN (ANALYZE, COSTS OFF) " + query.sql
        let lines = try await store.rows(explain, as: String.self, "test")
        var total = 0
        for line in lines where line.contains(" on almanac_fires") {
            guard let actual = line.range(of: "(actual ") else { continue }
            var rows = 0, loops = 0
            for word in line[actual.upperBound...].split(whereSeparator: { $0 == " " || $0 == ")" }) {
                if word.hasPrefix("rows=") { rows = Int(word.dropFirst(5)) ?? 0 }
                if word.hasPrefix("loops=") { loops = Int(word.dropFirst(6)) ?? 0 }
            }
            total += rows * loops
        }
        return (total, lines.joined(separator: "\n"))
    }

    @Test func theNextDueFireIsFoundWithoutReadingThePendingOnes() async throws {
        try await TestStore.with { store in
            let spec = TestStore.unique("next-due"), now = TestStore.now
            // 5,000 pending fires from ten minutes on, one a second.
            let plan = TestStore.plan(spec, offsets: (0..<5000).map { 600 + Int64($0) }, now: now)
            try await TestStore.publish(store, plan)
            let sha = try #require(plan.spec.sha256)
            let (read, explained) = try await Self.firesRead(store, ClusterStore.nextDueQuery(spec: spec, sha256: sha))
            #expect(read >= 1 && read <= 10, "read \(read) rows of almanac_fires:\n\(explained)")
            // And it is still the right answer, paused triggers left out.
            let seconds = try #require(try await store.secondsUntilNextDue(spec: spec, sha256: sha))
            #expect(seconds > 590 && seconds <= 601, "\(seconds)")
            try await store.execute(
                "INSERT INTO almanac_paused (spec, trigger, paused_by) VALUES (\(spec), 't', 'test')", "test")
            #expect(try await store.secondsUntilNextDue(spec: spec, sha256: sha) == nil)
        }
    }
}
