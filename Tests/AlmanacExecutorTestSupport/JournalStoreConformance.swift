import AlmanacExecutor
import AlmanacPlan
import AlmanacTime
import Dispatch
import Testing

/// The rules every `JournalStore` must keep, as one suite to run against each implementation:
/// pass a factory for an empty store and a way to reopen it (the same object for memory; a fresh
/// open of the same place for durable stores, so durability is checked too).
public struct JournalStoreConformance {
    let make: () throws -> any JournalStore
    let reopen: (any JournalStore) throws -> any JournalStore

    public init(make: @escaping () throws -> any JournalStore, reopen: @escaping (any JournalStore) throws -> any JournalStore) {
        self.make = make
        self.reopen = reopen
    }

    /// An instant `seconds` after a fixed base (2026-01-01T00:00:00Z).
    func at(_ seconds: Int64) -> Instant { Instant(secondsSinceEpoch: 1_767_225_600 + seconds) }

    public func runAll() throws {
        try emptyStoreKnowsNothing()
        try baselineIsTheFirstStart()
        try firesAndSkipsAreDoneOutcomesAreNot()
        try recentIsTheLastDeliveriesInOrder()
        try compactionKeepsIdsAtOrAfterTheWatermark()
        try watermarkNeverMovesBack()
        try appendsAfterCompactionSurvive()
        try aBatchIsJournaledWholeAndInOrder()
        try concurrentAppendsAreEachKeptOnce()
        try registrationRoundTrips()
    }

    func fire(_ n: Int64, _ trigger: String = "t") -> Journal.Entry {
        .fire(id: "\(trigger)#\(n)", trigger: trigger, at: at(n), now: at(n + 1))
    }

    func emptyStoreKnowsNothing() throws {
        let store = try reopen(try make())
        #expect(store.baseline == nil)
        #expect(store.watermark == nil)
        #expect(!store.isDone("t#1"))
        #expect(store.recent(10).isEmpty)
        #expect(try store.registration() == nil)
    }

    func baselineIsTheFirstStart() throws {
        let store = try make()
        try store.append(.start(now: at(5)))
        try store.append(.start(now: at(9)))
        #expect(store.baseline == at(5))
        #expect(try reopen(store).baseline == at(5))
    }

    func firesAndSkipsAreDoneOutcomesAreNot() throws {
        let store = try make()
        try store.append(.start(now: at(0)))
        try store.append(fire(1))
        try store.append(.skip(id: "t#2", trigger: "t", at: at(2), now: at(50), reason: "misfire"))
        try store.append(.outcome(FireOutcome(fireID: "t#3", status: .exited(1))))
        let reopened = try reopen(store)
        #expect(reopened.isDone("t#1"))
        #expect(reopened.isDone("t#2"))
        #expect(!reopened.isDone("t#3"))
    }

