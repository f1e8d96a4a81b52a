@testable import AlmanacExecutor
import AlmanacPlan
import AlmanacTime
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What only the file store has: the lock, whole-line writes on a full disk, hostile lines, a
/// deleted directory, read-only opening.
@Suite(.serialized) struct FileJournalStoreTests {
    func bytes(_ path: String) -> [UInt8] { (try? FileBytes.read(path)) ?? [] }

    func appendRaw(_ path: String, _ text: [UInt8]) {
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        _ = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    func fire(_ n: Int64) -> Journal.Entry {
        .fire(id: "t#\(n)", trigger: "t", at: TestPlans.at(n), now: TestPlans.at(n))
    }

    @Test func aSecondOpenIsRefusedNamingTheHolder() throws {
        let directory = TestPlans.scratchDirectory("lock")
        var first: FileJournalStore? = try FileJournalStore(directory: directory)
        #expect(first != nil)
        do {
            _ = try FileJournalStore(directory: directory)
            Issue.record("a second read-write open succeeded")
        } catch {
            #expect("\(error)".contains("pid \(getpid())"))
            #expect("\(error)".contains("in use"))
        }
        // Readers do not need the lock.
        _ = try FileJournalStore(directory: directory, mode: .readOnly)
        first = nil
        _ = try FileJournalStore(directory: directory)
    }

    /// A disk with `room` bytes left (nil: unlimited): writes land what fits, then fail with ENOSPC.
    final class Disk: @unchecked Sendable {
        var room: Int?
        init(room: Int?) { self.room = room }

        var write: FileJournalStore.WriteFunction {
            { fd, bytes, count in
                guard let room = self.room else { return systemWrite(fd, bytes, count) }
                guard room > 0 else {
                    errno = ENOSPC
                    return -1
                }
                let written = systemWrite(fd, bytes, min(room, count))
                if written > 0 { self.room = room - written }
                return written
            }
        }
    }

    @Test(arguments: [0, 1, 10, 40, 80, 99, 100]) func aFailedWriteIsCutBackToTheLastWholeLine(room: Int) throws {
        let directory = TestPlans.scratchDirectory("enospc-\(room)")
        let path = directory + "/" + Journal.fileName
        let disk = Disk(room: nil)
        do {
            let store = try FileJournalStore(directory: directory, write: disk.write)
            try store.append(.start(now: TestPlans.at(0)))
            try store.append(fire(1))
            let before = bytes(path)
            // The line is longer than the room left: part of it lands, the rest fails.
            disk.room = room
            do {
                try store.append(fire(2))
                Issue.record("a write larger than the disk's room succeeded")
            } catch {
                #expect("\(error)".contains("\(path)"))
                #expect("\(error)".contains("fire t#2"))
            }
            #expect(bytes(path) == before)
            #expect(!store.isDone("t#2"))
            disk.room = nil
            try store.append(fire(3))
        }
        let store = try FileJournalStore(directory: directory, mode: .readOnly)
        #expect(store.warnings.isEmpty)
        #expect(store.isDone("t#1") && !store.isDone("t#2") && store.isDone("t#3"))
        #expect(String(decoding: bytes(path), as: UTF8.self).split(separator: "\n").count == 3)
    }

    @Test func aTornLastLineIsReportedAndCutOnlyByAWriter() throws {
        let directory = TestPlans.scratchDirectory("torn-report")
        let path = directory + "/" + Journal.fileName
        do {
            let store = try FileJournalStore(directory: directory)
            try store.append(fire(1))
        }
        appendRaw(path, Array("{\"event\": \"fire\", \"id\": \"t#2".utf8))
        let torn = bytes(path)
        let reader = try FileJournalStore(directory: directory, mode: .readOnly)
        #expect(reader.warnings.count == 1)
        #expect(reader.warnings.first?.contains("\(path):2: torn last line") == true)
        #expect(bytes(path) == torn)
        let writer = try FileJournalStore(directory: directory)
        #expect(writer.warnings.first?.contains("\(path):2: torn last line") == true)
        try writer.append(fire(3))
        #expect(String(decoding: bytes(path), as: UTF8.self) == JournalLine.format(fire(1)) + "\n" + JournalLine.format(fire(3)) + "\n")
    }

    @Test func readOnlyChangesNothing() throws {
        let missing = TestPlans.scratchDirectory("missing")
        #expect(throws: ExecutorError.self) { try FileJournalStore(directory: missing, mode: .readOnly) }
        #expect(access(missing, F_OK) != 0)
        let directory = TestPlans.scratchDirectory("readonly")
        do { try FileJournalStore(directory: directory).append(fire(1)) }
        let before = bytes(directory + "/" + Journal.fileName)
        let store = try FileJournalStore(directory: directory, mode: .readOnly)
        #expect(throws: ExecutorError.self) { try store.append(fire(2)) }
        #expect(bytes(directory + "/" + Journal.fileName) == before)
    }

    @Test func aDeletedStateDirectoryStopsTheWriter() throws {
        let directory = TestPlans.scratchDirectory("deleted")
        let store = try FileJournalStore(directory: directory)
        try store.append(fire(1))
        try FileManagerLite.removeTree(directory)
        do {
            try store.append(fire(2))
            Issue.record("wrote into a deleted directory")
        } catch {
            #expect("\(error)".contains("deleted"))
        }
        #expect(access(directory, F_OK) != 0)
    }

    /// Lines no reader should trap on: out-of-range numbers in every numeric field, wrong types,
    /// broken JSON, NUL, invalid UTF-8, a huge line.
    static let hostileLines: [[UInt8]] = {
        var lines: [String] = []
        for big in [
            "4294967296", "-2147483649", "2147483648", "9223372036854775808", "-9223372036854775809",
            "1e400", "1.5", "-0.0", "99999999999999999999999999999",
        ] {
            lines.append("{\"event\": \"outcome\", \"id\": \"x\", \"exit\": \(big)}")
            lines.append("{\"event\": \"outcome\", \"id\": \"x\", \"signal\": \(big)}")
        }
        for wrong in ["\"3\"", "true", "null", "[]", "{}"] {
            lines.append("{\"event\": \"outcome\", \"id\": \"x\", \"exit\": \(wrong)}")
            lines.append("{\"event\": \"outcome\", \"id\": \"x\", \"signal\": \(wrong)}")
            // A number where a string belongs (a string is a fine id or trigger).
            let notString = wrong == "\"3\"" ? "3" : wrong
            lines.append(
                "{\"event\": \"fire\", \"id\": \(notString), \"trigger\": \"t\", \"at\": \"2026-11-23T05:00:00Z\", \"now\": \"2026-11-23T05:00:00Z\"}"
            )
            lines.append(
                "{\"event\": \"fire\", \"id\": \"x\", \"trigger\": \(notString), \"at\": \"2026-11-23T05:00:00Z\", \"now\": \"2026-11-23T05:00:00Z\"}"
            )
            lines.append("{\"event\": \"start\", \"now\": \(wrong)}")
            lines.append("{\"event\": \(wrong)}")
        }
        for at in [
            "99999-01-01T00:00:00Z", "-0001-01-01T00:00:00Z", "2026-13-01T00:00:00Z", "2026-11-23T25:00:00Z",
            "2026-11-23T05:00:00+99:00", "", "now", "2026-02-30T00:00:00Z",
        ] {
            lines.append("{\"event\": \"fire\", \"id\": \"x\", \"trigger\": \"t\", \"at\": \"\(at)\", \"now\": \"2026-11-23T05:00:00Z\"}")
            lines.append("{\"event\": \"start\", \"now\": \"\(at)\"}")
            lines.append("{\"event\": \"watermark\", \"before\": \"\(at)\"}")
            lines.append("{\"event\": \"done\", \"id\": \"x\", \"at\": \"\(at)\"}")
        }
        lines += [
            "{", "}", "[]", "null", "\"fire\"", "{\"event\": \"fire\"", "{\"event\": \"outcome\", \"id\": \"x\"}",
            "{\"event\": \"outcome\", \"id\": \"x\", \"timeout\": -1}", "{\"event\": \"nonsense\", \"id\": \"x\"}",
            String(repeating: "[", count: 100_000), "{\"event\": \"" + String(repeating: "x", count: 1_000_000) + "\"}",
        ]
        var raw = lines.map { Array($0.utf8) }
        raw.append([0x7B, 0x00, 0x7D])
        raw.append(Array("{\"event\": \"start\", \"now\": \"2026\u{0}-11-23T05:00:00Z\"}".utf8))
        raw.append([0x7B, 0x22, 0x65, 0x76, 0x65, 0x6E, 0x74, 0x22, 0x3A, 0x22, 0xFF, 0xFE, 0x22, 0x7D])
        raw.append(
            Array("{\"event\": \"fire\", \"id\": \"".utf8) + [0xC3, 0x28]
                + Array("\", \"trigger\": \"t\", \"at\": \"2026-11-23T05:00:00Z\", \"now\": \"2026-11-23T05:00:00Z\"}".utf8))
        raw.append([UInt8](repeating: 0, count: 5000))
        return raw
    }()

    @Test func everyUnreadableLineIsReportedWithItsNumberAndSkipped() throws {
        let directory = TestPlans.scratchDirectory("hostile")
        let path = directory + "/" + Journal.fileName
        mkdir(directory, 0o755)
        var text = Array((JournalLine.format(.start(now: TestPlans.at(0))) + "\n").utf8)
        for (n, line) in Self.hostileLines.enumerated() {
            text += line + [0x0A]
            text += Array((JournalLine.format(fire(Int64(n))) + "\n").utf8)
        }
        appendRaw(path, text)
        for mode in [FileJournalStore.Mode.readOnly, .readWrite] {
            let store = try FileJournalStore(directory: directory, mode: mode)
            #expect(store.baseline == TestPlans.at(0))
            #expect(store.warnings.count == Self.hostileLines.count)
            for (n, warning) in store.warnings.enumerated() {
                #expect(warning.hasPrefix("\(path):\(2 + 2 * n): unreadable journal entry skipped"))
            }
            #expect((0..<Self.hostileLines.count).allSatisfy { store.isDone("t#\($0)") })
        }
    }

    @Test func compactionBoundsTheFilesAndSurvivesRestarts() throws {
        let directory = TestPlans.scratchDirectory("compaction")
        let path = directory + "/" + Journal.fileName
        do {
            let journal = Journal(store: try FileJournalStore(directory: directory), compactionThreshold: 50)
            try journal.append(.start(now: TestPlans.at(0)))
            for n in 0..<Int64(1_000) {
                try journal.append(fire(n))
                journal.handled(before: TestPlans.at(n - 20))
            }
            #expect(journal.store.entriesSinceCompaction <= 50)
        }
        #expect(bytes(path).count < 50 * 120)
        #expect(bytes(directory + "/" + FileJournalStore.snapshotName).count < 200 * 120)
        let journal = Journal(store: try FileJournalStore(directory: directory))
        #expect(journal.warnings.isEmpty)
        // Every delivered id still counts as done: by the set at or after the watermark, by the floor before it.
        #expect((0..<Int64(1_000)).allSatisfy { journal.isDone("t#\($0)", at: TestPlans.at($0)) })
        #expect(!journal.isDone("t#1000", at: TestPlans.at(1_000)))
        #expect((979..<Int64(1_000)).allSatisfy { journal.isDone("t#\($0)") })
        #expect(journal.baseline! > TestPlans.at(900))
    }
}
