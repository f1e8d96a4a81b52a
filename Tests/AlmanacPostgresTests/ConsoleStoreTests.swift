import AlmanacConsole
import AlmanacEscaping
import AlmanacExecutor
import AlmanacJSON
import AlmanacPlan
import AlmanacPostgres
import AlmanacTime
import Foundation
import PostgresNIO
import Testing

/// The console's actions against a real server: each follows delivery's rules (a paused trigger's
/// fires are claimed by no executor, run-now hands a fire to the normal claim, retry runs an in-doubt
/// fire as the next attempt), races no claim, and is recorded with who and when in the fire's history;
/// every list pages through all its rows once, in order.
@Suite(.serialized, .enabled(if: testStoreAddress != nil, "set ALMANAC_TEST_STORE=postgres://… (scripts/lib/postgres.sh)"))
struct ConsoleStoreTests {
    /// A plan with two triggers, `a` and `b`, fires at `now + offsets` each.
    static func plan(_ spec: String, offsets: [Int64], now: Int64) -> Plan {
        var p = TestStore.plan(spec, offsets: offsets, trigger: "a", now: now)
        let b = TestStore.plan(spec, offsets: offsets, trigger: "b", now: now)
        p.triggers.merge(b.triggers) { x, _ in x }
        p.fires = (p.fires + b.fires).sorted { ($0.at, $0.trigger, $0.id) < ($1.at, $1.trigger, $1.id) }
        return p
    }

    @Test func aPausedTriggerIsClaimedByNoExecutorAndItsDueFiresAreSkipped() async throws {
        try await TestStore.with { store in
            let spec = TestStore.unique("pause"), now = TestStore.now
            let p = Self.plan(spec, offsets: [5, 6, 7, 600], now: now)
            try await TestStore.publish(store, p)
            _ = try await store.perform(.pause(spec: spec, trigger: "a"), by: "alice")
            await #expect(throws: ConsoleRefusal.self) { try await store.perform(.pause(spec: spec, trigger: "a"), by: "bob") }
            await #expect(throws: ConsoleRefusal.self) { try await store.perform(.pause(spec: spec, trigger: "nope"), by: "bob") }
            try await TestStore.age(store, spec, by: 10)
            // Two executors claim: only b's fires come out.
            let one = try await TestStore.claim(store, "e1", p, limit: 2)
            let two = try await TestStore.claim(store, "e2", p, limit: 10)
            #expect((one + two).map(\.fire.trigger).sorted() == ["b", "b", "b"])
            // A beat skips a's fires that came due, naming who paused it; the future one waits.
            let beat = try await TestStore.beat(store, "e1", spec)
            #expect(beat.paused.count == 3)
            let states = try await TestStore.states(store, spec)
            #expect(states.filter { $0.key.hasPrefix("a@") }.values.sorted() == ["pending", "skipped", "skipped", "skipped"])
            let spec1 = try #require(try await store.consoleSpec(spec))
            #expect(spec1.triggers.first { $0.id == "a" }?.paused?.by == "alice")
            // Resumed: its next fire is claimed as any other.
            _ = try await store.perform(.resume(spec: spec, trigger: "a"), by: "alice")
            await #expect(throws: ConsoleRefusal.self) { try await store.perform(.resume(spec: spec, trigger: "a"), by: "alice") }
            try await TestStore.age(store, spec, by: 600)
            let after = try await TestStore.claim(store, "e2", p, limit: 10)
            #expect(after.map(\.fire.trigger).sorted() == ["a", "b"])
            let history = try await store.rows(
                "SELECT event, actor FROM almanac_history WHERE spec = \(spec) AND fire_id IS NULL ORDER BY seq",
                as: (String, String?).self, "test")
            #expect(history.map(\.0) == ["pause", "resume"] && history.allSatisfy { $0.1 == "alice" })
        }
    }

    @Test func runNowHandsAFutureFireToTheNextClaim() async throws {
        try await TestStore.with { store in
            let spec = TestStore.unique("now"), now = TestStore.now
            let p = TestStore.plan(spec, offsets: [3600, 7200], now: now)
            try await TestStore.publish(store, p)
            #expect(try await TestStore.claim(store, "e", p).isEmpty)
            _ = try await store.perform(.runNow(spec: spec, fire: p.fires[1].id), by: "alice")
            let claimed = try await TestStore.claim(store, "e", p)
            #expect(claimed.map(\.fire.id) == [p.fires[1].id])
            // Claimed now: neither run-now nor cancel applies any more.
            await #expect(throws: ConsoleRefusal.self) { try await store.perform(.runNow(spec: spec, fire: p.fires[1].id), by: "alice") }
            await #expect(throws: ConsoleRefusal.self) { try await store.perform(.cancel(spec: spec, fire: p.fires[1].id), by: "alice") }
            await #expect(throws: ConsoleRefusal.self) { try await store.perform(.runNow(spec: spec, fire: "missing"), by: "alice") }
            let detail = try #require(try await store.consoleFire(spec: spec, id: p.fires[1].id))
            #expect(detail.history.map(\.event) == ["run-now"] && detail.history.first?.actor == "alice")
            #expect(detail.history.first?.detail?.hasPrefix("was due ") == true)
        }
    }

