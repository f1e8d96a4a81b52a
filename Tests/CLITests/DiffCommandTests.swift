import AlmanacTestSupport
import Foundation
import Testing

/// `almanac diff` and `compile --check`, run as a user would: goldens of every format for pairs of
/// small specs (a DST policy, a zone, added triggers, a payload edit, a window shift), and exit codes.
@Suite struct DiffCommandTests {
    static let fixtures = "Tests/CLITests/Fixtures/diff"
    static let goldens = Golden.repositoryRoot + "/Tests/CLITests/Golden/diff"

    /// Each pair of specs and the window both are compiled over.
    static let pairs: [(name: String, window: [String])] = [
        ("dst-policy", ["--from", "2026-03-07", "--to", "2026-03-10"]),
        ("timezone", ["--from", "2026-11-23", "--horizon", "5d"]),
        ("added-trigger", ["--from", "2026-11-23", "--to", "2026-12-01"]),
        ("payload", ["--from", "2026-11-23", "--horizon", "2d"]),
    ]

    static let formats: [(name: String, ext: String)] = [("text", "txt"), ("json", "json"), ("markdown", "md")]

    /// The machine's tzdata version is in the JSON sides; goldens must not depend on it.
    static func normalised(_ output: String) -> String {
        output.replacingOccurrences(of: #""tzdata": "[^"]*""#, with: #""tzdata": "TZDATA""#, options: .regularExpression)
    }

    static func temporaryDirectory() throws -> String {
        let dir = NSTemporaryDirectory() + "almanac-diff-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Compiles `spec` into `dir/plan` over a window.
    static func compile(_ spec: String, to plan: String, in dir: String, _ window: [String]) throws {
        let out = try CommandRunner.run("almanac", ["compile", Golden.repositoryRoot + "/" + spec, "-o", plan] + window, in: dir)
        #expect(out.status == 0, "\(out.stderr)")
    }

    @Test(arguments: pairs.map(\.name))
    func specPairsMatchTheirGoldensInEveryFormat(_ name: String) throws {
        let window = Self.pairs.first { $0.name == name }!.window
        for format in Self.formats {
            let out = try CommandRunner.run(
                "almanac",
                [
                    "diff", "\(Self.fixtures)/\(name).old.yaml", "\(Self.fixtures)/\(name).new.yaml",
                    "--format", format.name,
                ] + window)
            #expect(out.status == 1, "\(name) \(format.name): \(out.stderr)")
            if let problem = Golden.check(Self.normalised(out.stdout), against: "\(Self.goldens)/\(name).\(format.ext)") {
                Issue.record(Comment(rawValue: problem))
            }
        }
    }

    @Test func windowShiftBetweenTwoPlansMatchesItsGoldens() throws {
        let dir = try Self.temporaryDirectory()
        try Self.compile("\(Self.fixtures)/window.yaml", to: "old.plan.json", in: dir, ["--from", "2026-11-23", "--horizon", "7d"])
        try Self.compile("\(Self.fixtures)/window.yaml", to: "new.plan.json", in: dir, ["--from", "2026-11-30", "--horizon", "7d"])
        for format in Self.formats {
            let out = try CommandRunner.run(
                "almanac", ["diff", "old.plan.json", "new.plan.json", "--format", format.name, "--limit", "4"], in: dir)
            #expect(out.status == 1, "\(format.name): \(out.stderr)")
            #expect(out.stdout.contains("window moved by 7 d"))
            if let problem = Golden.check(Self.normalised(out.stdout), against: "\(Self.goldens)/window-shift.\(format.ext)") {
                Issue.record(Comment(rawValue: problem))
            }
        }
    }

    @Test func compileCheckOnAStalePlanPrintsTheSummaryAndTheDiff() throws {
        let dir = try Self.temporaryDirectory()
        let window = ["--from", "2026-03-07", "--to", "2026-03-10"]
        try Self.compile("\(Self.fixtures)/dst-policy.old.yaml", to: "nightly.plan.json", in: dir, window)
        let spec = Golden.repositoryRoot + "/\(Self.fixtures)/dst-policy.new.yaml"
        let stale = try CommandRunner.run("almanac", ["compile", spec, "-o", "nightly.plan.json", "--check"] + window, in: dir)
        #expect(stale.status == 1)
        // The hint names the spec as given (an absolute path here): the golden holds it relative.
        let output = stale.stdout.replacingOccurrences(of: Golden.repositoryRoot + "/", with: "")
        if let problem = Golden.check(output, against: "\(Self.goldens)/compile-check-stale.txt") {
            Issue.record(Comment(rawValue: problem))
        }
        let fresh = try CommandRunner.run("almanac", ["compile", spec, "-o", "nightly.plan.json"] + window, in: dir)
        #expect(fresh.status == 0)
        let current = try CommandRunner.run("almanac", ["compile", spec, "-o", "nightly.plan.json", "--check"] + window, in: dir)
        #expect(current.status == 0)
        #expect(current.stdout.isEmpty)
    }

    @Test func identicalInputsExitZero() throws {
        let dir = try Self.temporaryDirectory()
        let window = ["--from", "2026-11-23", "--horizon", "5d"]
        try Self.compile("\(Self.fixtures)/timezone.old.yaml", to: "a.plan.json", in: dir, window)
        let plans = try CommandRunner.run("almanac", ["diff", "a.plan.json", "a.plan.json"], in: dir)
        #expect(plans.status == 0)
        #expect(plans.stdout.contains("no changes"))
        // A spec against a plan compiles over the plan's window when none is given.
        let mixed = try CommandRunner.run(
            "almanac", ["diff", "a.plan.json", Golden.repositoryRoot + "/\(Self.fixtures)/timezone.old.yaml"], in: dir)
        #expect(mixed.status == 0, "\(mixed.stdout)\(mixed.stderr)")
        let json = try CommandRunner.run("almanac", ["diff", "a.plan.json", "a.plan.json", "--format", "json"], in: dir)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["same"] as? Bool == true)
        #expect((object?["triggers"] as? [Any])?.isEmpty == true)
    }

    @Test func jsonTotalsAgreeWithTheListedChanges() throws {
        let out = try CommandRunner.run(
            "almanac",
            [
                "diff", "\(Self.fixtures)/dst-policy.old.yaml", "\(Self.fixtures)/dst-policy.new.yaml",
                "--format", "json", "--from", "2026-03-01", "--to", "2026-04-01",
            ])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
        let totals = try #require(object["totals"] as? [String: Int])
        let triggers = try #require(object["triggers"] as? [[String: Any]])
        var listed: [String: Int] = [:]
        for trigger in triggers {
            let fires = try #require(trigger["fires"] as? [String: Any])
            for change in try #require(fires["changes"] as? [[String: Any]]) { listed[change["change"] as! String, default: 0] += 1 }
        }
        #expect(totals["fires_added"] == listed["added", default: 0])
        #expect(totals["fires_moved"] == listed["moved", default: 0])
        #expect(totals["fires_moved"] == 1, "only 2026-03-08 falls in the gap")
    }

    @Test func unreadableOrInvalidPlansExitTwo() throws {
        let dir = try Self.temporaryDirectory()
        try Data("{\"plan\": 1, \"fires\": [}".utf8).write(to: URL(fileURLWithPath: dir + "/bad.plan.json"))
        try Self.compile("\(Self.fixtures)/timezone.old.yaml", to: "a.plan.json", in: dir, ["--from", "2026-11-23"])
        let missing = try CommandRunner.run("almanac", ["diff", "a.plan.json", "nowhere.plan.json"], in: dir)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("nowhere.plan.json"))
        let bad = try CommandRunner.run("almanac", ["diff", "bad.plan.json", "a.plan.json"], in: dir)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("bad.plan.json: 1:"), "located: \(bad.stderr)")
    }

    @Test func usageErrorsExitSixtyFour() throws {
        let old = "\(Self.fixtures)/payload.old.yaml", new = "\(Self.fixtures)/payload.new.yaml"
        #expect(try CommandRunner.run("almanac", ["diff", old, new, "--format", "xml"]).status == 64)
        #expect(try CommandRunner.run("almanac", ["diff", old]).status == 64)
        #expect(try CommandRunner.run("almanac", ["diff", old, new, "--to", "2027-01-01", "--horizon", "3d"]).status == 64)
        #expect(try CommandRunner.run("almanac", ["diff", old, new, "--limit", "-1"]).status == 64)
        #expect(try CommandRunner.run("almanac", ["diff", "a.plan.json", "b.plan.json", "--from", "2026-01-01"]).status == 64)
    }

    @Test func aSpecWithErrorsExitsOneWithItsDiagnostics() throws {
        let dir = try Self.temporaryDirectory()
        try Data("version: 1\ntimezone: UTC\ntriggers:\n  a: {calendar: {weekdays: [thurs]}}\n".utf8)
            .write(to: URL(fileURLWithPath: dir + "/broken.yaml"))
        let out = try CommandRunner.run(
            "almanac", ["diff", dir + "/broken.yaml", "\(Self.fixtures)/payload.new.yaml", "--from", "2026-11-23"])
        #expect(out.status == 1)
        #expect(out.stderr.contains("error[E0203]"))
        #expect(out.stdout.isEmpty)
    }
}

