import AlmanacTestSupport
import Foundation
import Testing

/// `almanac check`, run as a user would: exit codes and output formats.
@Suite struct CheckCommandTests {
    static let invalid = "Tests/AlmanacSpecTests/Fixtures/invalid/unknown-weekday.yaml"

    func temporarySpec(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "almanac-cli-\(UUID().uuidString).yaml"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func validSpecExitsZero() throws {
        let path = try temporarySpec("version: 1\ntimezone: UTC\ntriggers:\n  a: {cron: \"0 9 * * *\"}\n")
        let out = try CommandRunner.run("almanac", ["check", path])
        #expect(out.status == 0, "\(out.stdout)\(out.stderr)")
        #expect(out.stdout.isEmpty)
    }

    @Test func errorsExitOneWithCaretExcerpt() throws {
        let out = try CommandRunner.run("almanac", ["check", Self.invalid])
        #expect(out.status == 1)
        #expect(out.stdout.contains("error[E0203]"))
        #expect(out.stdout.contains(" | "))
        #expect(!out.stdout.contains("\u{1B}["), "no colour when stdout is not a terminal")
    }

    @Test func warningsFailOnlyUnderStrict() throws {
        let path = try temporarySpec("version: 1\ntimezone: Europe/Berlin\ntriggers:\n  a: {every: 1d}\n")
        let relaxed = try CommandRunner.run("almanac", ["check", path])
        #expect(relaxed.status == 0, "\(relaxed.stdout)")
        #expect(relaxed.stdout.contains("warning[W0312]"))
        let strict = try CommandRunner.run("almanac", ["check", "--strict", path])
        #expect(strict.status == 1)
    }

    @Test func unreadableFileExitsTwo() throws {
        let out = try CommandRunner.run("almanac", ["check", "/nonexistent/spec.yaml"])
        #expect(out.status == 2)
        #expect(out.stderr.contains("no such file"))
    }

    @Test func usageErrorsExitSixtyFour() throws {
        let out = try CommandRunner.run("almanac", ["check", "--format", "xml", Self.invalid])
        #expect(out.status == 64)
        let none = try CommandRunner.run("almanac", ["check"])
        #expect(none.status == 64)
    }

    /// An expectation file is checked against the spec beside it, without running its assertions.
    @Test func expectationFilesAreCheckedAgainstTheirSpecs() throws {
        let examples = try CommandRunner.run(
            "almanac", ["check", "examples/team-reminders.yaml", "examples/team-reminders.expect.yaml"],
            environment: ["SOURCE_DATE_EPOCH": "1795392000"])
        #expect(examples.status == 0, "\(examples.stdout)")
        // The backup every 15 minutes overflows a phone's 64: said without a window, never "no problems".
        #expect(examples.stderr == "1 spec and 1 expectation file checked: 0 errors, 1 warning\n")
        #expect(examples.stdout.contains("warning[W0605]") && examples.stdout.contains("'backup' ("))
        // `fail.expect.yaml` is well formed (its assertions fail only when run); `malformed` is not.
        let fixtures = "Tests/CLITests/Fixtures/test"
        let failing = try CommandRunner.run("almanac", ["check", "\(fixtures)/fail.expect.yaml"])
        #expect(failing.status == 0, "\(failing.stdout)")
        let malformed = try CommandRunner.run("almanac", ["check", "\(fixtures)/malformed.expect.yaml"])
        #expect(malformed.status == 1)
        #expect(
            malformed.stdout.hasPrefix("\(fixtures)/malformed.expect.yaml:4:14: error[E0701]: no trigger 'standpu'"), "\(malformed.stdout)")
        let orphan = try CommandRunner.run("almanac", ["check", "/nonexistent/a.expect.yaml"])
        #expect(orphan.status == 2)
        #expect(orphan.stderr.contains("cannot check /nonexistent/a.expect.yaml against its spec /nonexistent/a.yaml"))
    }

    /// Each trigger of each valid spec, explained, after the diagnostics.
    @Test func jsonFormatExplainsEachTrigger() throws {
        let out = try CommandRunner.run(
            "almanac", ["check", "--format", "json", "examples/team-reminders.yaml", "examples/backups-cron.yaml", Self.invalid],
            environment: ["SOURCE_DATE_EPOCH": "1795392000"])
        #expect(out.status == 1)
        if let problem = Golden.check(out.stdout, against: Golden.repositoryRoot + "/Tests/CLITests/Golden/check/explained.json") {
            Issue.record(Comment(rawValue: problem))
        }
    }

    @Test func jsonFormatIsParseableAndLocated() throws {
        let out = try CommandRunner.run("almanac", ["check", "--format", "json", Self.invalid])
        #expect(out.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any]
        let items = try #require(object?["diagnostics"] as? [[String: Any]])
        #expect(items.first?["code"] as? String == "E0203")
        #expect(items.first?["line"] as? Int != nil)
        #expect(items.first?["file"] as? String == Self.invalid)
    }

    @Test func githubFormatEmitsWorkflowCommands() throws {
        let out = try CommandRunner.run("almanac", ["check", "--format", "github", Self.invalid])
        #expect(out.status == 1)
        #expect(out.stdout.hasPrefix("::error file=\(Self.invalid),line="))
        #expect(out.stdout.contains("title=E0203::"))
    }

    @Test func hostileInputsEndInALocatedErrorQuickly() throws {
        let dir = NSTemporaryDirectory() + "almanac-hostile-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        var bomb = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for i in 1..<12 { bomb += "a\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ") + "]\n" }
        let cases: [(String, Data, String)] = [
            ("bomb.yaml", Data(bomb.utf8), "E0105"),
            ("big.yaml", Data(repeating: UInt8(ascii: "#"), count: 50 << 20), "E0103"),
            ("deep.yaml", Data((String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)).utf8), "E0104"),
            ("nul.yaml", Data([0x76, 0x3A, 0x20, 0x00, 0x0A]), "E0102"),
            ("latin1.yaml", Data([0x76, 0x3A, 0x20, 0xE9, 0x0A]), "E0102"),
        ]
        for (name, data, code) in cases {
            let path = dir + "/" + name
            try data.write(to: URL(fileURLWithPath: path))
            let start = Date()
            let out = try CommandRunner.run("almanac", ["check", path])
            #expect(Date().timeIntervalSince(start) < 10, "\(name) took too long")
            #expect(out.status == 1, "\(name): \(out.stdout)\(out.stderr)")
            #expect(out.stdout.contains("\(path):"), "\(name) is located")
            #expect(out.stdout.contains("error[\(code)]"), "\(name): \(out.stdout.prefix(300))")
        }
    }
}
