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

/// `almanac-exec` as a daemon, the real binary on the real clock: exit codes for plans it cannot
/// run (2) and usage (64); a running daemon reloads its plan when the file is replaced by a rename,
/// on SIGHUP and when it is rewritten in place, stops cleanly on SIGTERM, and delivers each fire
/// once; `pending` reads its state. Deadlines are generous (a loaded machine), never bounds.
@Suite struct DaemonTests {
    static func directory() throws -> String {
        let dir = NSTemporaryDirectory() + "almanac-daemon-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    static func read(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    /// A plan that cannot be read exits 2 saying why; a usage mistake exits 64.
    @Test func exitCodes() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let exec = { (arguments: [String]) in try CommandRunner.run("almanac-exec", arguments, in: dir) }
        try Data("not json\n".utf8).write(to: URL(fileURLWithPath: dir + "/garbage.json"))
        var out = try exec(["reconcile", "garbage.json", "--now", "2026-01-01T00:00:00Z"])
        #expect(out.status == 2)
        #expect(out.stderr.contains("not valid JSON"), "\(out.stderr)")

        let plan = TickPlan.text(start: 1_767_225_600, seconds: 3)
        try Data(plan.utf8).write(to: URL(fileURLWithPath: dir + "/plan.json"))
        try Data(plan.replacingOccurrences(of: "\"plan\": 1", with: "\"plan\": 2").utf8).write(to: URL(fileURLWithPath: dir + "/v2.json"))
        out = try exec(["simulate", "v2.json", "--from", "2026-01-01T00:00:00Z", "--until", "2026-01-02T00:00:00Z"])
        #expect(out.status == 2)
        #expect(out.stderr.contains("plan format 2 is newer than this executor understands (1)"), "\(out.stderr)")
        try Data(plan.utf8.prefix(300)).write(to: URL(fileURLWithPath: dir + "/truncated.json"))
        #expect(try exec(["run", "truncated.json"]).status == 2)
        #expect(try exec(["run", "missing.json"]).status == 2)

        #expect(try exec(["reconcile", "plan.json"]).status == 64)
        #expect(try exec(["reconcile", "plan.json", "--now", "yesterday"]).status == 64)
        #expect(try exec(["run", "plan.json", "--misfire", "sometimes"]).status == 64)
        #expect(try exec(["frobnicate"]).status == 64)
        // `exec` with no command after `--` runs each trigger's payload.command: a plan whose trigger
        // has none cannot be run (exit 2, at the trigger's line), as docs/executor.md says.
        out = try exec(["run", "plan.json", "--backend", "exec"])
        #expect(out.status == 2)
        #expect(out.stderr.contains("trigger \"tick\": no payload.command"), "\(out.stderr)")
    }

    /// Plan `a` fires every second; replaced by a rename it becomes `b`; SIGHUP reloads; rewritten
    /// in place it becomes `c`, and through a hard link `d`. Every fire once, and none of `a` after
    /// the first of `b`.
    @Test func reloadsOnRenameSignalAndRewriteAndStopsCleanly() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let plan = dir + "/plan.json", out = dir + "/out"
        let start = TickPlan.now(after: 1)
        try TickPlan.write(to: plan, start: start, seconds: 300, triggers: ["a"])
        let daemon = try BackgroundProcess(
            "almanac-exec",
            [
                "run", plan, "--state", dir + "/state", "--backend", "exec", "--", "/bin/sh", "-c", "echo \"$ALMANAC_FIRE_ID\" >> \"$0\"",
                out,
            ],
            in: dir, logPath: dir + "/daemon.log")
        defer { daemon.stop() }
        let lines = { Self.read(out).split(separator: "\n").map(String.init) }
        #expect(BackgroundProcess.poll(seconds: 20) { lines().contains { $0.hasPrefix("a@") } }, "plan a never fired: \(daemon.log)")

