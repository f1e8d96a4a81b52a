import AlmanacTestSupport
import Foundation
import Testing

/// The command lines of both executables, run as built: versions, help texts, `check` with a
/// window, errors of two specs in `diff`, `compile --check` hints, `next` usage, and the one time
/// syntax both read.
@Suite struct CommandLineTests {
    static func temporaryDirectory() throws -> String {
        let dir = NSTemporaryDirectory() + "almanac-cli-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    static func write(_ text: String, _ name: String, in dir: String) throws -> String {
        let path = dir + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    // MARK: --version, schema diff, help

    @Test(arguments: ["almanac", "almanac-exec"])
    func versionNamesTheZoneData(_ tool: String) throws {
        let out = try CommandRunner.run(tool, ["--version"])
        #expect(out.status == 0)
        #expect(
            out.stdout.range(
                of: #"^\#(tool) \d+\.\d+\.\d+ \(plan format 1, zone data \d{4}[a-z]\)\n$"#,
                options: .regularExpression) != nil, "\(out.stdout)")
    }

    /// `almanac schema` prints exactly the committed schemas (`scripts/gen/embed-schemas.py` keeps them one).
    @Test(arguments: ["spec", "plan", "diff", "expect"])
    func schemaIsTheShippedFile(_ which: String) throws {
        let out = try CommandRunner.run("almanac", ["schema", which])
        #expect(out.status == 0)
        let shipped = try String(contentsOfFile: Golden.repositoryRoot + "/schemas/\(which).schema.json", encoding: .utf8)
        #expect(out.stdout == shipped)
    }

