import AlmanacTestSupport
import Foundation
import Testing

/// `almanac import`: the spec on standard output or in `-o`, accepted by `check` and compiled, the
/// source's errors located with exit 1, an unreadable file exit 2, a bad format exit 64.
@Suite struct ImportCommandTests {
    static let fixtures = "Tests/AlmanacInterchangeTests/Fixtures"

    @Test func writesASpecThatChecksAndCompiles() throws {
        let dir = NSTemporaryDirectory() + "almanac-import-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let out = try CommandRunner.run(
            "almanac", ["import", "crontab", Self.fixtures + "/crontab", "--timezone", "America/New_York", "-o", dir + "/crontab.yaml"])
        #expect(out.status == 0 && out.stdout.isEmpty && out.stderr.isEmpty, "\(out.stderr)")
        let check = try CommandRunner.run("almanac", ["check", dir + "/crontab.yaml"])
        #expect(check.status == 0, "\(check.stdout)")
        let compile = try CommandRunner.run(
            "almanac", ["compile", dir + "/crontab.yaml", "--from", "2027-03-14", "--horizon", "1d", "-o", "-"])
        #expect(compile.status == 0 && compile.stdout.contains("\"trigger\": \"backup\""), "\(compile.stderr)")
        // Standard output gives the same bytes, and the system crontab is recognised by its flag.
        let stdout = try CommandRunner.run("almanac", ["import", "crontab", Self.fixtures + "/crontab", "--timezone", "America/New_York"])
        #expect(stdout.status == 0)
        let written = try String(contentsOfFile: dir + "/crontab.yaml", encoding: .utf8)
        #expect(stdout.stdout == written)
        let system = try CommandRunner.run(
            "almanac", ["import", "crontab", Self.fixtures + "/system-crontab", "--system", "--timezone", "Europe/London"])
        #expect(system.status == 0 && system.stdout.contains("user: \"root\""), "\(system.stderr)")
    }

    @Test func sourceErrorsAreLocatedAndExitOne() throws {
        let out = try CommandRunner.run("almanac", ["import", "crontab", Self.fixtures + "/invalid/bad.crontab"])
        #expect(out.status == 1 && out.stdout.isEmpty)
        #expect(out.stderr.contains("invalid/bad.crontab:2:1: error[E0407]"), "\(out.stderr)")
        let k8s = try CommandRunner.run(
            "almanac", ["import", "k8s", Self.fixtures + "/invalid/bad-cronjobs.yaml", "--diagnostics-format", "github"])
        #expect(k8s.status == 1 && k8s.stderr.contains("E0912"), "\(k8s.stderr)")
    }

    @Test func unreadableFileAndUsage() throws {
        #expect(try CommandRunner.run("almanac", ["import", "ics", "/nonexistent/calendar.ics"]).status == 2)
        #expect(try CommandRunner.run("almanac", ["import", "outlook", Self.fixtures + "/meetings.ics"]).status == 64)
        let zone = try CommandRunner.run("almanac", ["import", "crontab", Self.fixtures + "/crontab", "--timezone", "Mars/Base"])
        #expect(zone.status == 64 && zone.stderr.contains("Mars/Base"))
    }
}
