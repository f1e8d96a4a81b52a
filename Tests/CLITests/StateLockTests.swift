import AlmanacTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The state directory's lock with real processes: a second daemon on one state exits 2 naming the
/// first one's pid and delivers nothing; a SIGKILLed holder's lock is free again at once, and the
/// restarted daemon appends to the spy record and delivers no fire twice.
@Suite struct StateLockTests {
    /// The ids of the fires a spy record holds, in order.
    static func fired(_ record: String) -> [String] {
        let text = (try? String(contentsOfFile: record, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { $0.contains("\"call\": \"fire\"") }.compactMap { line in
            guard let start = line.range(of: "\"id\": \"") else { return nil }
            return String(line[start.upperBound...].prefix { $0 != "\"" })
        }
    }

    static func count(_ call: String, in record: String) -> Int {
        let text = (try? String(contentsOfFile: record, encoding: .utf8)) ?? ""
        return text.components(separatedBy: "\"call\": \"\(call)\"").count - 1
    }

    @Test func oneDaemonPerStateAndAKilledHolderFreesIt() throws {
        let dir = NSTemporaryDirectory() + "almanac-lock-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let plan = dir + "/plan.json", record = dir + "/record"
        try TickPlan.write(to: plan, start: TickPlan.now(after: 1), seconds: 600, triggers: ["t0", "t1", "t2", "t3"])
        let arguments = ["run", plan, "--state", dir + "/state", "--backend", "spy", "--record"]

        let first = try BackgroundProcess("almanac-exec", arguments + [record], in: dir, logPath: dir + "/a.log")
        defer { first.stop() }
        #expect(
            BackgroundProcess.poll(seconds: 20) {
                ((try? Data(contentsOf: URL(fileURLWithPath: dir + "/state/lock"))) ?? Data()).count > 0
            },
            "no lock file: \(first.log)")
        // Left running, a second daemon would deliver the plan's ten minutes: it is given 20 s to refuse.
        let second = try BackgroundProcess("almanac-exec", arguments + [dir + "/record2"], in: dir, logPath: dir + "/b.log")
        defer { second.stop() }
        let status = second.waitForExit(seconds: 20)
        second.stop()
        #expect(status == 2, "a second daemon on one state exited \(status.map(String.init) ?? "not at all"): \(second.log)")
        #expect(
            second.log.contains("in use by another almanac-exec (pid \(first.pid)"),
            "the second daemon did not name the holder: \(second.log)")
        #expect(Self.fired(dir + "/record2").isEmpty, "the second daemon delivered fires")

        #expect(BackgroundProcess.poll(seconds: 20) { !Self.fired(record).isEmpty }, "the first daemon fired nothing: \(first.log)")
        first.signal(SIGKILL)
        _ = first.waitForExit(seconds: 20)
        let firedBefore = Self.fired(record).count

        // The lock of a killed holder is free at once: a restart runs, appending to the same record.
        let restarted = try BackgroundProcess("almanac-exec", arguments + [record], in: dir, logPath: dir + "/c.log")
        defer { restarted.stop() }
        #expect(
            BackgroundProcess.poll(seconds: 20) { Self.fired(record).count > firedBefore },
            "the restarted daemon fired nothing: \(restarted.log)")
        restarted.signal(SIGTERM)
        #expect(restarted.waitForExit(seconds: 20) == 0, "the restarted daemon did not stop cleanly: \(restarted.log)")
        #expect(Self.count("cancelAll", in: record) >= 2, "the spy record was truncated on restart")
        let ids = Self.fired(record)
        #expect(Set(ids).count == ids.count, "fired twice across a restart: \(ids)")
    }
}
