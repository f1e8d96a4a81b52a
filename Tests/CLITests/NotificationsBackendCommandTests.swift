import AlmanacTestSupport
import Foundation
import Testing

/// `--backend notifications` in `almanac-exec`: `UNUserNotificationCenter.current()` needs an app
/// bundle and aborts a command-line process, so every command that drives a backend refuses it
/// before doing anything, whatever else is on the line, with a usage exit and what to do instead.
@Suite struct NotificationsBackendCommandTests {
    @Test func everyCommandRefusesItWithWhatToDoInstead() throws {
        let plan = try PhoneSimulationCommandTests.plan()
        for arguments in [
            ["reconcile", plan, "--now", "2027-03-01T08:00:00Z", "--backend", "notifications"],
            ["reconcile", plan, "--now", "2027-03-01T08:00:00Z", "--backend", "notifications", "--strategy", "diff"],
            ["reconcile", plan, "--now", "2027-03-01T08:00:00Z", "--backend", "notifications", "--record", "/tmp/never-written.jsonl"],
            ["run", plan, "--backend", "notifications"],
            ["simulate", plan, "--from", "2027-03-01", "--until", "2027-03-02", "--backend", "notifications"],
        ] {
            let out = try CommandRunner.run("almanac-exec", arguments)
            #expect(out.status == 64, "\(arguments): \(out.status) \(out.stderr)")
            #expect(out.stderr.contains("only an app"), "\(arguments): \(out.stderr)")
            #expect(out.stderr.contains("PhoneReconciler") && out.stderr.contains("--backend spy"), "\(arguments): \(out.stderr)")
            #expect(out.stdout.isEmpty, "\(arguments): \(out.stdout)")
        }
    }
}
