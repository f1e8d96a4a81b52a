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
        #expect(bad.status == 1 && bad.stdout.isEmpty && bad.stderr.contains("E04"))
        // The same diagnostics as `check` prints (on standard error here, standard output there).
        #expect(bad.stderr == check.stdout, "\(bad.stderr)")
        #expect(try CommandRunner.run("almanac", ["explain", dir + "/missing.yaml"]).status == 2)
    }
}
