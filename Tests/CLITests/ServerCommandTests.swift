import AlmanacTestSupport
import Foundation
import Testing

/// From a crontab to a running server, as a user goes: `import` writes a server spec, the phone
/// budget does not judge it, `simulate`/`run --backend exec` run each trigger's own command, and
/// what cannot run is said at startup.
@Suite struct ServerCommandTests {
    /// A scratch folder holding `files`.
    func folder(_ files: [String: String]) throws -> String {
        let path = NSTemporaryDirectory() + "almanac-server-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: path + "/" + name)) }
        return path
    }

    /// A busy crontab: 1,440 fires a day, far over a phone's 64 slots.
    static let crontab = """
        MAILTO=ops@example.com
        GREETING=hello
        CRON_TZ=Europe/Berlin
        * * * * * echo "$GREETING $ALMANAC_TRIGGER" >> "$OUT/log"
        30 2 * * * cat > "$OUT/mail"%Dear team,%100\\% ready.%

        """

    @Test func anImportedCrontabIsAServerSpecThatThePhoneBudgetDoesNotJudge() throws {
        let dir = try folder(["crontab": Self.crontab])
        let imported = try CommandRunner.run("almanac", ["import", "crontab", "crontab", "-o", "jobs.yaml"], in: dir)
        #expect(imported.status == 0, "\(imported.stderr)")
        let spec = try String(contentsOfFile: dir + "/jobs.yaml", encoding: .utf8)
        #expect(spec.contains("\nruns_on: server\n"))
        #expect(spec.contains("# MAILTO (line 1): almanac-exec mails nothing"))
        let strict = try CommandRunner.run(
            "almanac", ["check", "--strict", "jobs.yaml", "--from", "2026-11-23", "--horizon", "7d"], in: dir)
        #expect(strict.status == 0, "\(strict.stdout)\(strict.stderr)")
        // The same spec, run by phones: the budget warns, and --strict fails.
        try Data(spec.replacingOccurrences(of: "runs_on: server\n", with: "").utf8).write(to: URL(fileURLWithPath: dir + "/phone.yaml"))
        let phone = try CommandRunner.run(
            "almanac", ["check", "--strict", "phone.yaml", "--from", "2026-11-23", "--horizon", "7d"], in: dir)
        #expect(phone.status == 1)
        #expect(phone.stdout.contains("warning[W0605]"))
    }

    @Test func aServerPlanCarriesItsProfileAndRendersNoBudgetMarks() throws {
        let dir = try folder(["crontab": Self.crontab])
        _ = try CommandRunner.run("almanac", ["import", "crontab", "crontab", "-o", "jobs.yaml"], in: dir)
        let spec = try String(contentsOfFile: dir + "/jobs.yaml", encoding: .utf8)
        try Data(spec.replacingOccurrences(of: "runs_on: server\n", with: "").utf8).write(to: URL(fileURLWithPath: dir + "/phone.yaml"))
        for (name, server) in [("jobs", true), ("phone", false)] {
            let compiled = try CommandRunner.run(
                "almanac", ["compile", "\(name).yaml", "--from", "2026-11-23", "--horizon", "1d", "-o", "\(name).plan.json"], in: dir)
            #expect(compiled.status == 0, "\(compiled.stderr)")
            let plan = try String(contentsOfFile: dir + "/\(name).plan.json", encoding: .utf8)
            #expect(plan.contains("\"runs_on\": \"server\"") == server)
            let render = try CommandRunner.run("almanac", ["render", "\(name).plan.json", "-o", "\(name).svg"], in: dir)
            #expect(render.status == 0, "\(render.stderr)")
            let svg = try String(contentsOfFile: dir + "/\(name).svg", encoding: .utf8)
            #expect(svg.contains("class=\"cutoff\"") == !server, "\(name)")
            #expect(svg.contains("class=\"refresh-by\"") == !server, "\(name)")
        }
    }

