import AlmanacTestSupport
import Foundation
import Testing

/// Same input, same bytes, under any `TZ` and locale: every example compiled, exported and drawn,
/// and `almanac test`'s reports, by the built executable in child processes whose zone and locale
/// differ (the libraries must read neither). Each run's output is compared with the first's.
@Suite struct DeterminismTests {
    static let examples = Golden.files(in: "examples", ext: "yaml")

    /// The child processes' zone and locale: UTC, zones either side of it (Chatham's offset is not
    /// whole hours), a UTF-8 locale and one whose numbers and collation are French. An empty
    /// `LC_ALL` is unset for the C library, so `LANG` decides.
    static let environments: [[String: String]] = [
        ["TZ": "UTC", "LC_ALL": "C"],
        ["TZ": "Asia/Tokyo", "LC_ALL": "C.UTF-8"],
        ["TZ": "America/Los_Angeles", "LC_ALL": "", "LANG": "fr_FR.UTF-8"],
        ["TZ": "Pacific/Chatham", "LC_ALL": "C"],
    ]

    static func directory() throws -> String {
        let dir = NSTemporaryDirectory() + "almanac-determinism-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    static func name(_ path: String) -> String { URL(fileURLWithPath: path).lastPathComponent }

    /// The file `almanac COMMAND SPEC … -o FILE` writes under each environment, each run exiting 0.
    static func written(_ command: String, _ spec: String, ext: String, under environments: [[String: String]]) throws -> [Data] {
        let dir = try directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        return try environments.enumerated().map { i, environment in
            let out = try CommandRunner.run(
                "almanac", [command, spec, "--from", "2026-11-23", "--horizon", "45d", "-o", "\(dir)/\(i).\(ext)"],
                environment: environment)
            #expect(out.status == 0, "\(command) \(name(spec)) under \(environment): \(out.stderr)")
            return try Data(contentsOf: URL(fileURLWithPath: "\(dir)/\(i).\(ext)"))
        }
    }

    /// Four zones and locales, then Europe/Berlin as a second run: one plan, byte for byte.
    @Test(arguments: examples)
    func compileWritesTheSameBytes(_ spec: String) throws {
        let plans = try Self.written("compile", spec, ext: "json", under: Self.environments + [["TZ": "Europe/Berlin"]])
        #expect(!plans[0].isEmpty)
        for (i, plan) in plans.enumerated().dropFirst() {
            #expect(plan == plans[0], "\(Self.name(spec)): run \(i) wrote other bytes than run 0")
        }
    }

    /// Every export format, and its loss report, under two zones and locales.
    @Test(arguments: examples)
    func exportWritesTheSameBytes(_ spec: String) throws {
        for format in ["ics", "systemd", "k8s", "crontab"] {
            let runs = try [Self.environments[0], Self.environments[2].merging(["TZ": "Pacific/Chatham"]) { $1 }].map { environment in
                try CommandRunner.run(
                    "almanac",
                    ["export", format, spec, "--from", "2026-11-23", "--horizon", "7d", "--lossy", "--exec", "job", "--image", "img"],
                    environment: environment)
            }
            #expect(runs[0].status == 0, "export \(format) \(Self.name(spec)): \(runs[0].stderr)")
            #expect(!runs[0].stdout.isEmpty || !runs[0].stderr.isEmpty, "export \(format) \(Self.name(spec)) said nothing")
            #expect(runs[1].status == runs[0].status)
            #expect(runs[1].stdout == runs[0].stdout, "export \(format) \(Self.name(spec)): other bytes under another zone")
            #expect(runs[1].stderr == runs[0].stderr, "export \(format) \(Self.name(spec)): another loss report")
        }
    }

    /// The timeline picture, under three zones and locales.
    @Test(arguments: examples)
    func renderDrawsTheSameBytes(_ spec: String) throws {
        let pages = try Self.written("render", spec, ext: "html", under: Array(Self.environments.prefix(3)))
        #expect(!pages[0].isEmpty)
        #expect(pages.allSatisfy { $0 == pages[0] }, "\(Self.name(spec)): the pictures differ by zone or locale")
    }

    /// `almanac test` in each report format (its windows never read the clock): passing, failing and
    /// malformed expectation files alike.
    @Test(arguments: ["text", "junit", "github"])
    func testReportsTheSameBytes(_ format: String) throws {
        let fixtures = Golden.repositoryRoot + "/Tests/CLITests/Fixtures/test"
        let files = try FileManager.default.contentsOfDirectory(atPath: fixtures).filter { $0.hasSuffix(".yaml") }.sorted()
        #expect(files.count >= 8)
        let runs = try Self.environments.prefix(3).map { environment in
            try CommandRunner.run("almanac", ["test"] + files + ["--format", format], in: fixtures, environment: environment)
        }
        #expect(!runs[0].stdout.isEmpty || !runs[0].stderr.isEmpty)
        for run in runs.dropFirst() {
            #expect(run.status == runs[0].status)
            #expect(run.stdout == runs[0].stdout, "almanac test --format \(format): other bytes under another zone")
            #expect(run.stderr == runs[0].stderr)
        }
    }
}
