import AlmanacInterchange
import AlmanacModel
import AlmanacSpec
import AlmanacTestSupport
import Foundation
import Testing

/// One source fixture and how it is imported (the zone stands for the machine's, `--timezone`).
struct ImportCase: CustomTestStringConvertible, Sendable {
    var file: String
    var format: ImportFormat
    var timezone: String?
    var system = false

    var testDescription: String { file }
    static let directory = "Tests/AlmanacInterchangeTests/Fixtures"

    static let valid: [ImportCase] = [
        ImportCase(file: "crontab", format: .crontab, timezone: "America/New_York"),
        ImportCase(file: "system-crontab", format: .crontab, timezone: "Europe/London", system: true),
        ImportCase(file: "random-crontab", format: .crontab, timezone: "America/New_York"),
        ImportCase(file: "backup.timer", format: .systemd, timezone: "America/New_York"),
        ImportCase(file: "cronjobs.yaml", format: .k8s, timezone: nil),
        ImportCase(file: "meetings.ics", format: .ics, timezone: "America/New_York"),
    ]

    /// Every file under `invalid/`, its format from its extension, imported without a zone.
    static var invalid: [ImportCase] {
        let formats: [String: ImportFormat] = ["crontab": .crontab, "timer": .systemd, "yaml": .k8s, "ics": .ics]
        return formats.keys.sorted().flatMap { ext in
            Golden.files(in: directory + "/invalid", ext: ext).map {
                ImportCase(file: "invalid/" + ($0.split(separator: "/").last.map(String.init) ?? ""), format: formats[ext]!, timezone: nil)
            }
        }
    }

    var path: String { Self.directory + "/" + file }

    func run() throws -> (ImportResult, SourceFile) {
        let bytes = try #require(FileManager.default.contents(atPath: Golden.repositoryRoot + "/" + path))
        let source = SourceFile(path: path, bytes: Array(bytes))
        let stem = file.split(separator: "/").last!.split(separator: ".").first.map(String.init)!
        return (Importer.run(format, source, timezone: timezone, name: stem, systemCrontab: system), source)
    }
}

/// Each fixture's imported spec is its golden (`Golden/NAME.yaml`), read by a reviewer, and passes
/// `almanac check` without a diagnostic; each invalid source's located errors are theirs
/// (`Fixtures/invalid/NAME.diagnostics`), as `almanac import` prints them.
@Suite struct ImportGoldenTests {
    @Test(arguments: ImportCase.valid)
    func importedSpecMatchesItsGoldenAndChecks(_ c: ImportCase) throws {
        let (result, _) = try c.run()
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let spec = try #require(result.spec)
        let failure = Golden.check(spec, against: Golden.repositoryRoot + "/Tests/AlmanacInterchangeTests/Golden/\(c.file).yaml")
        #expect(failure == nil, "\(failure ?? "")")
        let checked = SpecLoader.load(SourceFile(path: "imported.yaml", text: spec))
        #expect(checked.diagnostics.isEmpty, "\(checked.diagnostics)")
        #expect(checked.schedule != nil)
    }

    @Test(arguments: ImportCase.invalid)
    func invalidSourceMatchesItsDiagnostics(_ c: ImportCase) throws {
        let (result, source) = try c.run()
        #expect(result.hasErrors)
        #expect(result.spec == nil)
        #expect(result.diagnostics.allSatisfy { $0.range != nil }, "every import error is located")
        let text = DiagnosticRenderer(format: .text).render(result.diagnostics, in: source)
        let golden = Golden.repositoryRoot + "/" + c.path.replacingOccurrences(of: ".", with: "-") + ".diagnostics"
        let failure = Golden.check(text, against: golden)
        #expect(failure == nil, "\(failure ?? "")")
    }

    @Test func everyImportCodeHasAnInvalidFixture() throws {
        var seen = Set<DiagnosticCode>()
        for c in ImportCase.invalid { try c.run().0.diagnostics.forEach { seen.insert($0.code) } }
        // The importers' codes, warnings included; E0160 (a source too large) has its own test
        // (ImportLimitsTests), as a fixture would have to be over the limit.
        let codes = DiagnosticCode.allCases.filter { ["E091", "E092", "W092"].contains($0.rawValue.prefix(4)) }
        #expect(codes.filter { !seen.contains($0) }.isEmpty, "\(codes.filter { !seen.contains($0) })")
        // `@reboot` is refused where it is written.
        #expect(seen.contains(.cronUnknownMacro))
    }

    @Test func sameInputSameBytes() throws {
        for c in ImportCase.valid {
            let a = try c.run().0.spec
            let b = try c.run().0.spec
            #expect(a == b)
        }
    }
}
