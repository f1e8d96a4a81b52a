import AlmanacCommandLine
import AlmanacCompiler
import AlmanacPlan
import AlmanacModel
import AlmanacSpec
import AlmanacTestSupport
import AlmanacTime
import Foundation
import Testing

/// The compile-time lint corpus: each spec in `Fixtures/lints/` names its window on its first line
/// (`# window: FROM TO`, dates at local midnight) and has a golden `NAME.diagnostics` beside it:
/// every diagnostic of validating and compiling it, as `almanac compile` prints them.
@Suite struct LintGoldenTests {
    static let directory = "Tests/AlmanacCompilerTests/Fixtures/lints"
    static var fixtures: [String] { Golden.files(in: directory, ext: "yaml") }

    /// The diagnostics of validating `path`, then compiling it over the window its first line names.
    static func diagnose(_ path: String) throws -> (codes: [DiagnosticCode], text: String) {
        let bytes = try #require(FileManager.default.contents(atPath: path))
        let display = path.replacingOccurrences(of: Golden.repositoryRoot + "/", with: "")
        let file = SourceFile(path: display, bytes: Array(bytes))
        let loaded = SpecLoader.load(file)
        var diagnostics = loaded.diagnostics
        if let schedule = loaded.schedule {
            let header = String(decoding: bytes.prefix { $0 != 0x0A }, as: UTF8.self)
            let words = header.split(separator: " ").map(String.init)
            #expect(words.count == 4 && words[1] == "window:", "first line must be `# window: FROM TO`")
            let request = WindowRequest(from: try #require(TimeArgument.parse(words[2])), to: TimeArgument.parse(words[3]))
            let window = try #require(request.resolve(now: Instant(secondsSinceEpoch: 0), zone: schedule.timezone, specHorizon: nil))
            do {
                diagnostics += try Compiler(tzdataVersion: "test").compile(schedule, specSHA256: "0", window: window).diagnostics
            } catch let error as CompileError {
                diagnostics.append(error.diagnostic)
            }
        }
        return (diagnostics.map(\.code), DiagnosticRenderer(format: .text).render(diagnostics, in: file))
    }

    @Test(arguments: fixtures)
    func lintsMatchTheirGolden(_ path: String) throws {
        let (_, text) = try Self.diagnose(path)
        let failure = Golden.check(text, against: String(path.dropLast(".yaml".count)) + ".diagnostics")
        #expect(failure == nil, "\(failure ?? "")")
    }

    /// Every code of the catalogue, warnings included, is emitted by a fixture of the invalid-spec
    /// or warning corpus or of this one; E0103 needs a file over the size limit, built in memory here.
    @Test func everyDiagnosticCodeIsEmitted() throws {
        var seen: Set<DiagnosticCode> = []
        for path in Golden.files(in: "Tests/AlmanacSpecTests/Fixtures/invalid", ext: "yaml")
            + Golden.files(in: "Tests/AlmanacSpecTests/Fixtures/warnings", ext: "yaml")
        {
            let bytes = try #require(FileManager.default.contents(atPath: path))
            SpecLoader.load(SourceFile(path: path, bytes: Array(bytes))).diagnostics.forEach { seen.insert($0.code) }
        }
        for path in Self.fixtures { seen.formUnion(try Self.diagnose(path).codes) }
        let huge = [UInt8](repeating: 0x20, count: YAMLLimits.standard.maxBytes + 1)
        SpecLoader.load(SourceFile(path: "huge.yaml", bytes: huge)).diagnostics.forEach { seen.insert($0.code) }
        // E07xx come from expectation files, E08xx (and E0620, E0621, W0621) from generating code and E09xx from exporting and
        // importing, not from specs or compiles: ExpectationRunnerTests (everyExpectationCodeIsEmitted),
        // SwiftGeneratorTests (everyCodeGenerationCodeIsEmitted) ExportRulesTests
        // (everyExportCodeIsEmitted) and ImportGoldenTests (everyImportCodeHasAnInvalidFixture) hold them to the same rule.
        // The importers' warnings (W09xx) and size refusal (E0160) are held by ImportGoldenTests and
        // ImportLimitsTests. E0231 is an exporter refusing a value its format cannot hold
        // (InjectionTests, ExportCommandTests).
        let missing = DiagnosticCode.allCases.filter {
            !seen.contains($0) && !["E07", "E08", "E09", "W09"].contains($0.rawValue.prefix(3))
                && ![
                    DiagnosticCode.generatedTypeNameCollision, .payloadAccessorUnavailable, .payloadShapeMissing, .exportUnwritable,
                    .importTooLarge,
                ]
                .contains($0)
        }
        .map(\.rawValue)
        #expect(missing.isEmpty, "codes no fixture emits: \(missing)")
    }
}
