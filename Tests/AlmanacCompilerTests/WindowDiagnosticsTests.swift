import AlmanacCommandLine
import AlmanacCompiler
import AlmanacPlan
import AlmanacModel
import AlmanacSpec
import AlmanacTestSupport
import AlmanacTime
import Foundation
import Testing

/// The diagnostics that only compiling a window can find (E06xx/W06xx), as `almanac compile` prints
/// them: each spec in `Fixtures/window-diagnostics/` names its window on its first line
/// (`# window: FROM TO`, dates) and has its golden in `Golden/window-diagnostics/`.
/// `docs/diagnostics.md` takes its examples of these codes from the goldens.
@Suite struct WindowDiagnosticsTests {
    static let directory = "Tests/AlmanacCompilerTests/Fixtures/window-diagnostics"

    static var fixtures: [String] { Golden.files(in: directory, ext: "yaml") }

    /// The rendered diagnostics of compiling `path` over the window its first line names.
    static func diagnose(_ path: String) throws -> (codes: [String], text: String) {
        let data = try #require(FileManager.default.contents(atPath: path))
        let display = path.replacingOccurrences(of: Golden.repositoryRoot + "/", with: "")
        let file = SourceFile(path: display, bytes: Array(data))
        let firstLine = String(decoding: data.prefix { $0 != 0x0A }, as: UTF8.self)
        let dates = firstLine.split(separator: " ").dropFirst(2).map(String.init)
        try #require(firstLine.hasPrefix("# window: ") && dates.count == 2, "first line must be `# window: FROM TO`")
        let loaded = SpecLoader.load(file)
        let schedule = try #require(loaded.schedule, "\(loaded.diagnostics)")
        let from = try #require(TimeArgument.parse(dates[0])), to = try #require(TimeArgument.parse(dates[1]))
        let request = WindowRequest(from: from, to: to)
        let window = try #require(
            request.resolve(
                now: Instant(secondsSinceEpoch: 0), zone: schedule.timezone,
                specHorizon: schedule.horizon))
        var diagnostics = loaded.diagnostics
        do {
            diagnostics += try Compiler().compile(schedule, specSHA256: SHA256.hex(of: Array(data)), window: window).diagnostics
        } catch let error as CompileError {
            diagnostics.append(error.diagnostic)
        }
        return (diagnostics.map(\.code.rawValue), DiagnosticRenderer(format: .text).render(diagnostics, in: file))
    }

    @Test(arguments: fixtures)
    func windowDiagnosticsMatchTheirGolden(_ path: String) throws {
        let (codes, text) = try Self.diagnose(path)
        #expect(codes.contains { $0.dropFirst().hasPrefix("06") }, "a window fixture must draw an E06xx/W06xx diagnostic:\n\(text)")
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let golden = Golden.repositoryRoot + "/Tests/AlmanacCompilerTests/Golden/window-diagnostics/\(name).diagnostics"
        let failure = Golden.check(text, against: golden)
        #expect(failure == nil, "\(failure ?? "")")
    }

    @Test func corpusIsNotEmpty() {
        #expect(Self.fixtures.count >= 4)
    }
}