    /// `simulate` runs the real commands on a virtual clock: each trigger's own, with its
    /// environment and its `%` input.
    @Test func execWithoutACommandRunsEachTriggersOwn() throws {
        let dir = try folder(["crontab": Self.crontab])
        _ = try CommandRunner.run("almanac", ["import", "crontab", "crontab", "-o", "jobs.yaml"], in: dir)
        _ = try CommandRunner.run(
            "almanac", ["compile", "jobs.yaml", "--from", "2026-11-23", "--horizon", "1d", "-o", "plan.json"], in: dir)
        let run = try CommandRunner.run(
            "almanac-exec",
            ["simulate", "plan.json", "--from", "2026-11-23T01:28:00Z", "--until", "2026-11-23T01:31:00Z", "--backend", "exec"],
            in: dir, environment: ["OUT": dir])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("commands: 4 succeeded, 0 failed"), "\(run.stderr)")
        let log = try String(contentsOfFile: dir + "/log", encoding: .utf8)
        #expect(log == "hello echo\nhello echo\nhello echo\n")
        #expect(try String(contentsOfFile: dir + "/mail", encoding: .utf8) == "Dear team,\n100% ready.\n")
    }

    @Test func aTriggerWithoutACommandIsALocatedErrorAtStartup() throws {
        let dir = try folder([
            "jobs.yaml": """
            version: 1
            runs_on: server
            timezone: UTC
            triggers:
              backup: {cron: "0 2 * * *", payload: {command: "true"}}
              report: {cron: "0 3 * * *", payload: {title: Report}}

            """
        ])
        _ = try CommandRunner.run(
            "almanac", ["compile", "jobs.yaml", "--from", "2026-11-23", "--horizon", "1d", "-o", "plan.json"], in: dir)
        for command in [
            ["run", "plan.json", "--backend", "exec"],
            ["simulate", "plan.json", "--from", "2026-11-23", "--until", "2026-11-24", "--backend", "exec"],
        ] {
            let out = try CommandRunner.run("almanac-exec", command, in: dir)
            #expect(out.status == 2, "\(command): \(out.stderr)")
            #expect(out.stderr.contains("plan.json: 9:5: trigger \"report\": no payload.command;"), "\(out.stderr)")
        }
        // A command after `--` still wins: every trigger runs it.
        let given = try CommandRunner.run(
            "almanac-exec", ["simulate", "plan.json", "--from", "2026-11-23", "--until", "2026-11-24", "--backend", "exec", "--", "true"],
            in: dir)
        #expect(given.status == 0, "\(given.stderr)")
        let misplaced = try CommandRunner.run(
            "almanac-exec", ["simulate", "plan.json", "--from", "2026-11-23", "--until", "2026-11-24", "--", "true"], in: dir)
        #expect(misplaced.status == 64)
    }

    @Test func aSpecGivenToTheExecutorIsNamedAsOne() throws {
        for command in [["reconcile", "examples/team-reminders.yaml", "--now", "2026-11-23"], ["run", "examples/team-reminders.yaml"]] {
            let out = try CommandRunner.run("almanac-exec", command)
            #expect(out.status == 2)
            #expect(
                out.stderr.contains(
                    "examples/team-reminders.yaml: a spec, not a plan: compile it first, `almanac compile examples/team-reminders.yaml -o PLAN`, and give almanac-exec PLAN"
                ), "\(out.stderr)")
        }
    }

    @Test func pendingLimitsBothListsToN() throws {
        let dir = try folder([:])
        _ = try CommandRunner.run(
            "almanac",
            ["compile", Golden.repositoryRoot + "/examples/team-reminders.yaml", "--from", "2026-11-23", "-o", dir + "/plan.json"])
        let reconciled = try CommandRunner.run(
            "almanac-exec", ["reconcile", dir + "/plan.json", "--now", "2026-11-23T00:00:00Z", "--state", dir + "/state"])
        #expect(reconciled.status == 0, "\(reconciled.stderr)")
        let pending = try CommandRunner.run("almanac-exec", ["pending", "--state", dir + "/state", "-n", "3"])
        #expect(pending.status == 0, "\(pending.stderr)")
        let lines = pending.stdout.split(separator: "\n")
        #expect(lines[1].hasPrefix("pending: 64 of 64 registered; the next 3 (-n shows more)"), "\(pending.stdout)")
        #expect(lines.filter { $0.hasPrefix("  ") }.count == 3, "\(pending.stdout)")
    }
}
