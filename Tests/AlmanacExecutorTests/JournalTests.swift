import AlmanacPlan
import AlmanacTime
import AlmanacVocabulary
import Testing
@testable import AlmanacExecutor

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Durable memory across restarts, and what happens to fires missed while the executor was down.
@Suite(.serialized) struct JournalTests {
    static let plan = TestPlans.plan(TestPlans.every("a", step: 10, to: 300) + TestPlans.every("b", step: 30, to: 300))

    /// Runs the loop over `[from, until)` with the journal in `directory`; returns the fired ids.
    func session(
        _ directory: String, from: Int64, until: Int64, misfire: MisfirePolicy = .skip, grace: Double = 5,
        plan: Plan = JournalTests.plan, compactionThreshold: Int = Journal.defaultCompactionThreshold
    ) throws -> [String] {
        let record = LineSink()
        let loop = try FireLoop(
            loadPlan: { plan }, backend: StdoutBackend(output: record),
            journal: Journal(store: try FileJournalStore(directory: directory), compactionThreshold: compactionThreshold),
            clock: VirtualClock(start: TestPlans.at(from)),
            options: FireLoop.Options(
                misfire: misfire, grace: grace,
                until: Double(TestPlans.at(until).secondsSinceEpoch)))
        _ = try loop.run()
        return record.lines.map { String($0.dropFirst(8).prefix { $0 != "\"" }) }
    }

    func ids(_ trigger: String, _ seconds: [Int64]) -> [String] { seconds.map { TestPlans.fire(trigger, $0).id } }

