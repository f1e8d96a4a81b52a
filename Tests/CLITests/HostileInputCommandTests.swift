import AlmanacTestSupport
import Foundation
import Testing

/// Hostile specs through the built binary: each ends in a located error or a clean result, never a
/// crash, and output stays bounded whatever the input.
@Suite struct HostileInputCommandTests {
    static func directory() throws -> String {
        let dir = NSTemporaryDirectory() + "almanac-hostile-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    static func write(_ text: String, _ name: String, in dir: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: dir + "/" + name))
    }

    /// `anchors` anchors, each nesting the previous `levels` levels deeper, used by a trigger.
    static func aliasChain(anchors: Int, levels: Int) -> String {
        var s = "version: 1\ntimezone: UTC\ndefaults:\n  payload:\n"
        s += "    a0: &a0 " + String(repeating: "[", count: levels) + "1" + String(repeating: "]", count: levels) + "\n"
        for i in 1..<anchors {
            s += "    a\(i): &a\(i) " + String(repeating: "[", count: levels) + "*a\(i - 1)" + String(repeating: "]", count: levels) + "\n"
        }
        return s + "triggers:\n  t: {cron: '@daily', payload: {x: *a\(anchors - 1)}}\n"
    }

    @Test(arguments: [(200, 60), (3, 30), (66, 1)])
    func nestingThroughAliasesIsALocatedErrorInEveryCommand(_ chain: (anchors: Int, levels: Int)) throws {
        let dir = try Self.directory()
        try Self.write(Self.aliasChain(anchors: chain.anchors, levels: chain.levels), "deep.yaml", in: dir)
        for arguments in [["check", "deep.yaml"], ["compile", "deep.yaml"], ["next", "deep.yaml"], ["diff", "deep.yaml", "deep.yaml"]] {
            let out = try CommandRunner.run("almanac", arguments, in: dir)
            #expect(out.status == 1, "\(arguments): \(out.status) \(out.stderr.prefix(300))")
            #expect((out.stdout + out.stderr).contains("error[E0104]"), "\(arguments)")
        }
    }

    /// An expectation file is read by the same front end: nesting, thousands of failures and control
    /// characters end in located, bounded, escaped output from `almanac test`, in every format.
    @Test func hostileExpectationFilesEndInBoundedLocatedOutput() throws {
        let dir = try Self.directory()
        try Self.write("version: 1\ntimezone: UTC\ntriggers:\n  t: {cron: '@daily'}\n", "s.yaml", in: dir)
        var deep =
            "window: {from: 2027-01-01}\nexpect:\n  - &a0 " + String(repeating: "[", count: 60) + "1" + String(repeating: "]", count: 60)
            + "\n"
        for i in 1..<200 {
            deep += "  - &a\(i) " + String(repeating: "[", count: 60) + "*a\(i - 1)" + String(repeating: "]", count: 60) + "\n"
        }
        try Self.write(deep, "s.expect.yaml", in: dir)
        let nested = try CommandRunner.run("almanac", ["test", "s.yaml"], in: dir)
        #expect(nested.status == 1)
        #expect(nested.stdout.contains("s.expect.yaml:") && nested.stdout.contains("error[E0104]"), "\(nested.stdout.prefix(300))")

        var many = "window: {from: 2027-01-01, horizon: 1d}\nexpect:\n"
        for _ in 0..<5_000 { many += "  - {trigger: t, count: 2}\n" }
        try Self.write(many, "s.expect.yaml", in: dir)
        let text = try CommandRunner.run("almanac", ["test", "s.yaml"], in: dir)
        #expect(text.status == 1)
        #expect(text.stdout.components(separatedBy: "error[E0716]").count - 1 == 100)
        #expect(text.stdout.contains("4900 more diagnostics (4900 errors) not shown"))
        #expect(text.stderr == "1 spec tested: 5000 assertions, 0 passed, 5000 failed\n")

        try Self.write("window: {from: 2027-01-01}\nexpect:\n  - {trigger: \"\\e[31mt\\u202E\", count: 1}\n", "s.expect.yaml", in: dir)
        for format in ["text", "junit", "github"] {
            let out = try CommandRunner.run("almanac", ["test", "s.yaml", "--format", format], in: dir)
            #expect(out.status == 1)
            #expect(!out.stdout.contains("\u{1B}") && !out.stdout.contains("\u{202E}"), "\(format): \(out.stdout)")
            #expect(out.stdout.contains("E0701"), "\(format)")
        }
    }

