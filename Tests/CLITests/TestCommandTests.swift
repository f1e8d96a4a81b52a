import AlmanacTestSupport
import Foundation
import Testing

/// `almanac test`: expectation files beside specs, every assertion kind passing and failing, every
/// mistake in an expectation file located, in each output format (goldens), with its exit code.
@Suite struct TestCommandTests {
    static let fixtures = "Tests/CLITests/Fixtures/test"
    static let goldens = Golden.repositoryRoot + "/Tests/CLITests/Golden/test"
    /// Each fixture with the exit code and the summary line it must give.
    static let cases: [(name: String, status: Int32, summary: String)] = [
        ("pass", 0, "1 spec tested: 11 assertions, 11 passed\n"),
        ("fail", 1, "1 spec tested: 8 assertions, 0 passed, 8 failed\n"),
        ("malformed", 1, "1 spec tested: 1 assertion, 1 passed, 1 with errors that kept it from running\n"),
        ("window", 1, "1 spec tested: 0 assertions, 0 passed, 1 with errors that kept it from running\n"),
    ]
    static let formats: [(name: String, ext: String)] = [("text", "diagnostics"), ("junit", "junit.xml"), ("github", "github")]

    static func temporaryDirectory() throws -> String {
        let dir = NSTemporaryDirectory() + "almanac-test-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test(arguments: cases.map(\.name))
    func fixturesMatchTheirGoldensInEveryFormat(_ name: String) throws {
        let expected = Self.cases.first { $0.name == name }!
        for format in Self.formats {
            let out = try CommandRunner.run("almanac", ["test", "\(Self.fixtures)/\(name).yaml", "--format", format.name])
            #expect(out.status == expected.status, "\(name) \(format.name): \(out.stdout)\(out.stderr)")
            #expect(out.stderr == expected.summary, "\(name) \(format.name)")
            if let problem = Golden.check(out.stdout, against: "\(Self.goldens)/\(name).\(format.ext)") {
                Issue.record(Comment(rawValue: problem))
            }
        }
    }

    @Test func anExpectationFileTestsItsSpecOnceAndJUnitCountsEverySuite() throws {
        let out = try CommandRunner.run(
            "almanac",
            ["test", "\(Self.fixtures)/pass.expect.yaml", "\(Self.fixtures)/pass.yaml", "\(Self.fixtures)/fail.yaml", "--format", "junit"])
        #expect(out.status == 1)
        #expect(out.stderr == "2 specs tested: 19 assertions, 11 passed, 8 failed\n")
        #expect(out.stdout.contains(#"<testsuites name="almanac test" tests="19" failures="8" errors="0">"#))
        #expect(out.stdout.components(separatedBy: "<testsuite ").count == 3)
        #expect(out.stdout.components(separatedBy: "<testcase ").count == 20)
        #expect(out.stdout.components(separatedBy: "<failure ").count == 9)
    }

    @Test func everyShippedExampleHasAnExpectationFileThatPasses() throws {
        let examples = try FileManager.default.contentsOfDirectory(atPath: Golden.repositoryRoot + "/examples")
            .filter { $0.hasSuffix(".yaml") && !$0.hasSuffix(".expect.yaml") }.sorted()
        #expect(examples.count >= 9)
        for example in examples {
            #expect(examples.count > 0)
            #expect(
                FileManager.default.fileExists(
                    atPath: Golden.repositoryRoot + "/examples/" + example.replacingOccurrences(of: ".yaml", with: ".expect.yaml")),
                "\(example) has no expectation file")
        }
        let out = try CommandRunner.run("almanac", ["test"] + examples.map { "examples/\($0)" })
        #expect(out.status == 0, "\(out.stdout)\(out.stderr)")
        #expect(out.stdout.isEmpty)
        #expect(out.stderr.hasPrefix("\(examples.count) specs tested: "))
    }

    @Test func anEmptyWindowIsLocatedAndNothingRuns() throws {
        let dir = try Self.temporaryDirectory()
        try Data("version: 1\ntimezone: UTC\ntriggers:\n  a: {cron: \"0 9 * * *\"}\n".utf8).write(to: URL(fileURLWithPath: dir + "/s.yaml"))
        try Data("window: {from: 2026-11-23, to: 2026-11-20}\nexpect:\n  - {trigger: a, count: 1}\n".utf8)
            .write(to: URL(fileURLWithPath: dir + "/s.expect.yaml"))
        let out = try CommandRunner.run("almanac", ["test", "s.yaml"], in: dir)
        #expect(out.status == 1)
        #expect(out.stdout.hasPrefix("s.expect.yaml:1:1: error[E0704]: the window is empty"), "\(out.stdout)")
    }

    @Test func aSpecWithErrorsIsReportedInTheSpec() throws {
        let dir = try Self.temporaryDirectory()
        try Data("version: 1\ntimezone: UTC\ntriggers:\n  a: {cron: \"0 9 * * funday\"}\n".utf8).write(
            to: URL(fileURLWithPath: dir + "/s.yaml"))
        try Data("window: {from: 2026-11-23}\nexpect:\n  - {trigger: a, count: 1}\n".utf8).write(
            to: URL(fileURLWithPath: dir + "/s.expect.yaml"))
        let out = try CommandRunner.run("almanac", ["test", "s.yaml", "--format", "junit"], in: dir)
        #expect(out.status == 1)
        #expect(out.stdout.contains(#"<testcase name="expectations" classname="s.yaml">"#))
        #expect(out.stdout.contains("s.yaml:4:"), "\(out.stdout)")
    }

    @Test func missingFilesExitTwoAndUsageErrorsSixtyFour() throws {
        let dir = try Self.temporaryDirectory()
        try Data("version: 1\ntimezone: UTC\ntriggers:\n  a: {cron: \"0 9 * * *\"}\n".utf8).write(to: URL(fileURLWithPath: dir + "/s.yaml"))
        let missing = try CommandRunner.run("almanac", ["test", "s.yaml"], in: dir)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("s.yaml has no expectation file s.expect.yaml"), "\(missing.stderr)")
        let unreadable = try CommandRunner.run("almanac", ["test", "nope.yaml"], in: dir)
        #expect(unreadable.status == 2)
        #expect(try CommandRunner.run("almanac", ["test"]).status == 64)
        #expect(try CommandRunner.run("almanac", ["test", "-"]).status == 64)
        #expect(try CommandRunner.run("almanac", ["test", "\(Self.fixtures)/pass.yaml", "--format", "xml"]).status == 64)
    }
}