    @Test func restartNeitherRepeatsNorLoses() throws {
        let directory = TestPlans.scratchDirectory("restart")
        #expect(
            try session(directory, from: 0, until: 35) == ids("a", [0]) + ids("b", [0]) + ids("a", [10, 20]) + ids("a", [30])
                + ids("b", [30]))
        // Restarting at the same moment (a crash right after the last fire) repeats nothing.
        #expect(try session(directory, from: 35, until: 50) == ids("a", [40]))
        // The journal alone, reopened, knows every delivered id.
        let journal = try Journal(directory: directory)
        #expect(journal.isDone(TestPlans.fire("a", 40).id))
        #expect(!journal.isDone(TestPlans.fire("a", 50).id))
        #expect(journal.baseline == TestPlans.at(0))
    }

    @Test func misfiresAreSkippedUnderSkip() throws {
        let directory = TestPlans.scratchDirectory("skip")
        _ = try session(directory, from: 0, until: 15)
        // Down from 15 to 72: a@20…a@60 and b@30, b@60 are missed; a@70 is 2 s late, within grace.
        #expect(try session(directory, from: 72, until: 95, misfire: .skip) == ids("a", [70, 80, 90]) + ids("b", [90]))
        let journal = try Journal(directory: directory)
        let skipped = journal.recentDeliveries(100).compactMap { entry -> String? in
            if case .skip(let id, _, _, _, let reason) = entry, reason == "misfire" { return id }
            return nil
        }
        #expect(
            skipped == [
                TestPlans.fire("a", 20).id, TestPlans.fire("a", 30).id, TestPlans.fire("b", 30).id,
                TestPlans.fire("a", 40).id, TestPlans.fire("a", 50).id, TestPlans.fire("a", 60).id,
                TestPlans.fire("b", 60).id,
            ])
    }

    @Test func misfiresCollapseToTheLatestPerTriggerUnderOnce() throws {
        let directory = TestPlans.scratchDirectory("once")
        _ = try session(directory, from: 0, until: 15)
        #expect(try session(directory, from: 72, until: 85, misfire: .once) == ids("a", [60]) + ids("b", [60]) + ids("a", [70, 80]))
    }

    @Test func misfiresAreAllDeliveredInOrderUnderAll() throws {
        let directory = TestPlans.scratchDirectory("all")
        _ = try session(directory, from: 0, until: 15)
        #expect(
            try session(directory, from: 72, until: 85, misfire: .all)
                == ids("a", [20]) + ids("a", [30]) + ids("b", [30]) + ids("a", [40, 50, 60]) + ids("b", [60]) + ids("a", [70, 80]))
        // And a third session right after delivers nothing twice.
        #expect(try session(directory, from: 85, until: 95, misfire: .all) == ids("a", [90]) + ids("b", [90]))
    }

    /// A trigger's own `misfire` in the plan (an imported `Persistent=true` timer, a cron job) comes
    /// before `--misfire`; triggers without one keep the executor's.
    @Test func aTriggersOwnMisfireComesBeforeTheExecutors() throws {
        var plan = Self.plan
        plan.triggers["a"]?.misfire = .once
        // Down from 15 to 72: `a` (once) catches up its latest missed fire whatever `--misfire` says;
        // `b` follows `--misfire`.
        let missed: [(MisfirePolicy, [String])] = [
            (.skip, ids("a", [60])),
            (.all, ids("b", [30]) + ids("a", [60]) + ids("b", [60])),
        ]
        for (policy, want) in missed {
            let directory = TestPlans.scratchDirectory("own-misfire-\(policy)")
            _ = try session(directory, from: 0, until: 15, plan: plan)
            #expect(try session(directory, from: 72, until: 85, misfire: policy, plan: plan) == want + ids("a", [70, 80]), "\(policy)")
        }
        plan.triggers["b"]?.misfire = .skip
        let directory = TestPlans.scratchDirectory("own-misfire-both")
        _ = try session(directory, from: 0, until: 15, plan: plan)
        #expect(try session(directory, from: 72, until: 85, misfire: .all, plan: plan) == ids("a", [60]) + ids("a", [70, 80]))
    }

    @Test func firesBeforeTheFirstStartAreNeverDelivered() throws {
        let directory = TestPlans.scratchDirectory("baseline")
        #expect(try session(directory, from: 100, until: 125, misfire: .all) == ids("a", [100, 110]) + ids("a", [120]) + ids("b", [120]))
    }

    @Test func tornLastLineIsReportedCutAndOverwritten() throws {
        let directory = TestPlans.scratchDirectory("torn")
        _ = try session(directory, from: 0, until: 15)
        let path = directory + "/" + Journal.fileName
        let fd = open(path, O_WRONLY | O_APPEND)
        _ = "{\"event\": \"fire\", \"id\": \"a@2026".withCString { write(fd, $0, strlen($0)) }
        close(fd)
        do {
            let journal = try Journal(directory: directory)
            // Reported, never dropped silently.
            #expect(journal.warnings.count == 1)
            #expect(!journal.isDone("a@2026-11-23T05:00:20"))
            try journal.append(.fire(id: "x", trigger: "x", at: TestPlans.at(16), now: TestPlans.at(16)))
        }
        let reread = try Journal(directory: directory)
        #expect(reread.warnings.isEmpty)
        #expect(reread.recentDeliveries(1) == [.fire(id: "x", trigger: "x", at: TestPlans.at(16), now: TestPlans.at(16))])
        #expect(reread.isDone(TestPlans.fire("a", 10).id))
    }

    /// Compaction every few entries, restarts at every phase: each fire still exactly once under
    /// `all`, and the state stays small.
    @Test(arguments: [1, 3, 7]) func compactedJournalsNeitherRepeatNorLose(threshold: Int) throws {
        let directory = TestPlans.scratchDirectory("compact-\(threshold)")
        let plan = TestPlans.plan(TestPlans.every("a", step: 2, to: 200) + TestPlans.every("b", step: 3, to: 200))
        var delivered: [String] = []
        var from: Int64 = 0
        // Sessions of uneven length with gaps (downtime) between them, and one restart at the same instant.
        for (length, gap) in [(7, 0), (11, 13), (5, 0), (30, 40), (1, 1), (60, 2), (40, 0)] as [(Int64, Int64)] {
            delivered += try session(directory, from: from, until: from + length, misfire: .all, plan: plan, compactionThreshold: threshold)
            from += length + gap
        }
        let expected = plan.fires.filter { $0.at < TestPlans.at(from) }.map(\.id)
        #expect(delivered.count == Set(delivered).count)
        #expect(Set(delivered) == Set(expected))
        let snapshot = (try? FileBytes.read(directory + "/" + FileJournalStore.snapshotName)) ?? []
        #expect(!snapshot.isEmpty)
        #expect(snapshot.split(separator: 0x0A).count < 2 * Journal.recentLimit)
    }

    @Test func entriesRoundTripThroughTheirLines() {
        let entries: [Journal.Entry] = [
            .start(now: TestPlans.at(0)),
            .fire(id: "a@x", trigger: "a", at: TestPlans.at(1), now: TestPlans.at(2)),
            .skip(id: "a@y", trigger: "a", at: TestPlans.at(1), now: TestPlans.at(3), reason: "misfire"),
            .outcome(FireOutcome(fireID: "a@x", status: .exited(3))),
            .outcome(FireOutcome(fireID: "a@x", status: .signalled(9))),
            .outcome(FireOutcome(fireID: "a@x", status: .timedOut(after: 3))),
            .outcome(FireOutcome(fireID: "a@x", status: .timedOut(after: 0.25))),
            .outcome(FireOutcome(fireID: "a@x", status: .replaced)),
            .outcome(FireOutcome(fireID: "a@x", status: .stopped)),
            .outcome(FireOutcome(fireID: "a@x", status: .failedToStart("no such file"))),
        ]
        for entry in entries {
            #expect(JournalLine.parse(Array(JournalLine.format(entry).utf8)) == entry)
        }
        #expect(
            JournalLine.format(entries[1])
                == #"{"event": "fire", "id": "a@x", "trigger": "a", "at": "2026-11-23T05:00:01Z", "now": "2026-11-23T05:00:02Z"}"#)
    }
}