    @Test func aFileIsReadOnlyUpToTheSizeLimit() throws {
        // /dev/zero never ends: the read must stop at the limit, not at the end of the file.
        let out = try CommandRunner.run("almanac", ["check", "/dev/zero"])
        #expect(out.status == 1)
        #expect(out.stdout.contains("/dev/zero:1:1: error[E0103]"))
        #expect(out.stdout.utf8.count < 2_000)
    }

    @Test func thousandsOfErrorsPrintAHundredAndCountTheRest() throws {
        let dir = try Self.directory()
        var spec = "version: 1\ntimezone: UTC\ntriggers:\n"
        for i in 0..<5_000 { spec += "  t\(i): {cron: 'x'}\n" }
        try Self.write(spec, "many.yaml", in: dir)
        let text = try CommandRunner.run("almanac", ["check", "many.yaml"], in: dir)
        #expect(text.status == 1)
        #expect(text.stdout.components(separatedBy: "error[E0401]").count - 1 == 100)
        #expect(text.stdout.contains("many.yaml: 4900 more diagnostics (4900 errors) not shown"))
        #expect(text.stderr.contains("5000 errors"))
        let github = try CommandRunner.run("almanac", ["check", "--format", "github", "many.yaml"], in: dir)
        #expect(github.stdout.components(separatedBy: "::error ").count - 1 == 100)
        #expect(github.stdout.contains("4900 more diagnostics"))
        let json = try CommandRunner.run("almanac", ["check", "--format", "json", "many.yaml"], in: dir)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect((object?["diagnostics"] as? [Any])?.count == 100)
        #expect(object?["errors"] as? Int == 5000)
        #expect(object?["omitted"] as? Int == 4900)
    }

    @Test func aLongLineIsShownAsAWindowAroundTheCaret() throws {
        let dir = try Self.directory()
        let entries = (0..<3_000).map { "t\($0): {cron: 'x'}" }.joined(separator: ", ")
        try Self.write("{version: 1, timezone: UTC, triggers: {\(entries)}}\n", "line.yaml", in: dir)
        let out = try CommandRunner.run("almanac", ["check", "line.yaml"], in: dir)
        #expect(out.status == 1)
        let longest = out.stdout.split(separator: "\n").map(\.count).max() ?? 0
        #expect(longest < 200, "excerpt lines are bounded: \(longest)")
        #expect(out.stdout.utf8.count < 100_000)
    }

