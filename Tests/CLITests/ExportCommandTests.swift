import AlmanacTestSupport
import Foundation
import Testing

/// `almanac export`: a loss is an error that writes nothing unless `--lossy`; the loss reports of
/// three examples as goldens (`.diagnostics`, the examples of docs/diagnostics.md); plans as input.
@Suite struct ExportCommandTests {
    static let goldens = Golden.repositoryRoot + "/Tests/CLITests/Golden/export"

    static func temporaryDirectory() throws -> String {
        let dir = NSTemporaryDirectory() + "almanac-export-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Without --lossy a loss exits 1, prints the located report and writes nothing.
    @Test(arguments: [
        ("dst-sensitive", "systemd", ["--exec", "/bin/true"]),
        ("meetings-rrule", "crontab", ["--exec", "/bin/true"]),
        ("medication", "k8s", ["--image", "busybox"]),
    ])
    func lossIsAnErrorAndWritesNothing(_ example: String, _ format: String, _ extra: [String]) throws {
        let dir = try Self.temporaryDirectory()
        let target = dir + "/out"
        let out = try CommandRunner.run("almanac", ["export", format, "examples/\(example).yaml", "-o", target] + extra)
        #expect(out.status == 1)
        #expect(out.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: target))
        let failure = Golden.check(out.stderr, against: "\(Self.goldens)/\(example)-\(format).diagnostics")
        #expect(failure == nil, "\(failure ?? "")")
    }

    @Test func lossyWritesTheFilesAndWarns() throws {
        let dir = try Self.temporaryDirectory()
        let out = try CommandRunner.run(
            "almanac", ["export", "systemd", "examples/dst-sensitive.yaml", "--exec", "/bin/true", "--lossy", "-o", dir])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stderr.contains("warning[E0901]") && !out.stderr.contains("error["))
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(files.count == 12 && files.contains("dst-sensitive-nightly-0230.timer"), "\(files)")
        // The same bytes as standard output, file by file.
        let stdout = try CommandRunner.run(
            "almanac", ["export", "systemd", "examples/dst-sensitive.yaml", "--exec", "/bin/true", "--lossy"])
        let timer = try String(contentsOfFile: dir + "/dst-sensitive-nightly-0230.timer", encoding: .utf8)
        #expect(stdout.stdout.contains("# file: dst-sensitive-nightly-0230.timer\n" + timer))
    }

    /// A trigger without a command is an error even with --lossy: the unit would not run.
    @Test func missingCommandIsAnErrorEvenWhenLossy() throws {
        let out = try CommandRunner.run("almanac", ["export", "crontab", "examples/backups-cron.yaml", "--lossy"])
        #expect(out.status == 1 && out.stdout.isEmpty)
        #expect(out.stderr.contains("error[E0903]") && out.stderr.contains("--exec CMD"))
    }

    /// A command a format cannot hold (here a line break for crontab, from `--exec`, which no spec
    /// check sees) refuses its triggers with E0231 — even with --lossy nothing of it is written.
    @Test func unwritableCommandsAreRefused() throws {
        let dir = try Self.temporaryDirectory()
        let target = dir + "/out"
        let args = ["export", "crontab", "examples/team-reminders.yaml", "--exec", "/bin/backup\n* * * * * /tmp/pwned", "-o", target]
        let out = try CommandRunner.run("almanac", args)
        #expect(out.status == 1 && out.stdout.isEmpty && !FileManager.default.fileExists(atPath: target))
        let failure = Golden.check(out.stderr, against: "\(Self.goldens)/team-reminders-crontab-unwritable.diagnostics")
        #expect(failure == nil, "\(failure ?? "")")
        let lossy = try CommandRunner.run("almanac", args + ["--lossy"])
        #expect(lossy.stderr.contains("warning[E0231]") && !lossy.stderr.contains("error["), "\(lossy.stderr)")
        let written = (try? String(contentsOfFile: target, encoding: .utf8)) ?? ""
        #expect(!written.contains("pwned"), "\(written)")
    }

    /// ics reads a plan or a spec over a window; both give the same calendar. The rule formats
    /// refuse a plan (usage: exit 64).
    @Test func icsFromAPlanEqualsIcsFromTheSpec() throws {
        let dir = try Self.temporaryDirectory()
        let plan = dir + "/team.plan.json"
        let window = ["--from", "2026-11-23", "--horizon", "2d"]
        let compile = try CommandRunner.run("almanac", ["compile", "examples/team-reminders.yaml", "-o", plan] + window)
        #expect(compile.status == 0, "\(compile.stderr)")
        let fromPlan = try CommandRunner.run("almanac", ["export", "ics", plan, "--alarm", "10m"])
        let fromSpec = try CommandRunner.run("almanac", ["export", "ics", "examples/team-reminders.yaml", "--alarm", "10m"] + window)
        #expect(fromPlan.status == 0 && fromSpec.status == 0, "\(fromPlan.stderr)\(fromSpec.stderr)")
        #expect(fromPlan.stdout == fromSpec.stdout && fromPlan.stdout.contains("BEGIN:VEVENT\r\n"))
        let refused = try CommandRunner.run("almanac", ["export", "systemd", plan])
        // The catalogue's words and code (E0902), as a diagnostic, not text written in the command.
        #expect(refused.status == 64 && refused.stderr.contains("a plan holds fires, not rules"))
        #expect(refused.stderr.contains("E0902"), "\(refused.stderr)")
    }

    @Test func usageErrors() throws {
        #expect(try CommandRunner.run("almanac", ["export", "ical", "examples/medication.yaml"]).status == 64)
        #expect(try CommandRunner.run("almanac", ["export", "ics", "examples/medication.yaml", "--alarm", "soon"]).status == 64)
        #expect(try CommandRunner.run("almanac", ["export", "systemd", "examples/medication.yaml", "--misfire", "twice"]).status == 64)
        #expect(try CommandRunner.run("almanac", ["export", "crontab", "examples/missing.yaml"]).status == 2)
    }
}