/// Every command that reports spec diagnostics besides its output takes `--diagnostics-format`;
/// `--format` names the output itself (`check`, `diff`), and is read with a warning where it used
/// to mean the diagnostics.
@Suite struct DiagnosticFormatOptionTests {
    @Test(arguments: [
        ("compile", "--diagnostics-format", false), ("next", "--diagnostics-format", false),
        ("compile", "--format", true), ("next", "--format", true), ("check", "--format", false),
    ])
    func githubFormatReachesTheDiagnostics(_ command: String, _ option: String, _ warns: Bool) throws {
        let dir = try DiffCommandTests.temporaryDirectory()
        try Data("version: 1\ntimezone: UTC\ntriggers:\n  a: {calendar: {weekdays: [thurs]}}\n".utf8)
            .write(to: URL(fileURLWithPath: dir + "/broken.yaml"))
        let out = try CommandRunner.run("almanac", [command, "broken.yaml", option, "github"], in: dir)
        #expect(out.status == 1)
        // `check` prints its diagnostics as its output; the others on standard error.
        let diagnostics = command == "check" ? out.stdout : out.stderr
        #expect(diagnostics.contains("::error file=broken.yaml,line=4"), "\(out.stdout)\(out.stderr)")
        #expect(out.stderr.hasPrefix("almanac: warning: --format is now --diagnostics-format") == warns, "\(out.stderr)")
    }

    @Test(arguments: ["compile", "next"])
    func theHelpShowsOnlyTheNewName(_ command: String) throws {
        let help = try CommandRunner.run("almanac", [command, "--help"])
        #expect(help.stdout.contains("--diagnostics-format"))
        #expect(!help.stdout.contains("--format "))
    }
}