    func recentIsTheLastDeliveriesInOrder() throws {
        let store = try make()
        try store.append(.start(now: at(0)))
        for n in 0..<Int64(Journal.recentLimit + 30) {
            try store.append(fire(n))
            try store.append(.outcome(FireOutcome(fireID: "t#\(n)", status: .exited(0))))
        }
        let reopened = try reopen(store)
        #expect(
            reopened.recent(3) == [
                fire(Int64(Journal.recentLimit) + 27), fire(Int64(Journal.recentLimit) + 28), fire(Int64(Journal.recentLimit) + 29),
            ])
        #expect(reopened.recent(10_000).count == Journal.recentLimit)
        #expect(reopened.recent(0).isEmpty)
    }

    func compactionKeepsIdsAtOrAfterTheWatermark() throws {
        let store = try make()
        try store.append(.start(now: at(0)))
        for n in 0..<Int64(500) { try store.append(fire(n)) }
        #expect(store.entriesSinceCompaction == 501)
        try store.compact(watermark: at(400))
        #expect(store.entriesSinceCompaction == 0)
        for candidate in [store, try reopen(store)] {
            #expect(candidate.watermark == at(400))
            #expect(candidate.baseline == at(0))
            #expect((400..<500).allSatisfy { candidate.isDone("t#\($0)") })
            #expect(candidate.recent(1) == [fire(499)])
            #expect(candidate.recent(1000).count == Journal.recentLimit)
        }
    }

    func watermarkNeverMovesBack() throws {
        let store = try make()
        try store.append(.start(now: at(0)))
        try store.append(fire(10))
        try store.compact(watermark: at(10))
        try store.compact(watermark: at(3))
        #expect(store.watermark == at(10))
        #expect(store.isDone("t#10"))
        #expect(try reopen(store).watermark == at(10))
    }

    func appendsAfterCompactionSurvive() throws {
        let store = try make()
        try store.append(.start(now: at(0)))
        for n in 0..<Int64(20) { try store.append(fire(n)) }
        try store.compact(watermark: at(15))
        try store.append(.start(now: at(100)))
        try store.append(fire(30))
        try store.compact(watermark: at(18))
        try store.append(fire(31))
        let reopened = try reopen(store)
        #expect(reopened.baseline == at(0))
        #expect(reopened.watermark == at(18))
        for n in [18, 19, 30, 31] { #expect(reopened.isDone("t#\(n)")) }
        #expect(!reopened.isDone("t#32"))
        #expect(reopened.recent(2) == [fire(30), fire(31)])
    }

    func aBatchIsJournaledWholeAndInOrder() throws {
        let store = try make()
        try store.append(contentsOf: [])
        #expect(store.entriesSinceCompaction == 0)
        try store.append(contentsOf: [.start(now: at(0))] + (1...40).map { fire($0) })
        try store.append(contentsOf: [
            .skip(id: "t#41", trigger: "t", at: at(41), now: at(90), reason: "misfire"),
            .outcome(FireOutcome(fireID: "t#40", status: .exited(0))), fire(42),
        ])
        #expect(store.entriesSinceCompaction == 44)
        let reopened = try reopen(store)
        #expect(reopened.baseline == at(0))
        #expect((1...42).allSatisfy { reopened.isDone("t#\($0)") })
        #expect(reopened.recent(3) == [fire(40), .skip(id: "t#41", trigger: "t", at: at(41), now: at(90), reason: "misfire"), fire(42)])
    }

    /// The exec backend's supervisors journal outcomes while the loop journals its batch.
    func concurrentAppendsAreEachKeptOnce() throws {
        let store = try make()
        try store.append(.start(now: at(0)))
        let appends: [[[Journal.Entry]]] = (0..<8).map { thread in
            (0..<25).map { n in
                let k = Int64(1000 + thread * 100 + n)
                return n % 5 == 0 ? [fire(k), fire(k + 50)] : [fire(k)]
            }
        }
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for entries in appends[thread] { try! store.append(contentsOf: entries) }
        }
        let reopened = try reopen(store)
        let expected = (0..<8).flatMap { thread in
            (0..<25).flatMap { n -> [Int64] in
                let k = Int64(1000 + thread * 100 + n)
                return n % 5 == 0 ? [k, k + 50] : [k]
            }
        }
        #expect(expected.allSatisfy { reopened.isDone("t#\($0)") })
        #expect(store.entriesSinceCompaction == 1 + expected.count)
        // A batch keeps its order, whatever the interleaving with other threads' batches.
        let recent = reopened.recent(Journal.recentLimit).map { entry -> String in
            if case .fire(let id, _, _, _) = entry { return id }
            return ""
        }
        for (index, id) in recent.enumerated() {
            guard let k = Int(id.dropFirst(2)), (k - 1000) % 100 >= 50 else { continue }
            #expect(!recent[(index + 1)...].contains("t#\(k - 50)"), "t#\(k - 50) journaled after t#\(k), its batch's next entry")
        }
    }

    func registrationRoundTrips() throws {
        let store = try make()
        try store.recordRegistration("{\"now\": 1}\n")
        try store.recordRegistration("{\"now\": 2}\n")
        #expect(try reopen(store).registration() == "{\"now\": 2}\n")
    }
}
