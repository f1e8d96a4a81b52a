import AlmanacCompiler
import AlmanacJSON
import AlmanacModel
import AlmanacPlan
import AlmanacSpec
import AlmanacTestSupport
import AlmanacTime
import Foundation
import Testing

@testable import AlmanacInterchange

/// Kubernetes is robfig/cron, judged by robfig/cron itself: `Fixtures/robfig-cron.tsv` holds what
/// robfig/cron v3.0.1 (built from source, iterated as the CronJob controller iterates it; see
/// `Fixtures/robfig-cron.md`) says of 388 schedules — acceptance, and fires over windows around the
/// 2026 clock changes of New York, Berlin, Lord Howe and Chatham and over two months of day rules.
@Suite struct RobfigOracleTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var id: String
        var zone: String
        var schedule: String
        var from: Instant
        var to: Instant
        var accepted: Bool
        var fires: [String]
        var testDescription: String { "\(id) \(zone) \(schedule)" }
    }

    static let cases: [Case] = {
        let path = Golden.repositoryRoot + "/Tests/AlmanacInterchangeTests/Fixtures/robfig-cron.tsv"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Case(
                id: f[0], zone: f[1], schedule: f[2], from: RFC3339.parseInstant(f[3])!, to: RFC3339.parseInstant(f[4])!,
                accepted: f[5] == "accept", fires: f[5] == "accept" ? f[6].split(separator: " ").map(String.init) : [])
        }
    }()

    /// Schedules the importer refuses before robfig's parser is asked: `@every` and a zone prefix.
    static func refusedFirst(_ c: Case) -> Bool { c.schedule.hasPrefix("@every") || c.schedule.contains("TZ=") }

    @Test func theFixtureIsThere() {
        #expect(Self.cases.count > 300)
        #expect(Self.cases.contains { !$0.accepted } && Self.cases.contains { $0.zone == "Australia/Lord_Howe" })
    }

    @Test func theParserAcceptsWhatRobfigAccepts() {
        var disagree: [String] = []
        for c in Self.cases where !Self.refusedFirst(c) {
            let ours: Bool
            if case .success = RobfigSpec.parse(c.schedule) { ours = true } else { ours = false }
            if ours != c.accepted { disagree.append("\(c.schedule): robfig \(c.accepted), model \(ours)") }
        }
        #expect(disagree.isEmpty, "\(disagree)")
    }

    @Test func nextIsRobfigsNext() throws {
        var compared = 0
        for c in Self.cases where c.accepted && !Self.refusedFirst(c) {
            let spec = try RobfigSpec.parse(c.schedule).get()
            let next = RobfigNext(spec: spec, zone: c.zone)
            var got: [String] = []
            var t = c.from
            while let n = next.next(after: t), n < c.to, got.count <= 5000 {
                got.append(RFC3339.format(n))
                t = n
            }
            #expect(got == c.fires, "\(c.testDescription): \(ImportOracleTests.difference(c.fires, got))")
            compared += got.count
        }
        #expect(compared > 10_000)
    }

    /// Import → compile gives robfig's fires, except on the days the import warns about (W0923),
    /// and those are exactly the days that differ.
    @Test func importedCronJobsFireAsTheController() throws {
        var warned = 0, warnedAndParted = 0
        for c in Self.cases where !Self.refusedFirst(c) {
            let manifest = """
                apiVersion: batch/v1
                kind: CronJob
                metadata: {name: job}
                spec:
                  schedule: \(JSONWriter.quoted(c.schedule))
                  timeZone: \(c.zone)
                  jobTemplate: {spec: {template: {spec: {containers: [{name: job, image: busybox}]}}}}

                """
            let result = Importer.run(.k8s, SourceFile(path: "job.yaml", text: manifest), timezone: nil, name: "job")
            guard c.accepted else {
                #expect(result.hasErrors, "robfig refuses \(c.schedule); the import must too")
                continue
            }
            // A list of nothing (`,`): robfig accepts it and never fires; the import says so.
            if case .success(let r) = RobfigSpec.parse(c.schedule), [r.minutes, r.hours, r.daysOfMonth, r.months, r.daysOfWeek].contains(0)
            {
                #expect(c.fires.isEmpty && result.diagnostics.contains { $0.message.contains("never runs") })
                continue
            }
            let spec = try #require(result.spec, "\(c.testDescription): \(result.diagnostics.map(\.message))")
            let schedule = try #require(SpecLoader.load(SourceFile(path: "job.yaml", text: spec)).schedule, "\(spec)")
            let expansion = try Compiler(tzdataVersion: "test").prepare(schedule, specSHA256: "0", window: Window(from: c.from, to: c.to))
            var got: [String] = []
            _ = try expansion.run { if $0.at > c.from { got.append(RFC3339.format($0.at)) } }
            let warnings = result.diagnostics.filter { $0.code == .importEngineLoses }
            if warnings.isEmpty {
                #expect(got == c.fires, "\(c.testDescription): \(ImportOracleTests.difference(c.fires, got))\n\(spec)")
            } else {
                warned += 1
                // Where they part, it is within two days of one of the zone's clock changes: the
                // spec is robfig's reading everywhere else.
                let table = try #require(OffsetTable(zone: c.zone, covering: c.from, to: c.to))
                let parted = Set(got).symmetricDifference(c.fires).compactMap { RFC3339.parseInstant($0) }
                let far = parted.filter { at in
                    !table.changes.contains { abs($0.instant.secondsSinceEpoch - at.secondsSinceEpoch) <= 2 * 86_400 }
                }
                #expect(far.isEmpty, "\(c.testDescription): differs from robfig away from a clock change: \(far.map(RFC3339.format))")
                if !parted.isEmpty { warnedAndParted += 1 }
            }
        }
        // Lord Howe's half-hour changes are where robfig loses fires, inside the fixture's windows.
        #expect(warned > 0 && warnedAndParted > 0, "\(warned) warned, \(warnedAndParted) of them part in the window")
    }

    /// `export k8s` of each imported CronJob: reported exact only when robfig fires as the plan.
    @Test func exportIsExactOrReported() throws {
        var exact = 0, reported = 0
        for c in Self.cases where c.accepted && !Self.refusedFirst(c) {
            let manifest = "kind: CronJob\nmetadata: {name: job}\nspec: {schedule: \(JSONWriter.quoted(c.schedule)), timeZone: \(c.zone)}\n"
            let imported = Importer.run(.k8s, SourceFile(path: "job.yaml", text: manifest), timezone: nil, name: "job")
            guard let spec = imported.spec, let schedule = SpecLoader.load(SourceFile(path: "job.yaml", text: spec)).schedule else {
                continue
            }
            let exported = Exporter.export(schedule, format: .k8s, options: ExportOptions(exec: "run", image: "busybox"))
            let clean = exported.diagnostics.isEmpty
            let controllerAgrees = imported.diagnostics.allSatisfy { $0.code != .importEngineLoses }
            #expect(clean == controllerAgrees, "\(c.testDescription): export \(exported.diagnostics.map(\.message))")
            if clean { exact += 1 } else { reported += 1 }
        }
        #expect(exact > 100 && reported > 0)
    }
}
