import AlmanacExpect
import AlmanacExplain
import AlmanacJSON
import AlmanacModel
import AlmanacCompiler
import AlmanacSpec
import AlmanacTime
import ArgumentParser

extension DiagnosticFormat: ExpressibleByArgument {}

/// `almanac check SPEC...`: validate only, every problem of every file in one run.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate specs and report every problem with its position.",
        discussion: """
            An expectation file (NAME.expect.yaml, see `almanac test`) is checked against its spec, \
            without running its assertions. \
            Without a window, check validates the YAML, every key and value, the rules' meaning \
            (E01xx-E05xx and their warnings), and measures the phone budgets (W0604 regions, W0605 pending \
            notifications) over the default window (today, for the spec's horizon, else 30 days): those are \
            properties of the spec, so "no problems" is never said of a spec that overflows a phone. With \
            --from, --to or --horizon it compiles each valid spec over that window in memory (nothing is \
            written) and reports everything compiling finds: max_fires exceeded (E0601), triggers with no \
            fire (W0602), daylight saving (W0603), the region and pending budgets (W0604, W0605).
            Exit codes: 0 valid; 1 errors (or warnings with --strict); 2 a file could not be read; 64 usage.
            """
    )

    @Argument(help: "Spec files to check (`-` reads standard input).")
    var specs: [String]

    @Option(help: "Output format.")
    var format: DiagnosticFormat = .text

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    /// Given, the specs are also compiled over this window.
    @OptionGroup var window: WindowOptions

    func validate() throws {
        if specs.isEmpty { throw ValidationError("give at least one spec file") }
    }

    func run() throws {
        let renderer = DiagnosticRenderer(format: format, colour: format == .text && Terminal.wantsColour(1))
        var results: [(SourceFile, [Diagnostic])] = []
        // Each valid spec's triggers explained, for the JSON report.
        var triggers: [JSONValue] = []
        var unreadable = 0
        var expectationFiles = 0
        // Read once: every spec of a run is measured from the same instant, even across midnight.
        let now = try Clock.now()
        for path in specs {
            if TestCommand.specPath(for: path) != path {
                // An expectation file: its form, against the spec beside it (nothing is run).
                expectationFiles += 1
                switch checkExpectations(path) {
                case nil: unreadable += 1
                case let checked?: results += checked
                }
                continue
            }
            let bytes: [UInt8]
            do {
                bytes = try Files.read(path)
            } catch {
                Terminal.writeError("\(error)")
                unreadable += 1
                continue
            }
            let file = SourceFile(path: path == "-" ? "<stdin>" : path, bytes: bytes)
            let result = SpecLoader.load(file)
            var diagnostics = result.diagnostics
            if let schedule = result.schedule {
                let compiled = try compileDiagnostics(schedule, now: now)
                // Without a window only the budgets, which do not depend on the window chosen.
                diagnostics += window.isGiven ? compiled : compiled.filter { [.regionBudget, .pendingBudget].contains($0.code) }
            }
            results.append((file, diagnostics))
            if format == .json, let schedule = result.schedule {
                triggers += Explainer.explain(schedule).map { e in
                    .object([
                        "file": .string(file.path), "id": .string(e.id), "kind": .string(e.kind), "explanation": .string(e.text),
                    ])
                }
            }
        }
        switch format {
        case .json:
            Terminal.writeOut(renderer.renderJSON(results, triggers: triggers))
        case .text, .github:
            for (file, diagnostics) in results { Terminal.writeOut(renderer.render(diagnostics, in: file)) }
            if format == .text {
                let errors = results.flatMap(\.1).filter { $0.severity == .error }.count
                let warnings = results.flatMap(\.1).filter { $0.severity == .warning }.count
                let specCount = results.count - expectationFiles
                var files = specCount == 1 ? "1 spec" : "\(specCount) specs"
                if expectationFiles > 0 {
                    files += " and \(expectationFiles) expectation file\(expectationFiles == 1 ? "" : "s")"
                }
                var summary =
                    errors + warnings == 0
                    ? "\(files) checked: no problems"
                    : "\(files) checked: \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
                // Never "no problems" alone when a file given was not checked at all.
                if unreadable > 0 { summary += "; \(unreadable) file\(unreadable == 1 ? "" : "s") could not be read" }
                Terminal.writeErr(summary + "\n")
            }
        }
        if unreadable > 0 { throw ExitCode(2) }
        let failed = results.contains { r in r.1.contains { $0.severity == .error || (strict && $0.severity == .warning) } }
        if failed { throw ExitCode(1) }
    }

    /// The problems of the expectation file at `path`, read against its spec (`NAME.yaml` beside
    /// `NAME.expect.yaml`); the spec's own errors instead when it has some and is not checked in
    /// this run anyway. Nil (after a message) when either file cannot be read.
    func checkExpectations(_ path: String) -> [(SourceFile, [Diagnostic])]? {
        let spec = TestCommand.specPath(for: path)
        let specFile: SourceFile, file: SourceFile
        do {
            specFile = SourceFile(path: spec, bytes: try Files.read(spec))
            file = SourceFile(path: path, bytes: try Files.read(path))
        } catch {
            Terminal.writeError("cannot check \(path) against its spec \(spec): \(error)")
            return nil
        }
        let loaded = SpecLoader.load(specFile)
        guard let schedule = loaded.schedule else {
            return specs.contains(spec) ? [] : [(specFile, loaded.diagnostics)]
        }
        let (_, diagnostics) = ExpectationReader.read(
            file, triggerIDs: schedule.triggers.map(\.id), blackouts: loaded.blackouts, specPath: spec)
        return [(file, diagnostics)]
    }

    /// What compiling `schedule` over the window (read at `now` when not given whole) finds; the
    /// fires themselves are dropped.
    func compileDiagnostics(_ schedule: Schedule, now: Instant) throws -> [Diagnostic] {
        let window = try self.window.window(for: schedule, now: now)
        do {
            let expansion = try Compiler().prepare(schedule, specSHA256: "", window: window)
            return try expansion.run { _ in }.diagnostics
        } catch let error as CompileError {
            return error.diagnostics
        }
    }
}
