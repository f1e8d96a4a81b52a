import AlmanacTestSupport
import Foundation
import Testing

/// `almanac-exec simulate --device phone` on 100 daily reminders (5 urgent) for a week, the way an
/// app developer runs it in CI: a user who opens the app at 08:00 every day misses what the
/// 64-notification budget cannot hold; with background refresh or taps only the first morning's
/// fires before the first open are lost. The text reports are goldens; the JSON report agrees.
@Suite struct PhoneSimulationCommandTests {
    static let goldenDirectory = Golden.repositoryRoot + "/Tests/CLITests/Golden/phone/"

    static func plan() throws -> String {
        let dir = NSTemporaryDirectory() + "almanac-phone-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let plan = dir + "/phone-100.plan.json"
        let compiled = try CommandRunner.run(
            "almanac", ["compile", "Tests/CLITests/Fixtures/phone-100.yaml", "--from", "2027-03-01", "--horizon", "7d", "-o", plan])
        #expect(compiled.status == 0, "\(compiled.stderr)")
        return plan
    }

    @Test(arguments: [
        ("daily-open", ["--app-opens", "daily 08:00"]), ("background-refresh", ["--app-opens", "daily 08:00", "--background-refresh"]),
        ("taps", ["--app-opens", "daily 08:00", "--taps"]),
    ])
    func reportMatchesTheGolden(name: String, options: [String]) throws {
        let plan = try Self.plan()
        let base = ["simulate", plan, "--from", "2027-03-01", "--until", "2027-03-08", "--device", "phone"] + options
        let text = try CommandRunner.run("almanac-exec", base)
        #expect(text.status == 0, "\(text.stderr)")
        let failure = Golden.check(text.stdout, against: Self.goldenDirectory + "\(name).txt")
        #expect(failure == nil, "\(failure ?? "")")
        let json = try CommandRunner.run("almanac-exec", base + ["--format", "json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let missed = try #require(report["not_delivered"] as? [[String: Any]])
        let planned = try #require(report["planned"] as? Int), delivered = try #require(report["delivered"] as? Int)
        #expect(planned == 700 && delivered + missed.count == planned)
        #expect(
            text.stdout.hasPrefix(
                "phone from 2027-02-28T23:00:00Z to 2027-03-07T23:00:00Z: 700 planned, \(delivered) delivered, \(missed.count) not delivered"
            ))
        #expect(
            missed.allSatisfy {
                [
                    "not registered: budget", "not registered: the app had not run yet",
                    "not registered: background refresh did not run in time",
                ].contains($0["reason"] as? String ?? "")
            })
    }

    /// A plan whose spec says a server runs it (`runs_on: server`) is simulated as a phone when asked,
    /// with a warning that no phone runs it; a phone's plan gets no such warning.
    @Test func aServerPlanSimulatedAsAPhoneIsWarnedAbout() throws {
        let dir = NSTemporaryDirectory() + "almanac-phone-server-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let spec = try String(contentsOfFile: Golden.repositoryRoot + "/Tests/CLITests/Fixtures/phone-100.yaml", encoding: .utf8)
        try spec.replacingOccurrences(of: "\nname: phone-100\n", with: "\nname: phone-100\nruns_on: server\n")
            .write(toFile: dir + "/server.yaml", atomically: true, encoding: .utf8)
        let compiled = try CommandRunner.run(
            "almanac", ["compile", dir + "/server.yaml", "--from", "2027-03-01", "--horizon", "2d", "-o", dir + "/server.plan.json"])
        #expect(compiled.status == 0, "\(compiled.stderr)")
        for (plan, server) in [(dir + "/server.plan.json", true), (try Self.plan(), false)] {
            let out = try CommandRunner.run(
                "almanac-exec", ["simulate", plan, "--from", "2027-03-01", "--until", "2027-03-02", "--device", "phone"])
            #expect(out.status == 0, "\(out.stderr)")
            #expect(out.stderr.contains("runs_on: server, so no phone runs it") == server, "\(out.stderr)")
        }
    }

    /// `max_pending: 500` (issue 27: the simulated phone held 500 and "delivered" what a phone would
    /// lose): the phone holds 64, standard error and the report say so, and one open delivers 64.
    @Test func aPhoneHoldsSixtyFourWhateverMaxPendingSays() throws {
        let dir = NSTemporaryDirectory() + "almanac-phone-500-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "version: 1\nname: med-500\ntimezone: UTC\nlimits: {max_pending: 500}\ntriggers:\n  med: {every: 2m}\n"
            .write(toFile: dir + "/med.yaml", atomically: true, encoding: .utf8)
        let compiled = try CommandRunner.run(
            "almanac", ["compile", dir + "/med.yaml", "--from", "2027-03-01", "--horizon", "1d", "-o", dir + "/med.plan.json"])
        #expect(compiled.status == 0 && compiled.stderr.contains("warning[W0250]: max_pending 500"), "\(compiled.stderr)")
        let base = [
            "simulate", dir + "/med.plan.json", "--from", "2027-03-01", "--until", "2027-03-02", "--device", "phone", "--app-opens",
            "daily 08:00",
        ]
        let text = try CommandRunner.run("almanac-exec", base)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stderr.contains("warning: max_pending is 500, but a phone holds 64 pending notifications"), "\(text.stderr)")
        let summary = "phone from 2027-03-01T00:00:00Z to 2027-03-02T00:00:00Z: 720 planned, 64 delivered"
        #expect(text.stdout.hasPrefix(summary), "\(text.stdout)")
        let json = try CommandRunner.run("almanac-exec", base + ["--format", "json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(report["delivered"] as? Int == 64 && report["device_capacity"] as? Int == 64 && report["max_pending"] as? Int == 500)
    }

    @Test func phoneOptionsNeedThePhoneAndAKnownRule() throws {
        let plan = try Self.plan()
        let base = ["simulate", plan, "--from", "2027-03-01", "--until", "2027-03-02"]
        for (arguments, message) in [
            (["--app-opens", "daily 08:00"], "--device phone"), (["--device", "phone", "--app-opens", "daily 8am"], "8am"),
            (["--device", "tablet"], "daemon or phone"), (["--device", "phone", "--app-opens", "/no/such/file"], "/no/such/file"),
        ] {
            let out = try CommandRunner.run("almanac-exec", base + arguments)
            #expect(out.status == 64, "\(arguments): \(out.stderr)")
            #expect(out.stderr.contains(message), "\(arguments): \(out.stderr)")
        }
    }
}
