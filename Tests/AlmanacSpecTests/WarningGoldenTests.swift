import AlmanacTestSupport
import Testing
@testable import AlmanacModel
@testable import AlmanacSpec

/// Valid specs that draw warnings (`Fixtures/warnings/NAME.yaml` → `NAME.diagnostics`): no error, at
/// least one warning, exactly as `almanac check` prints them. `docs/diagnostics.md` shows a warning's
/// example from here first, so the example is a spec a reader can copy and see that warning alone.
@Suite struct WarningGoldenTests {
    static let directory = "Tests/AlmanacSpecTests/Fixtures/warnings"

    static var fixtures: [String] { Golden.files(in: directory, ext: "yaml") }

    @Test(arguments: fixtures)
    func warningFixtureMatchesItsGolden(_ path: String) throws {
        let (result, text) = try DiagnosticGoldenTests.diagnose(path)
        #expect(!result.hasErrors, "a warning fixture must be a valid spec:\n\(text)")
        #expect(result.schedule != nil)
        #expect(result.diagnostics.contains { $0.severity == .warning }, "a warning fixture must draw a warning")
        let golden = String(path.dropLast(".yaml".count)) + ".diagnostics"
        let failure = Golden.check(text, against: golden)
        #expect(failure == nil, "\(failure ?? "")")
    }

    @Test func corpusIsNotEmpty() {
        #expect(Self.fixtures.count >= 4)
    }
}
