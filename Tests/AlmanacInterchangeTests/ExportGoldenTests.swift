import AlmanacCompiler
import AlmanacInterchange
import AlmanacModel
import AlmanacPlan
import AlmanacSpec
import AlmanacTestSupport
import AlmanacTime
import Foundation
import Testing

/// `almanac export` of every shipped example, each format one golden: the loss report (as `--lossy`
/// prints it) above the exported text. Review them as claims: each loss names a real difference.
@Suite struct ExportGoldenTests {
    static let examples = Golden.files(in: "examples", ext: "yaml").map { "examples/" + URL(fileURLWithPath: $0).lastPathComponent }
    static let goldenDirectory = Golden.repositoryRoot + "/Tests/AlmanacInterchangeTests/Golden"
    static let options = ExportOptions(exec: "/usr/local/bin/almanac-job", image: "registry.example/jobs:1")

    static func load(_ path: String) throws -> (SourceFile, Schedule) {
        let bytes = try #require(FileManager.default.contents(atPath: Golden.repositoryRoot + "/" + path))
        let file = SourceFile(path: path, bytes: Array(bytes))
        return (file, try #require(SpecLoader.load(file).schedule))
    }

    static func name(_ path: String) -> String { URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent }

    /// The loss report and the files, as one reviewable text.
    static func report(_ path: String, _ format: RuleFormat, _ options: ExportOptions = options) throws -> String {
        let (file, schedule) = try load(path)
        let result = Exporter.export(schedule, format: format, options: options)
        let diagnostics = Exporter.severities(result.diagnostics, lossy: true)
        let losses = diagnostics.isEmpty ? "(exact: no losses)\n" : DiagnosticRenderer().render(diagnostics, in: file)
        return "# almanac export \(format.rawValue) \(path) --lossy\n# losses:\n" + losses + "# output:\n" + result.joinedText
    }

    @Test(arguments: examples)
    func crontabMatchesItsGolden(_ path: String) throws {
        let failure = Golden.check(try Self.report(path, .crontab), against: "\(Self.goldenDirectory)/crontab/\(Self.name(path)).txt")
        #expect(failure == nil, "\(failure ?? "")")
    }

    /// Specs written for one format's edge cases, with their goldens beside the examples'.
    // Specs whose name starts with `dst-` (the other YAML fixtures are import sources, like CronJob manifests).
    static let systemdFixtures = Golden.files(in: "Tests/AlmanacInterchangeTests/Fixtures", ext: "yaml").filter {
        URL(fileURLWithPath: $0).lastPathComponent.hasPrefix("dst-")
    }.map {
        "Tests/AlmanacInterchangeTests/Fixtures/" + URL(fileURLWithPath: $0).lastPathComponent
    }

    @Test(arguments: examples + systemdFixtures)
    func systemdMatchesItsGolden(_ path: String) throws {
        let failure = Golden.check(try Self.report(path, .systemd), against: "\(Self.goldenDirectory)/systemd/\(Self.name(path)).txt")
        #expect(failure == nil, "\(failure ?? "")")
    }

    @Test(arguments: examples)
    func k8sMatchesItsGolden(_ path: String) throws {
        let failure = Golden.check(try Self.report(path, .k8s), against: "\(Self.goldenDirectory)/k8s/\(Self.name(path)).txt")
        #expect(failure == nil, "\(failure ?? "")")
    }

    /// A window per example where it fires (its own dates), one day long so the golden stays readable.
    static let icsWindows: [String: (String, Int64)] = [
        "arrive-leave": ("2026-12-18T00:00:00Z", 2), "backups-cron": ("2026-11-23T00:00:00Z", 1),
        "chatham-45min": ("2027-04-03T12:00:00Z", 1), "dst-sensitive": ("2027-03-14T04:00:00Z", 1),
        "medication": ("2026-11-23T00:00:00Z", 1), "meetings-rrule": ("2026-11-30T00:00:00Z", 2),
        "payroll-oncall": ("2026-11-27T00:00:00Z", 2), "school-term": ("2027-02-02T00:00:00Z", 1),
        "team-reminders": ("2026-11-23T00:00:00Z", 1),
    ]

    static func icsPlan(_ path: String) throws -> Plan {
        let (file, schedule) = try load(path)
        let (from, days) = try #require(icsWindows[name(path)], "no ics window for \(path)")
        let start = try #require(RFC3339.parseInstant(from))
        let window = Window(from: start, to: Instant(secondsSinceEpoch: start.secondsSinceEpoch + days * 86_400))
        return try Compiler(tzdataVersion: "test").compile(schedule, specSHA256: SHA256.hex(of: file.bytes), window: window).plan
    }

    @Test(arguments: examples)
    func icsMatchesItsGolden(_ path: String) throws {
        let ics = ExportICS.render(try Self.icsPlan(path), alarmSeconds: Self.name(path) == "medication" ? 600 : nil)
        let failure = Golden.check(ics, against: "\(Self.goldenDirectory)/ics/\(Self.name(path)).ics")
        #expect(failure == nil, "\(failure ?? "")")
    }

    /// Every example has a window with fires (or armed windows) in it.
    @Test(arguments: examples)
    func icsGoldenIsNotEmpty(_ path: String) throws {
        let plan = try Self.icsPlan(path)
        #expect(!plan.fires.isEmpty || plan.regions.contains { !$0.armed.isEmpty })
    }
}