    @Test func anInDoubtFireRetriedRunsAsTheNextAttemptAndItsHistoryShowsEveryAttempt() async throws {
        try await TestStore.with { store in
            let spec = TestStore.unique("retry"), now = TestStore.now
            let p = TestStore.plan(spec, offsets: [5, 6], now: now)
            try await TestStore.publish(store, p)
            try await TestStore.age(store, spec, by: 10)
            let first = try await store.claim(executor: "dead", spec: spec, sha256: p.spec.sha256!, limit: 2, lease: 1, start: true)
            #expect(first.count == 2)
            try await Task.sleep(for: .milliseconds(1100))
            let beat = try await TestStore.beat(store, "alive", spec, policy: DeliveryPolicy(inDoubt: .skip))
            #expect(beat.inDoubt.count == 2)
            let trouble = try await store.consoleSettled(trouble: true, after: nil, limit: 10).items.filter { $0.spec == spec }
            #expect(trouble.count == 2 && trouble.allSatisfy { $0.state == "in_doubt" && $0.executor == "dead" })
            _ = try await store.perform(.retry(spec: spec, fire: p.fires[0].id), by: "alice")
            _ = try await store.perform(.skip(spec: spec, fire: p.fires[1].id), by: "bob")
            await #expect(throws: ConsoleRefusal.self) { try await store.perform(.retry(spec: spec, fire: p.fires[1].id), by: "alice") }
            let again = try await store.claim(executor: "alive", spec: spec, sha256: p.spec.sha256!, limit: 5, lease: 30, start: true)
            #expect(again.map(\.fire.id) == [p.fires[0].id] && again.first?.attempt == 1)
            #expect(try await store.finish([(again[0], .command(.exited(0)))]).count == 1)
            let detail = try #require(try await store.consoleFire(spec: spec, id: p.fires[0].id))
            #expect(detail.history.map(\.event) == ["started", "in_doubt", "retry", "started", "done"])
            #expect(detail.history.map(\.attempt) == [1, 1, 1, 2, 2])
            #expect(detail.history.map(\.actor) == ["dead", "dead", "alice", "alive", "alive"])
            #expect(detail.fire.state == "done" && detail.fire.attempt == 2 && detail.fire.executor == "alive")
            let skipped = try #require(try await store.consoleFire(spec: spec, id: p.fires[1].id))
            #expect(skipped.fire.state == "skipped" && skipped.fire.outcome == "skipped by bob (it was in doubt)")
        }
    }