        // Replaced by a rename, as `almanac compile -o` writes atomically.
        try TickPlan.write(to: plan, start: start, seconds: 300, triggers: ["b"])
        #expect(
            BackgroundProcess.poll(seconds: 20) { lines().contains { $0.hasPrefix("b@") } },
            "replacing the plan file did not reload it: \(daemon.log)")

        let reloads = { daemon.log.components(separatedBy: "reloaded the plan").count - 1 }
        let before = reloads()
        daemon.signal(SIGHUP)
        #expect(BackgroundProcess.poll(seconds: 20) { reloads() > before }, "SIGHUP did not reload the plan: \(daemon.log)")

        // An in-place rewrite (the same file, truncated, written and closed) reloads too; so does
        // one through a hard link of another name (the file itself is watched, not only its name).
        #expect(link(plan, dir + "/other-name.json") == 0)
        for (path, trigger, how) in [(plan, "c", "in place"), (dir + "/other-name.json", "d", "through a hard link")] {
            let handle = try #require(FileHandle(forWritingAtPath: path))
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: Data(TickPlan.text(start: start, seconds: 300, triggers: [trigger]).utf8))
            try handle.close()
            #expect(
                BackgroundProcess.poll(seconds: 20) { lines().contains { $0.hasPrefix(trigger + "@") } },
                "rewriting the plan file \(how) did not reload it: \(daemon.log)")
        }

        let pending = try CommandRunner.run("almanac-exec", ["pending", "--state", dir + "/state"])
        #expect(pending.status == 0)
        #expect(pending.stdout.contains("pending:"), "pending printed no registration: \(pending.stdout)")
        #expect(pending.stdout.contains("fired at"), "pending printed no deliveries: \(pending.stdout)")

        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit(seconds: 20) == 0, "the daemon did not exit 0 on SIGTERM: \(daemon.log)")
        #expect(daemon.log.contains("stopped:"), "no clean-stop message: \(daemon.log)")
        let delivered = lines()
        #expect(Set(delivered).count == delivered.count, "a fire was delivered twice: \(delivered)")
        // Fires of a trigger stop once its plan is replaced: no `a` after the first `b`.
        let lastA = try #require(delivered.lastIndex { $0.hasPrefix("a@") })
        let firstB = try #require(delivered.firstIndex { $0.hasPrefix("b@") })
        #expect(lastA < firstB, "plan a kept firing after the reload: \(delivered)")
    }

    /// A daemon killed while a command of its runs, then started again (by systemd, say) on the same
    /// metrics port: the command holds nothing of the old daemon's (SwiftNIO's sockets are not
    /// close-on-exec; it held the listening socket, and the new daemon exited 2, "cannot listen").
    @Test func aRestartedDaemonListensWhileTheOldOnesCommandRuns() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let plan = dir + "/plan.json", pids = dir + "/pids"
        try TickPlan.write(to: plan, start: TickPlan.now(after: 1), seconds: 1)
        let commands = { Self.read(pids).split(separator: "\n").compactMap { Int32($0) } }
        defer { for pid in commands() { kill(-pid, SIGKILL) } }
        let run = { (address: String, log: String) in
            try BackgroundProcess(
                "almanac-exec",
                [
                    "run", plan, "--state", dir + "/state", "--metrics", address, "--backend", "exec", "--",
                    "/bin/sh", "-c", "echo $$ >> \"$0\"; exec sleep 120", pids,
                ],
                in: dir, logPath: dir + "/" + log)
        }
        let first = try run("127.0.0.1:0", "first.log")
        defer { first.stop() }
        #expect(BackgroundProcess.poll(seconds: 20) { !commands().isEmpty }, "the command never started: \(first.log)")
        let port = try #require(first.log.firstMatch(of: /metrics at http:\/\/127\.0\.0\.1:([0-9]+)\//)?.1)
        first.signal(SIGKILL)
        #expect(first.waitForExit(seconds: 20) != nil)
        let command = try #require(commands().first)
        #expect(kill(command, 0) == 0, "the command should outlive its daemon")

        let second = try run("127.0.0.1:\(port)", "second.log")
        defer { second.stop() }
        let listening = "metrics at http://127.0.0.1:\(port)/"
        #expect(
            BackgroundProcess.poll(seconds: 20) { second.log.contains(listening) || !second.process.isRunning },
            "the second daemon said nothing: \(second.log)")
        #expect(second.process.isRunning && !second.log.contains("cannot listen"), "\(second.log)")
    }
}
