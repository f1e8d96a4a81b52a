import AlmanacTestSupport
import Foundation
import Testing

/// `almanac explain`: text and JSON, the triggers asked for in their order, and its exit codes.
@Suite struct ExplainCommandTests {
    @Test func textJSONAndSelection() throws {
        let text = try CommandRunner.run("almanac", ["explain", "examples/team-reminders.yaml", "review", "standup"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(
            text.stdout
                == """
                review: Every 2 weeks on Friday at 15:00, starting 2026-11-27 15:00, America/New_York.
                standup: At 09:00 and 17:30, Monday to Friday, America/New_York, except us-holidays.

                """)
        let json = try CommandRunner.run("almanac", ["explain", "examples/team-reminders.yaml", "backup", "--format", "json"])
        #expect(
            json.stdout
                == """
                {"triggers": [
                  {"explanation": "Every 15 minutes from minute 00 through 45, UTC.", "id": "backup", "kind": "cron"}
                ]}

                """)
    }

    @Test func unknownTriggerAndBadSpecExitOne() throws {
        let unknown = try CommandRunner.run("almanac", ["explain", "examples/team-reminders.yaml", "standp"])
        #expect(unknown.status == 1 && unknown.stdout.isEmpty)
        #expect(unknown.stderr == "almanac: no trigger 'standp' in examples/team-reminders.yaml; did you mean 'standup'?\n")
        let dir = NSTemporaryDirectory() + "almanac-explain-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let spec = dir + "/bad.yaml"
        try Data("version: 1\ntimezone: UTC\ntriggers:\n  t: {cron: \"0 0 31 2 *\"}\n".utf8).write(to: URL(fileURLWithPath: spec))
        let bad = try CommandRunner.run("almanac", ["explain", spec])
        let check = try CommandRunner.run("almanac", ["check", spec])
        #expect(bad.status == 1 && bad.stdout.isEmpty && bad.stderr.contains("error[E0306]"))
        // The same diagnostics as `check` prints (on standard error here, standard output there).
        #expect(bad.stderr == check.stdout, "\(bad.stderr)")
        #expect(try CommandRunner.run("almanac", ["explain", dir + "/missing.yaml"]).status == 2)
    }

    /// `next` heads its table with the explanation of each trigger in it, in the order they first fire.
    @Test func nextHeadsItsTableWithExplanations() throws {
        let out = try CommandRunner.run(
            "almanac", ["next", "examples/team-reminders.yaml", "payroll", "standup", "-n", "3", "--from", "2026-11-30"])
        #expect(out.status == 0, "\(out.stderr)")
        let lines = out.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "standup: At 09:00 and 17:30, Monday to Friday, America/New_York, except us-holidays.")
        #expect(lines[1] == "payroll: At 23:00 on the last day of every month, America/New_York.")
        #expect(lines[2] == "" && lines[3].hasPrefix("LOCAL"))
    }
}