    /// Every option's help says its default at most once (ArgumentParser adds `(default: x)` itself).
    @Test(arguments: [
        ("almanac", ["compile", "check", "next", "test", "diff", "schema"]),
        ("almanac-exec", ["reconcile", "run", "simulate", "pending"]),
    ])
    func helpStatesDefaultsOnce(_ tool: String, _ commands: [String]) throws {
        for command in commands {
            let help = try CommandRunner.run(tool, [command, "--help"]).stdout
            // One block per option: its first line starts with `  -` or `  <`, continuations are indented.
            var blocks: [String] = []
            for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("  -") || line.hasPrefix("  <") {
                    blocks.append(String(line))
                } else if line.hasPrefix("    "), !blocks.isEmpty {
                    blocks[blocks.count - 1] += String(line)
                }
            }
            #expect(!blocks.isEmpty)
            for block in blocks {
                let count = block.lowercased().components(separatedBy: "default").count - 1
                #expect(count <= 1, "\(tool) \(command): \(block)")
                #expect(!block.contains("(values:") || !block.lowercased().contains("text, json or"), "values listed twice: \(block)")
            }
        }
        if tool == "almanac-exec" {
            let root = try CommandRunner.run(tool, ["--help"]).stdout
            #expect(root.contains("Exit codes") && root.contains("64 usage") && root.contains("2 the plan"))
        }
    }

    // MARK: check with a window

    /// A spec for each compile-time warning, and the window that raises it.
    static let windowLints: [(code: String, spec: String, window: [String])] = [
        (
            "W0605", "version: 1\ntimezone: Europe/Berlin\nlimits: {max_pending: 5}\ntriggers:\n  t: {cron: \"0 * * * *\"}\n",
            ["--from", "2027-01-05", "--horizon", "2d"]
        ),
        (
            "W0603", "version: 1\ntimezone: America/Los_Angeles\ntriggers:\n  t: {calendar: {hours: 1, minutes: 30}}\n",
            ["--from", "2026-11-01", "--to", "2026-11-02"]
        ),
        (
            "W0602", "version: 1\ntimezone: Asia/Tokyo\ntriggers:\n  t: {calendar: {months: [jul], hours: 9}}\n",
            ["--from", "2027-01-01", "--horizon", "1w"]
        ),
        (
            "E0601", "version: 1\ntimezone: UTC\nlimits: {max_fires: 3}\ntriggers:\n  t: {cron: \"0 * * * *\"}\n",
            ["--from", "2027-01-01", "--horizon", "1d"]
        ),
    ]

    @Test(arguments: windowLints.map(\.code))
    func checkWithAWindowReportsWhatCompilingFinds(_ code: String) throws {
        let c = Self.windowLints.first { $0.code == code }!
        let dir = try Self.temporaryDirectory()
        let spec = try Self.write(c.spec, "s.yaml", in: dir)
        let plain = try CommandRunner.run("almanac", ["check", spec], environment: ["SOURCE_DATE_EPOCH": "1798761600"])
        // Without a window only the phone budgets are measured (over the default window from today).
        let budget = ["W0604", "W0605"].contains(code)
        #expect(plain.status == 0 && plain.stdout.contains(code) == budget, "\(plain.stdout)")
        let windowed = try CommandRunner.run("almanac", ["check", spec] + c.window)
        #expect(windowed.stdout.contains("[\(code)]"), "\(windowed.stdout)\(windowed.stderr)")
        #expect(windowed.status == (code.hasPrefix("E") ? 1 : 0))
        let strict = try CommandRunner.run("almanac", ["check", "--strict", spec] + c.window)
        #expect(strict.status == 1)
        let json = try CommandRunner.run("almanac", ["check", "--format", "json", spec] + c.window)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let codes = (object?["diagnostics"] as? [[String: Any]])?.compactMap { $0["code"] as? String } ?? []
        #expect(codes.contains(code))
    }

    // MARK: diff, compile --check, next, SOURCE_DATE_EPOCH

    @Test func diffOfTwoBrokenSpecsReportsBoth() throws {
        let dir = try Self.temporaryDirectory()
        let a = try Self.write("version: 1\ntimezone: UTC\ntriggers:\n  a: {cron: \"0 9 * *\"}\n", "a.yaml", in: dir)
        let b = try Self.write("version: 1\ntimezone: UTC\ntriggers:\n  b: {calender: {hours: 9}}\n", "b.yaml", in: dir)
        let text = try CommandRunner.run("almanac", ["diff", a, b, "--from", "2027-01-01"])
        #expect(text.status == 1)
        #expect(text.stderr.contains("a.yaml:4:") && text.stderr.contains("E0401"), "\(text.stderr)")
        #expect(text.stderr.contains("b.yaml:4:") && text.stderr.contains("E0201"), "\(text.stderr)")
        let json = try CommandRunner.run("almanac", ["diff", a, b, "--format", "json", "--from", "2027-01-01"])
        #expect(json.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let items = try #require(object?["diagnostics"] as? [[String: Any]], "\(json.stdout)")
        #expect(Set(items.compactMap { $0["code"] as? String }) == ["E0401", "E0201"])
        #expect(
            Set(items.compactMap { ($0["file"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent } }) == ["a.yaml", "b.yaml"])
        // One broken side still stops the diff, and the good side's warnings are not lost.
        let one = try CommandRunner.run("almanac", ["diff", a, a, "--from", "2027-01-01"])
        #expect(one.status == 1 && one.stdout.isEmpty)
    }

    /// The hint repeats the window, so running it makes `--check` pass.
    @Test(arguments: [["--from", "2026-11-02", "--horizon", "3d"], ["--from", "2027-03-01", "--to", "2027-03-05"], []])
    func compileCheckHintCarriesTheWindow(_ window: [String]) throws {
        let dir = try Self.temporaryDirectory()
        _ = try Self.write("version: 1\ntimezone: America/Chicago\ntriggers:\n  t: {calendar: {hours: 8}}\n", "s.yaml", in: dir)
        let env = ["SOURCE_DATE_EPOCH": "1795000000"]
        let missing = try CommandRunner.run(
            "almanac", ["compile", "s.yaml", "--check", "-o", "p.json"] + window, in: dir, environment: env)
        #expect(missing.status == 1)
        let hint = try #require(missing.stdout.split(separator: "`").dropFirst().first.map(String.init), "\(missing.stdout)")
        #expect(hint.hasPrefix("almanac compile s.yaml --from ") && hint.hasSuffix(" -o p.json"))
        if !window.isEmpty { #expect(hint.contains(window.joined(separator: " "))) }
        let args = hint.split(separator: " ").dropFirst().map(String.init)
        #expect(try CommandRunner.run("almanac", args, in: dir, environment: env).status == 0)
        let again = try CommandRunner.run("almanac", ["compile", "s.yaml", "--check", "-o", "p.json"] + window, in: dir, environment: env)
        #expect(again.status == 0, "\(again.stdout)")
    }

    @Test func nextSuggestsATriggerAndExplainsUsage() throws {
        let dir = try Self.temporaryDirectory()
        let spec = try Self.write("version: 1\ntimezone: UTC\ntriggers:\n  morning-pill: {calendar: {hours: 8}}\n", "s.yaml", in: dir)
        let unknown = try CommandRunner.run("almanac", ["next", spec, "morning-pil"])
        #expect(unknown.status == 1 && unknown.stderr.contains("did you mean 'morning-pill'?"), "\(unknown.stderr)")
        for n in ["-1", "0", "-20"] {
            let out = try CommandRunner.run("almanac", ["next", spec, "-n", n])
            #expect(out.status == 64 && out.stderr.contains("-n") && out.stderr.contains("1 or more"), "\(n): \(out.stderr)")
        }
        #expect(try CommandRunner.run("almanac", ["next", spec, "-n", "2"]).status == 0)
    }

    @Test(arguments: ["abc", "1.5", "", " 12", "17e8"])
    func aSourceDateEpochThatIsNotAnIntegerIsAUsageError(_ value: String) throws {
        let dir = try Self.temporaryDirectory()
        let spec = try Self.write("version: 1\ntimezone: UTC\ntriggers:\n  t: {calendar: {hours: 8}}\n", "s.yaml", in: dir)
        let env = ["SOURCE_DATE_EPOCH": value]
        for args in [["next", spec], ["compile", spec], ["check", spec, "--horizon", "1d"]] {
            let out = try CommandRunner.run("almanac", args, environment: env)
            #expect(out.status == 64 && out.stderr.contains("SOURCE_DATE_EPOCH"), "\(args): \(out.stderr)")
        }
        let plan = dir + "/p.json"
        #expect(try CommandRunner.run("almanac", ["compile", spec, "--from", "2027-01-01", "-o", plan]).status == 0)
        let exec = try CommandRunner.run("almanac-exec", ["reconcile", plan, "--now", "now"], environment: env)
        #expect(exec.status == 64 && exec.stderr.contains("SOURCE_DATE_EPOCH"), "\(exec.stderr)")
    }

    // MARK: stale and expiring plans

    /// A plan whose window has ended, or ends before now + min_coverage, registers what it can and
    /// says so: a warning on stderr, exit 1, and the JSON line's `plan`; `refresh_by` is never at or
    /// before now (null for an ended plan). A plan that covers the coverage exits 0 with no `plan` key.
    @Test(arguments: [("2027-01-05T00:00:00Z", "expired", 0), ("2027-01-04T12:00:00Z", "expiring", 11), ("2027-01-02T12:00:00Z", "", 59)])
    func aStalePlanIsReported(now: String, status: String, registered: Int) throws {
        let dir = try Self.temporaryDirectory()
        let spec = try Self.write("version: 1\ntimezone: UTC\ntriggers:\n  t: {every: 1h}\n", "s.yaml", in: dir)
        let plan = dir + "/p.json"
        #expect(try CommandRunner.run("almanac", ["compile", spec, "--from", "2027-01-01", "--horizon", "4d", "-o", plan]).status == 0)
        let record = dir + "/spy.jsonl"
        let out = try CommandRunner.run("almanac-exec", ["reconcile", plan, "--now", now, "--backend", "spy", "--record", record])
        let line = try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any]
        #expect(line?["registered"] as? Int == registered, "\(out.stdout)")
        let calls = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n")
        #expect(calls.first == "{\"call\": \"cancelAll\"}")
        #expect(calls.count == 1 + registered)
        if status.isEmpty {
            #expect(out.status == 0, "\(out.stderr)")
            #expect(line?["plan"] == nil)
            #expect(out.stderr.isEmpty, "\(out.stderr)")
        } else {
            #expect(out.status == 1, "\(out.stderr)")
            #expect(line?["plan"] as? String == status)
            #expect(line?["window_to"] as? String == "2027-01-05T00:00:00Z")
            #expect(out.stderr.contains("warning: \(plan): the plan's window"), "\(out.stderr)")
            #expect(out.stderr.contains("compile"), "\(out.stderr)")
        }
        if let refresh = line?["refresh_by"] as? String {
            #expect(refresh > now.replacingOccurrences(of: "Z", with: ""), "refresh_by \(refresh) is after now \(now)")
        } else {
            #expect(status == "expired" && line?["refresh_by"] is NSNull, "\(out.stdout)")
        }
    }

    /// `reconcile --strategy diff` on the spy starts from what its record leaves registered: a second
    /// reconcile lists those ids, adds only the new fires and removes the delivered-or-stale ones;
    /// a backend that cannot list what it holds is a usage error.
    @Test func reconcileByDiffReadsWhatTheSpyHolds() throws {
        let dir = try Self.temporaryDirectory()
        let spec = try Self.write("version: 1\ntimezone: UTC\nlimits: {max_pending: 4}\ntriggers:\n  t: {every: 1h}\n", "s.yaml", in: dir)
        let plan = dir + "/p.json"
        #expect(try CommandRunner.run("almanac", ["compile", spec, "--from", "2027-01-01", "--horizon", "2d", "-o", plan]).status == 0)
        let record = dir + "/spy.jsonl"
        for now in ["2027-01-01T00:30:00Z", "2027-01-01T02:30:00Z"] {
            let out = try CommandRunner.run(
                "almanac-exec", ["reconcile", plan, "--now", now, "--backend", "spy", "--record", record, "--strategy", "diff"])
            #expect(out.status == 0, "\(out.stderr)")
        }
        let calls = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(
            calls.filter { $0.hasPrefix("{\"call\": \"pending\"") } == [
                "{\"call\": \"pending\", \"ids\": []}",
                "{\"call\": \"pending\", \"ids\": [\"t@2027-01-01T01:00:00\", \"t@2027-01-01T02:00:00\", \"t@2027-01-01T03:00:00\", \"t@2027-01-01T04:00:00\"]}",
            ])
        // The second reconcile adds 05:00 and 06:00 and removes the two that are past: the spy holds at
        // most max_pending (4), as a phone holds its budget, so each stale one goes just before an add.
        let last = Array(calls.suffix(4))
        #expect(last[0] == "{\"call\": \"remove\", \"ids\": [\"t@2027-01-01T01:00:00\"]}")
        #expect(last[1].hasPrefix("{\"call\": \"add\", \"id\": \"t@2027-01-01T05:00:00\""), "\(last[1])")
        #expect(last[2] == "{\"call\": \"remove\", \"ids\": [\"t@2027-01-01T02:00:00\"]}")
        #expect(last[3].hasPrefix("{\"call\": \"add\", \"id\": \"t@2027-01-01T06:00:00\""), "\(last[3])")
        let refused = try CommandRunner.run("almanac-exec", ["reconcile", plan, "--now", "2027-01-01T00:30:00Z", "--strategy", "diff"])
        #expect(refused.status == 64, "\(refused.stderr)")
        #expect(refused.stderr.contains("--strategy diff"), "\(refused.stderr)")
    }

    /// More regions armed than max_regions: `reconcile --position` watches the nearest, plus a
    /// refresh region around the device; without a position, priority then trigger id decide.
    @Test func reconcileWatchesTheRegionsNearestThePosition() throws {
        let dir = try Self.temporaryDirectory()
        var spec = "version: 1\ntimezone: UTC\nlimits: {max_regions: 3}\ntriggers:\n"
        for i in 0..<6 { spec += "  r\(i): {location: {region: {latitude: 0, longitude: \(Double(i) * 0.01), radius: 100}}}\n" }
        let specPath = try Self.write(spec, "s.yaml", in: dir)
        let plan = dir + "/p.json"
        let compiled = try CommandRunner.run("almanac", ["compile", specPath, "--from", "2027-01-01", "--horizon", "2d", "-o", plan])
        #expect(compiled.status == 0, "\(compiled.stderr)")
        #expect(compiled.stderr.contains("warning[W0604]"), "\(compiled.stderr)")
        func monitored(_ extra: [String]) throws -> [String] {
            let record = dir + "/spy-\(extra.count).jsonl"
            let out = try CommandRunner.run(
                "almanac-exec", ["reconcile", plan, "--now", "2027-01-01T12:00:00Z", "--backend", "spy", "--record", record] + extra)
            #expect(out.status == 0, "\(out.stderr)")
            return try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n")
                .filter { $0.contains("\"call\": \"monitor\"") }.map { String($0.split(separator: "\"")[7]) }
        }
        #expect(try monitored([]) == ["r0", "r1", "r2"])
        // 0.0405° east (about 4.5 km) is inside r4; r5's edge is 0.96 km away, r3's 1.07 km: the
        // refresh region reaches r3's edge.
        #expect(try monitored(["--position", "0,0.0405"]) == ["r4", "r5", "@refresh"])
        let bad = try CommandRunner.run("almanac-exec", ["reconcile", plan, "--now", "2027-01-01T12:00:00Z", "--position", "91,0"])
        #expect(bad.status == 64, "\(bad.stderr)")
    }

    // MARK: one time syntax for both executables

    /// `almanac compile --from T` starts its window where `almanac-exec reconcile --now T` says now
    /// is, for every form, in zones east and west of UTC.
    @Test(arguments: ["America/New_York", "Asia/Kolkata", "Pacific/Chatham", "Europe/Dublin", "UTC"])
    func bothExecutablesReadTimesTheSameWay(_ zone: String) throws {
        let dir = try Self.temporaryDirectory()
        let spec = try Self.write("version: 1\ntimezone: \(zone)\ntriggers:\n  t: {calendar: {hours: 8}}\n", "s.yaml", in: dir)
        let env = ["SOURCE_DATE_EPOCH": "1795000000"] // 2026-11-18T05:06:40Z
        let forms = [
            "2026-11-10", "2027-03-28", "2026-11-10T10:00:00.999Z", "2026-11-10T10:00:59.5+05:30", "2026-11-10T10:00Z",
            "2026-11-10t10:00:00z", "2026-11-10T05:00:00-05:00", "today", "now",
        ]
        for form in forms {
            let plan = dir + "/p.json"
            let compiled = try CommandRunner.run(
                "almanac", ["compile", spec, "--from", form, "--horizon", "40d", "-o", plan], environment: env)
            #expect(compiled.status == 0, "\(form): \(compiled.stderr)")
            let object = try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(fileURLWithPath: plan))) as? [String: Any]
            let from = (object?["window"] as? [String: Any])?["from"] as? String
            let exec = try CommandRunner.run("almanac-exec", ["reconcile", plan, "--now", form], environment: env)
            #expect(exec.status == 0, "\(form): \(exec.stderr)")
            let now = (try JSONSerialization.jsonObject(with: Data(exec.stdout.utf8)) as? [String: Any])?["now"] as? String
            #expect(from != nil && from == now, "\(zone) \(form): compile from \(from ?? "-"), reconcile now \(now ?? "-")")
        }
        for bad in ["2026-11-10T10:00:00.Z", "2026-13-01", "tomorrow", "2026-11-10 10:00", "1795000000"] {
            #expect(try CommandRunner.run("almanac", ["compile", spec, "--from", bad]).status == 64, "\(bad)")
            #expect(
                try CommandRunner.run("almanac-exec", ["simulate", dir + "/p.json", "--from", bad, "--until", "now"]).status == 64, "\(bad)"
            )
        }
    }
}
