import AlmanacExpect
import AlmanacModel
import AlmanacSpec
import ArgumentParser

/// `almanac test SPEC...`: each spec's expectation file (`NAME.expect.yaml` beside `NAME.yaml`)
/// checked against the fires of its window.
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Check each spec against its expectation file (NAME.expect.yaml beside NAME.yaml).",
        discussion: """
            An expectation file names a window and assertions about the spec's fires in it: the times a \
            trigger fires (exactly, or including), days it never fires on, at most N fires a day, quiet \
            hours, two triggers apart, a count (docs/testing-schedules.md). Every failure is a located \
            diagnostic in the expectation file. An expectation file given as SPEC tests its spec, so \
            `almanac test examples/*.yaml` works. \
            Exit codes: 0 every assertion holds; 1 an assertion fails, or a spec or expectation file has \
            errors; 2 a file could not be read (or a spec has no expectation file); 64 usage.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, junit, github
    }

    @Argument(help: "Spec files (or their expectation files).")
    var specs: [String]

    @Option(help: "Output format: text (diagnostics, with a summary on standard error), junit (JUnit XML) or github (annotations).")
    var format: Format = .text

    func validate() throws {
        if specs.isEmpty { throw ValidationError("give at least one spec file") }
        if specs.contains("-") { throw ValidationError("`test` reads files beside each spec; standard input (-) has none") }
    }

    func run() throws {
        var reports: [SpecTestReport] = []
        var couldNotRun = false
        var seen: Set<String> = []
        for given in specs {
            let spec = Self.specPath(for: given)
            guard seen.insert(spec).inserted else { continue }
            guard let report = test(spec) else {
                couldNotRun = true
                continue
            }
            reports.append(report)
        }
        switch format {
        case .junit:
            Terminal.writeOut(JUnitReport.render(reports))
        case .text, .github:
            let renderer = DiagnosticRenderer(
                format: format == .github ? .github : .text, colour: format == .text && Terminal.wantsColour(1))
            for report in reports {
                for (file, diagnostics) in report.diagnostics { Terminal.writeOut(renderer.render(diagnostics, in: file)) }
            }
        }
        Terminal.writeErr(Self.summary(reports))
        if couldNotRun { throw ExitCode(2) }
        if reports.contains(where: { !$0.isSuccess }) { throw ExitCode(1) }
    }

    /// `NAME.expect.yaml` names its spec `NAME.yaml` (likewise `.yml`); any other path is a spec.
    static func specPath(for path: String) -> String {
        for ext in [".yaml", ".yml"] where path.hasSuffix(".expect" + ext) {
            return String(path.dropLast(".expect".count + ext.count)) + ext
        }
        return path
    }

    /// The expectation file of a spec: `NAME.expect.yaml` for `NAME.yaml` (`.yml` likewise), else
    /// `SPEC.expect.yaml`.
    static func expectationPath(for spec: String) -> String {
        for ext in [".yaml", ".yml"] where spec.hasSuffix(ext) {
            return String(spec.dropLast(ext.count)) + ".expect" + ext
        }
        return spec + ".expect.yaml"
    }

    /// One spec tested; nil (after a message on stderr) when a file could not be read.
    func test(_ spec: String) -> SpecTestReport? {
        let specFile: SourceFile
        do {
            specFile = SourceFile(path: spec, bytes: try Files.read(spec))
        } catch {
            Terminal.writeError("\(error)")
            return nil
        }
        let expectPath = Self.expectationPath(for: spec)
        let expectFile: SourceFile
        do {
            expectFile = SourceFile(path: expectPath, bytes: try Files.read(expectPath))
        } catch {
            Terminal.writeError("\(spec) has no expectation file \(expectPath) (\(error))")
            return nil
        }
        let loaded = SpecLoader.load(specFile)
        guard let schedule = loaded.schedule else {
            return SpecTestReport(spec: spec, expectations: expectFile, problems: [(specFile, loaded.diagnostics)], results: [])
        }
        let (expectations, problems) = ExpectationReader.read(
            expectFile, triggerIDs: schedule.triggers.map(\.id), blackouts: loaded.blackouts, specPath: spec)
        var report = SpecTestReport(spec: spec, expectations: expectFile, problems: [(expectFile, problems)], results: [])
        guard let expectations else { return report }
        switch ExpectationRunner.run(expectations, on: schedule) {
        case .ran(let results): report.results = results
        case .badWindow(let d): report.problems.append((expectFile, [d]))
        case .compileFailed(let diagnostics): report.problems.append((specFile, diagnostics))
        }
        return report
    }

    /// `9 specs tested: 54 assertions, 54 passed` (then failures and files with errors).
    static func summary(_ reports: [SpecTestReport]) -> String {
        let assertions = reports.reduce(0) { $0 + $1.results.count }
        let passed = reports.reduce(0) { $0 + $1.passed }
        let failed = reports.reduce(0) { $0 + $1.failed }
        let broken = reports.count { $0.errorCount > 0 }
        var line = "\(reports.count == 1 ? "1 spec" : "\(reports.count) specs") tested: "
        line += "\(assertions) assertion\(assertions == 1 ? "" : "s"), \(passed) passed"
        if failed > 0 { line += ", \(failed) failed" }
        if broken > 0 { line += ", \(broken) with errors that kept \(broken == 1 ? "it" : "them") from running" }
        return line + "\n"
    }
}
