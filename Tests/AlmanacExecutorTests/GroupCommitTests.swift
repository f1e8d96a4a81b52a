import AlmanacPlan
import AlmanacTime
import Foundation
import Testing
@testable import AlmanacExecutor

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Group commit: a batch is one write and one sync, lands whole or not at all, and appends from
/// several threads share syncs without losing, repeating or mixing up anyone's entries.
@Suite(.serialized) struct GroupCommitTests {
    func fire(_ n: Int64) -> Journal.Entry {
        .fire(id: "t#\(n)", trigger: "t", at: TestPlans.at(n), now: TestPlans.at(n))
    }

    func bytes(_ path: String) -> [UInt8] { (try? FileBytes.read(path)) ?? [] }

    /// Counts the journal's `write` calls.
    final class WriteCounter: @unchecked Sendable {
        var calls = 0
        var write: FileJournalStore.WriteFunction {
            { fd, bytes, count in
                self.calls += 1
                return systemWrite(fd, bytes, count)
            }
        }
    }

    @Test func aBatchIsOneWriteAndOneSync() throws {
        let directory = TestPlans.scratchDirectory("batch-one-sync")
        let counter = WriteCounter()
        let store = try FileJournalStore(directory: directory, write: counter.write)
        try store.append(.start(now: TestPlans.at(0)))
        #expect(store.syncs == 1 && counter.calls == 1)
        try store.append(contentsOf: (1...200).map { fire($0) })
        #expect(store.syncs == 2 && counter.calls == 2)
        let lines = String(decoding: bytes(directory + "/" + Journal.fileName), as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 201)
        #expect(lines.last.map(String.init) == JournalLine.format(fire(200)))
    }

    /// A disk that fills up in the middle of a batch: the batch's lines that landed are cut back, so
    /// none of its fires counts as journaled (none was started), and the next write starts clean.
    @Test(arguments: [0, 1, 50, 120, 130, 200, 300])
    func aFailedBatchKeepsNoneOfIt(room: Int) throws {
        let directory = TestPlans.scratchDirectory("batch-enospc-\(room)")
        let path = directory + "/" + Journal.fileName
        let disk = FileJournalStoreTests.Disk(room: nil)
        do {
            let store = try FileJournalStore(directory: directory, write: disk.write)
            try store.append(contentsOf: [.start(now: TestPlans.at(0)), fire(1)])
            let before = bytes(path)
            disk.room = room
            do {
                try store.append(contentsOf: [fire(2), fire(3), fire(4)])
                Issue.record("a batch larger than the disk's room was journaled")
            } catch {
                #expect("\(error)".contains("cannot write the journal \(path) for fire t#2 and 2 more entries: "))
                #expect("\(error)".contains("cut back to the last whole line"))
            }
            #expect(bytes(path) == before)
            #expect(!store.isDone("t#2") && !store.isDone("t#3") && !store.isDone("t#4"))
            disk.room = nil
            try store.append(contentsOf: [fire(5), fire(6)])
        }
        let store = try FileJournalStore(directory: directory, mode: .readOnly)
        #expect(store.warnings.isEmpty)
        #expect(store.isDone("t#1") && store.isDone("t#5") && store.isDone("t#6"))
        #expect(!store.isDone("t#2") && !store.isDone("t#3") && !store.isDone("t#4"))
    }

    /// While one group is written, the others queue; the next writer takes all of them at once.
    /// `failSecond`: the second group's write fails, and exactly its members hear of it.
    @Test(arguments: [false, true])
    func appendsQueuedDuringAWriteShareTheNextOne(failSecond: Bool) throws {
        let commits = GroupCommit<Int, String>()
        let others = 6
        let groups = Box<[[Int]]>([])
        let results = Box<[Int: String?]>([:])
        let firstStarted = DispatchSemaphore(value: 0)
        let releaseFirst = DispatchSemaphore(value: 0)
        let write: @Sendable ([Int]) -> String? = { group in
            let index = groups.withValue { groups -> Int in
                groups.append(group)
                return groups.count
            }
            if index == 1 {
                firstStarted.signal()
                releaseFirst.wait()
            }
            return failSecond && index == 2 ? "disk full" : nil
        }
        let done = DispatchGroup()
        DispatchQueue.global().async(group: done) {
            let result = commits.commit(0, by: write)
            results.withValue { $0[0] = result }
        }
        firstStarted.wait()
        for item in 1...others {
            DispatchQueue.global().async(group: done) {
                let result = commits.commit(item, by: write)
                results.withValue { $0[item] = result }
            }
        }
        // Every other item must be queued behind the first write before it is let go.
        while commits.queuedCount < others { usleep(1_000) }
        releaseFirst.signal()
        done.wait()
        let written = groups.withValue { $0 }
        #expect(written.count == 2)
        #expect(written.first == [0])
        #expect(written.last.map { Set($0) } == Set(1...others))
        let outcome = results.withValue { $0 }
        #expect(outcome[0] == .some(nil))
        for item in 1...others { #expect(outcome[item] == .some(failSecond ? "disk full" : nil)) }
        // A later append is a group of its own, unaffected by the earlier failure.
        #expect(commits.commit(99, by: { _ in nil }) == nil)
    }

    /// Threads appending to a file store at once: every entry journaled exactly once, fewer syncs
    /// than appends when writes are slow enough for appends to queue.
    @Test func concurrentAppendsShareSyncs() throws {
        let directory = TestPlans.scratchDirectory("batch-concurrent")
        let slow: FileJournalStore.WriteFunction = { fd, bytes, count in
            usleep(2_000)
            return systemWrite(fd, bytes, count)
        }
        let store = try FileJournalStore(directory: directory, write: slow)
        let threads = 8, each = 20
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for n in 0..<each { try! store.append(fire(Int64(thread * 1000 + n))) }
        }
        #expect(store.syncs < threads * each)
        let lines = String(decoding: bytes(directory + "/" + Journal.fileName), as: UTF8.self).split(separator: "\n")
        #expect(lines.count == threads * each)
        #expect(Set(lines).count == threads * each)
        let reopened = try FileJournalStore(directory: directory, mode: .readOnly)
        #expect(reopened.warnings.isEmpty)
        #expect((0..<threads).allSatisfy { t in (0..<each).allSatisfy { reopened.isDone("t#\(t * 1000 + $0)") } })
    }
}

/// A value shared between test threads.
final class Box<Value>: @unchecked Sendable {
    private let lock = Lock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withValue<R>(_ body: (inout Value) -> R) -> R { lock.withLock { body(&value) } }
}