    @Test(arguments: ["text", "json", "github"])
    func controlCharactersNeverReachTheOutputRaw(_ format: String) throws {
        let dir = try Self.directory()
        // Raw in the file: the encoding error's excerpt shows the line.
        let raw =
            "version: 1\ntimezone: UTC\ntriggers:\n  t:\n    cron: '@daily'\n    payload: {title: \"\u{1B}[31mred\u{07}\u{1B}]0;pwned\u{07}\"}\n"
        try Self.write(raw, "raw.yaml", in: dir)
        // Written as YAML escapes in a key: the unknown-key message quotes the decoded text.
        try Self.write("version: 1\ntimezone: UTC\ntriggers:\n  t: {cron: '@daily', \"x\\e[2J\\x9B\\u202E\": 1}\n", "key.yaml", in: dir)
        for name in ["raw.yaml", "key.yaml"] {
            let out = try CommandRunner.run("almanac", ["check", "--format", format, name], in: dir)
            #expect(out.status == 1)
            let controls = out.stdout.unicodeScalars.filter {
                ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}"
            }
            #expect(controls.isEmpty, "\(name) \(format): \(out.stdout)")
            if format == "text" || name == "key.yaml" {
                #expect(out.stdout.contains("u{1B}"), "\(name) \(format) shows the escape visibly: \(out.stdout)")
            }
        }
    }

    @Test func aHugeZoneNameThroughAliasesEndsQuickly() throws {
        let dir = try Self.directory()
        var spec = "version: 1\ntimezone: UTC\nzones:\n  z: &z Europe/Paris" + String(repeating: "y", count: 100 * 1024) + "\ntriggers:\n"
        for i in 0..<20 { spec += "  t\(i): {cron: '@daily', timezone: *z}\n" }
        try Self.write(spec, "zone.yaml", in: dir)
        let out = try CommandRunner.run("almanac", ["check", "zone.yaml"], in: dir)
        #expect(out.status == 1)
        #expect(out.stdout.contains("error[E0"))
        #expect(out.stdout.utf8.count < 100_000, "messages quoting the name are cut")
    }

    @Test func windowsPastYear9999AreRefused() throws {
        let dir = try Self.directory()
        try Self.write("version: 1\ntimezone: UTC\ntriggers:\n  t: {cron: '30 23 * * *'}\n", "daily.yaml", in: dir)
        try Self.write("version: 1\ntimezone: UTC\nhorizon: 999999999w\ntriggers:\n  t: {cron: '@yearly'}\n", "far.yaml", in: dir)
        for arguments in [["compile", "daily.yaml", "--from", "9999-12-15", "--horizon", "30d"], ["compile", "far.yaml"]] {
            let out = try CommandRunner.run("almanac", arguments, in: dir, environment: ["SOURCE_DATE_EPOCH": "1790000000"])
            #expect(out.status == 1, "\(arguments)")
            #expect(out.stderr.contains("error[E0606]"), "\(arguments): \(out.stderr)")
        }
        // Up to the last day of 9999 the plan is written, and the executor reads it.
        let fits = try CommandRunner.run(
            "almanac", ["compile", "daily.yaml", "--from", "9999-12-28", "--to", "9999-12-31", "-o", "plan.json"], in: dir)
        #expect(fits.status == 0, "\(fits.stderr)")
        let run = try CommandRunner.run(
            "almanac-exec", ["simulate", "plan.json", "--from", "9999-12-28T00:00:00Z", "--until", "9999-12-31T00:00:00Z"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("3 fired"), "\(run.stderr)")
    }

    @Test func aPayloadTheExecutorCannotReadIsNotCompiled() throws {
        let dir = try Self.directory()
        // `defaults` sits one level higher than a trigger, so its payload can nest one level more.
        func spec(_ lists: Int) -> String {
            "version: 1\ntimezone: UTC\ndefaults:\n  payload: {x: " + String(repeating: "[", count: lists) + "1"
                + String(repeating: "]", count: lists) + "}\ntriggers:\n  t: {cron: '@daily'}\n"
        }
        try Self.write(spec(60), "fits.yaml", in: dir)
        try Self.write(spec(61), "deep.yaml", in: dir)
        let fits = try CommandRunner.run(
            "almanac", ["compile", "fits.yaml", "-o", "plan.json", "--from", "2027-01-01", "--horizon", "2d"], in: dir)
        #expect(fits.status == 0, "\(fits.stderr)")
        let run = try CommandRunner.run(
            "almanac-exec", ["simulate", "plan.json", "--from", "2027-01-01T00:00:00Z", "--until", "2027-01-03T00:00:00Z"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let deep = try CommandRunner.run("almanac", ["compile", "deep.yaml", "--from", "2027-01-01", "--horizon", "2d"], in: dir)
        #expect(deep.status == 1)
        #expect(deep.stderr.contains("error[E0104]"), "\(deep.stderr)")
    }

    /// A fire line broken in the middle of a plan stops `simulate` with its place and exit 2, on
    /// the spy's fast path and on the general loop (stdout backend) alike: never a short record
    /// that looks like success.
    @Test func simulateRefusesAPlanWhoseFiresCannotAllBeRead() throws {
        let dir = try Self.directory()
        // 288 fires: the broken one is read long after the first registration (64 fires).
        try Self.write("version: 1\ntimezone: UTC\ntriggers:\n  t: {every: 10m}\n", "often.yaml", in: dir)
        let compiled = try CommandRunner.run(
            "almanac", ["compile", "often.yaml", "--from", "2027-01-01", "--horizon", "2d", "-o", "plan.json"], in: dir)
        #expect(compiled.status == 0, "\(compiled.stderr)")
        var lines = try String(contentsOfFile: dir + "/plan.json", encoding: .utf8).components(separatedBy: "\n")
        let broken = try #require(lines.firstIndex { $0.contains("\"at\": \"2027-01-02T20:00:00Z\"") })
        lines[broken] = lines[broken].replacingOccurrences(of: "20:00:00Z", with: "20:00:00")
        try Self.write(lines.joined(separator: "\n"), "broken.json", in: dir)
        for backend in ["spy", "stdout"] {
            let run = try CommandRunner.run(
                "almanac-exec",
                ["simulate", "broken.json", "--from", "2027-01-01T00:00:00Z", "--until", "2027-01-03T00:00:00Z", "--backend", backend]
                    + (backend == "spy" ? ["--record", "spy.jsonl"] : []),
                in: dir)
            #expect(run.status == 2, "\(backend): \(run.stderr)")
            #expect(run.stderr.contains("broken.json: \(broken + 1):"), "\(backend): \(run.stderr)")
            #expect(!run.stderr.contains("simulated"), "\(backend): \(run.stderr)")
        }
    }
}