    @Test func actionsRacingClaimsNeverShareAFire() async throws {
        try await TestStore.with { store in
            let spec = TestStore.unique("race"), now = TestStore.now
            // From 10 s on: a fire already due when published would be stored as expired.
            let offsets = (10..<210).map { Int64($0) }
            let p = TestStore.plan(spec, offsets: offsets, now: now)
            try await TestStore.publish(store, p)
            try await TestStore.age(store, spec, by: 300)
            let ids = p.fires.map(\.id)
            async let claims: [[ClaimedFire]] = withThrowingTaskGroup(of: [ClaimedFire].self) { group in
                for e in 0..<3 {
                    group.addTask {
                        var mine: [ClaimedFire] = []
                        for _ in 0..<40 { mine += try await TestStore.claim(store, "e\(e)", p, limit: 3) }
                        return mine
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            var cancelled: [String] = []
            for id in ids.reversed() {
                if (try? await store.perform(.cancel(spec: spec, fire: id), by: "alice")) != nil { cancelled.append(id) }
            }
            let claimed = try await claims.flatMap { $0 }.map(\.fire.id)
            #expect(Set(claimed).count == claimed.count)
            #expect(Set(claimed).isDisjoint(with: cancelled))
            let states = try await TestStore.states(store, spec)
            #expect(cancelled.allSatisfy { states[$0] == "cancelled" })
            #expect(claimed.allSatisfy { states[$0] == "claimed" })
            #expect(claimed.count + cancelled.count + states.values.filter { $0 == "pending" }.count == 200)
        }
    }

    @Test func everyListPagesThroughEachRowOnceInOrder() async throws {
        try await TestStore.with { store in
            let spec = TestStore.unique("pages"), now = TestStore.now
            let p = Self.plan(spec, offsets: (1...60).map { Int64($0) * 60 }, now: now)
            try await TestStore.publish(store, p)
            var seen: [String] = [], cursor: ConsoleCursor?
            repeat {
                let page = try await store.consoleUpcoming(spec: spec, trigger: nil, after: cursor, limit: 7)
                seen += page.items.map(\.id)
                cursor = page.next
            } while cursor != nil
            #expect(seen == p.fires.map(\.id))
            seen = []
            repeat {
                let page = try await store.consoleUpcoming(spec: spec, trigger: "b", after: cursor, limit: 25)
                seen += page.items.map(\.id)
                cursor = page.next
            } while cursor != nil
            #expect(seen == p.fires.filter { $0.trigger == "b" }.map(\.id))
            // Settled: the last finished first, every one once.
            let claimed = try await store.claim(executor: "e", spec: spec, sha256: p.spec.sha256!, limit: 120, lease: 30, start: true)
            #expect(claimed.isEmpty)
            try await TestStore.age(store, spec, by: 4000)
            let all = try await store.claim(executor: "e", spec: spec, sha256: p.spec.sha256!, limit: 120, lease: 30, start: true)
            for chunk in stride(from: 0, to: all.count, by: 10) {
                _ = try await store.finish(
                    all[chunk..<min(chunk + 10, all.count)].map { ($0, FireResult.command(.exited(chunk % 20 == 0 ? 1 : 0))) })
            }
            seen = []
            repeat {
                let page = try await store.consoleSettled(trouble: false, after: cursor, limit: 9)
                seen += page.items.filter { $0.spec == spec }.map(\.id)
                cursor = page.next
            } while cursor != nil
            #expect(Set(seen) == Set(p.fires.map(\.id)) && seen.count == 120)
            let failed = try await store.consoleSettled(trouble: true, after: nil, limit: 500).items.filter { $0.spec == spec }
            #expect(failed.count == 60 && failed.allSatisfy { $0.outcome == "exited with status 1" })
        }
    }

    /// The timeline reads its fires as one JSON row (a speed measure): the same fires, fields and
    /// order as a row per fire, and at most `limit` of them.
    @Test func theTimelineDrawsTheUnsettledFiresOfItsWindowAsTheRowsSay() async throws {
        try await TestStore.with { store in
            let spec = TestStore.unique("timeline"), now = TestStore.now
            let p = Self.plan(spec, offsets: (1...40).map { Int64($0) * 30 }, now: now)
            try await TestStore.publish(store, p)
            _ = try await store.perform(.cancel(spec: spec, fire: p.fires[3].id), by: "alice")
            let from = ConsoleMoment(Instant(secondsSinceEpoch: now + 60)), to = ConsoleMoment(Instant(secondsSinceEpoch: now + 900))
            let drawn = try #require(try await store.consoleTimeline(spec: spec, from: from, to: to, limit: 1000))
            let rows = try await store.rows(
                """
                SELECT fire_id, trigger, at_s, offset_s FROM almanac_fires WHERE spec = \(spec) AND state = 'pending'
                AND at_s >= \(now + 60) AND at_s < \(now + 900) ORDER BY at_s, trigger, fire_id
                """, as: (String, String, Int64, Int32).self, "test")
            #expect(drawn.fires.map(\.id) == rows.map(\.0) && rows.count == 55)
            #expect(drawn.fires.map(\.trigger) == rows.map(\.1))
            #expect(drawn.fires.map(\.at.secondsSinceEpoch) == rows.map(\.2))
            #expect(drawn.fires.map(\.offset) == rows.map { Int($0.3) })
            #expect(Set(drawn.triggers.keys) == ["a", "b"])
            let few = try #require(try await store.consoleTimeline(spec: spec, from: from, to: to, limit: 5))
            #expect(few.fires.map(\.id) == Array(rows.map(\.0).prefix(5)))
        }
    }

    @Test func theConsoleServesAStoreWithHostileNamesAsText() async throws {
        try await TestStore.with { store in
            let spec = TestStore.unique("<b>x</b>\"'"), now = TestStore.now
            let p = TestStore.plan(
                spec, offsets: [60, 120], trigger: "<script>alert(1)</script>", now: now, payload: ["t": "</pre><i>x</i>\u{202E}"])
            try await TestStore.publish(store, p)
            let console = Console(
                source: StoreConsole(store: store), operators: nil, sessions: ConsoleSessions(random: { UUID().uuidString }))
            for (path, query) in [
                ("/", ""), ("/spec", "id=" + URLText.component(spec)), ("/upcoming", "n=500"),
                ("/fire", "spec=\(URLText.component(spec))&id=\(URLText.component(p.fires[0].id))"),
            ] {
                let page = await console.respond(ConsoleRequest(method: "GET", path: path, query: query))
                #expect(page.status == 200, "\(path)")
                for forbidden in ["<script", "<b>x", "<i>", "\u{202E}"] { #expect(!page.text.contains(forbidden), "\(path) \(forbidden)") }
            }
            let svg = await console.respond(ConsoleRequest(method: "GET", path: "/timeline.svg", query: "spec=" + URLText.component(spec)))
            #expect(svg.status == 200 && !svg.text.contains("<script"))
        }
    }
}
