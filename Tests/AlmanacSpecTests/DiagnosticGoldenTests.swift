import AlmanacTestSupport
import Foundation
import Testing
@testable import AlmanacModel
@testable import AlmanacSpec

/// Every invalid fixture has a golden diagnostics file (`NAME.yaml` → `NAME.diagnostics`):
/// codes, positions, messages and caret excerpts, exactly as `almanac check` prints them.
@Suite struct DiagnosticGoldenTests {
    static let invalidDirectory = "Tests/AlmanacSpecTests/Fixtures/invalid"
    static let validDirectory = "Tests/AlmanacSpecTests/Fixtures/valid"

    static var invalidFixtures: [String] { Golden.files(in: invalidDirectory, ext: "yaml") }
    static var validSpecs: [String] { Golden.files(in: validDirectory, ext: "yaml") + Golden.files(in: "examples", ext: "yaml") }

    static func diagnose(_ path: String) throws -> (SpecLoader.Result, String) {
        let bytes = try #require(FileManager.default.contents(atPath: path))
        let display = path.replacingOccurrences(of: Golden.repositoryRoot + "/", with: "")
        let file = SourceFile(path: display, bytes: Array(bytes))
        let result = SpecLoader.load(file)
        return (result, DiagnosticRenderer(format: .text).render(result.diagnostics, in: file))
    }

    @Test(arguments: invalidFixtures)
    func invalidSpecMatchesItsGolden(_ path: String) throws {
        let (result, text) = try Self.diagnose(path)
        #expect(result.hasErrors, "an invalid fixture must produce at least one error")
        let golden = String(path.dropLast(".yaml".count)) + ".diagnostics"
        let failure = Golden.check(text, against: golden)
        #expect(failure == nil, "\(failure ?? "")")
    }

    @Test(arguments: validSpecs)
    func validSpecHasNoErrors(_ path: String) throws {
        let (result, text) = try Self.diagnose(path)
        #expect(!result.hasErrors, "\(text)")
        #expect(result.schedule != nil)
    }

    @Test func corpusIsLargeAndCoversEveryFrontEndCode() throws {
        #expect(Self.invalidFixtures.count >= 60)
        var seen: Set<String> = []
        for path in Self.invalidFixtures + Golden.files(in: WarningGoldenTests.directory, ext: "yaml") {
            let (result, _) = try Self.diagnose(path)
            for d in result.diagnostics { seen.insert(d.code.rawValue) }
        }
        // E06xx are raised while compiling a window, E07xx in expectation files, E08xx while
        // generating code and E09xx while exporting or importing; the compiler's, AlmanacExpect's, the code
        // generator's and the exporters' and importers' tests cover them. E0103 needs a file over 16 MiB, too big to commit:
        // CheckCommandTests' hostile inputs cover it. E0231 is an exporter's refusal of a value its format
        // cannot hold (ExportCommandTests, InjectionTests).
        // E0160 is `almanac import`'s refusal of a source too large to import: ImportLimitsTests.
        let notFixtures: Set<DiagnosticCode> = [.fileTooLarge, .exportUnwritable, .importTooLarge]
        let frontEnd = DiagnosticCode.allCases.filter {
            !["06", "07", "08", "09"].contains($0.rawValue.dropFirst().prefix(2)) && !notFixtures.contains($0)
        }
        let missing = frontEnd.map(\.rawValue).filter { !seen.contains($0) }
        #expect(missing.isEmpty, "codes without an invalid fixture: \(missing)")
    }
}
