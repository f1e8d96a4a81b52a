import AlmanacCommandLine
import AlmanacCompiler
import AlmanacPlan
import AlmanacModel
import AlmanacSpec
import AlmanacTestSupport
import AlmanacTime
import Foundation
import Testing

/// Golden plans: every example at pinned windows, and a DST matrix across both 2026 transitions
/// in six zones. A golden is a claim about the output, reviewed line by line when re-recorded
/// (`ALMANAC_RECORD=1 swift test --filter GoldenPlanTests`).
@Suite struct GoldenPlanTests {
    /// A spec compiled over `[from, to)` (dates, local midnight in the spec's zone).
    struct Case: CustomTestStringConvertible, Sendable {
        var spec: String
        var from: String
        var to: String?
        var golden: String

        var testDescription: String { golden }
    }

    static let exampleCases: [Case] = {
        var cases = Golden.files(in: "examples", ext: "yaml").map { path -> Case in
            let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            // Four days, so a golden can be read in review; the school term's own horizon (weekly
            // fires, blackouts across months) is what that example is about, and the location walk
            // of the executor's tests crosses the arrive-leave regions over its whole horizon.
            if name == "school-term" {
                return Case(spec: "examples/\(name).yaml", from: "2027-02-01", to: nil, golden: "examples/\(name).plan.json")
            }
            if name == "arrive-leave" {
                return Case(spec: "examples/\(name).yaml", from: "2026-11-23", to: nil, golden: "examples/\(name).plan.json")
            }
            return Case(spec: "examples/\(name).yaml", from: "2026-11-23", to: "2026-11-27", golden: "examples/\(name).plan.json")
        }
        // Windows across transitions the examples were written for.
        for (name, from, to) in [
            ("dst-sensitive", "2026-10-30", "2026-11-03"), ("dst-sensitive", "2027-03-12", "2027-03-16"),
            ("chatham-45min", "2027-04-02", "2027-04-06"), ("chatham-45min", "2027-09-24", "2027-09-28"),
            ("medication", "2027-03-26", "2027-03-30"),
            ("arrive-leave", "2027-03-12", "2027-03-16"),
        ] {
            cases.append(Case(spec: "examples/\(name).yaml", from: from, to: to, golden: "examples/\(name)@\(from).plan.json"))
        }
        return cases
    }()

    static let dstCases: [Case] = [
        ("new-york", "2026-03-07", "2026-03-10", "2026-10-31", "2026-11-03"),
        ("london", "2026-03-28", "2026-03-31", "2026-10-24", "2026-10-27"),
        ("sydney", "2026-04-04", "2026-04-07", "2026-10-03", "2026-10-06"),
        ("lord-howe", "2026-04-04", "2026-04-07", "2026-10-03", "2026-10-06"),
        ("chatham", "2026-04-04", "2026-04-07", "2026-09-26", "2026-09-29"),
        ("kolkata", "2026-03-07", "2026-03-10", "2026-10-31", "2026-11-03"),
    ].flatMap { zone, springFrom, springTo, autumnFrom, autumnTo in
        let spec = "Tests/AlmanacCompilerTests/Fixtures/dst/\(zone).yaml"
        return [
            Case(spec: spec, from: springFrom, to: springTo, golden: "dst/\(zone)@\(springFrom).plan.json"),
            Case(spec: spec, from: autumnFrom, to: autumnTo, golden: "dst/\(zone)@\(autumnFrom).plan.json"),
        ]
    }

    static func compile(_ c: Case) throws -> (bytes: [UInt8], diagnostics: [Diagnostic]) {
        let data = try #require(FileManager.default.contents(atPath: Golden.repositoryRoot + "/" + c.spec))
        let loaded = SpecLoader.load(SourceFile(path: c.spec, bytes: Array(data)))
        let schedule = try #require(loaded.schedule, "\(loaded.diagnostics)")
        let request = WindowRequest(from: try #require(TimeArgument.parse(c.from)), to: c.to.flatMap(TimeArgument.parse))
        let now = Instant(secondsSinceEpoch: 0) // unused: every case pins its window
        let window = try #require(request.resolve(now: now, zone: schedule.timezone, specHorizon: schedule.horizon))
        // A fixed zone data label: goldens must not change with the zone data build of the machine.
        let result = try Compiler(tzdataVersion: "2025b").compile(schedule, specSHA256: SHA256.hex(of: Array(data)), window: window)
        return (PlanWriter.render(result.plan), result.diagnostics)
    }

    @Test(arguments: exampleCases + dstCases)
    func planMatchesGolden(_ c: Case) throws {
        let (bytes, _) = try Self.compile(c)
        let path = Golden.repositoryRoot + "/Tests/AlmanacCompilerTests/Golden/" + c.golden
        let failure = Golden.check(String(decoding: bytes, as: UTF8.self), against: path)
        #expect(failure == nil, "\(failure ?? "")")
    }

    @Test(arguments: exampleCases + dstCases)
    func planReadsBackUnchanged(_ c: Case) throws {
        let (bytes, _) = try Self.compile(c)
        let plan = try PlanReader.read(bytes)
        #expect(PlanWriter.render(plan) == bytes)
    }

    /// Each example has a golden case, and each golden file is produced by a case: an example added
    /// without a golden, or a golden left behind by a removed case, fails here by name.
    @Test func everyExampleHasAGolden() throws {
        let examples = Golden.files(in: "examples", ext: "yaml").map { "examples/" + URL(fileURLWithPath: $0).lastPathComponent }
        #expect(examples.count >= 8)
        let goldenOf = Dictionary(Self.exampleCases.map { ($0.spec, $0.golden) }, uniquingKeysWith: { first, _ in first })
        let missing = examples.filter { example in
            guard let golden = goldenOf[example] else { return true }
            return !FileManager.default.fileExists(atPath: Golden.repositoryRoot + "/Tests/AlmanacCompilerTests/Golden/" + golden)
        }
        #expect(missing.isEmpty, "examples without a golden: \(missing)")
        for directory in ["examples", "dst"] {
            let produced = Set((Self.exampleCases + Self.dstCases).map(\.golden).filter { $0.hasPrefix(directory + "/") })
            let files = Golden.files(in: "Tests/AlmanacCompilerTests/Golden/" + directory, ext: "json").map {
                directory + "/" + URL(fileURLWithPath: $0).lastPathComponent
            }
            let orphans = files.filter { !produced.contains($0) }
            #expect(orphans.isEmpty, "goldens no case produces: \(orphans)")
        }
    }
}
