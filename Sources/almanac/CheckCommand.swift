import AlmanacSpec
import ArgumentParser

extension DiagnosticFormat: ExpressibleByArgument {}

/// `almanac check SPEC...`: validate only, every problem of every file in one run.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate specs and report every problem with its position.",
        discussion: "Exit codes: 0 valid; 1 errors (or warnings with --strict); 2 a file could not be read; 64 usage."
    )

    @Argument(help: "Spec files to check (`-` reads standard input).")
    var specs: [String]

    @Option(help: "Output format: text, json or github.")
    var format: DiagnosticFormat = .text

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    func validate() throws {
        if specs.isEmpty { throw ValidationError("give at least one spec file") }
    }

    func run() throws {
        let renderer = DiagnosticRenderer(format: format, colour: format == .text && Terminal.wantsColour(1))
        var results: [(SourceFile, [Diagnostic])] = []
        var couldNotRead = false
        for path in specs {
            let bytes: [UInt8]
            do {
                bytes = try Files.read(path)
            } catch {
                Terminal.writeErr("almanac: \(error)\n")
                couldNotRead = true
                continue
            }
            let file = SourceFile(path: path == "-" ? "<stdin>" : path, bytes: bytes)
            let result = SpecLoader.load(file)
            results.append((file, result.diagnostics))
        }
        switch format {
        case .json:
            Terminal.writeOut(renderer.renderJSON(results))
        case .text, .github:
            for (file, diagnostics) in results { Terminal.writeOut(renderer.render(diagnostics, in: file)) }
            if format == .text {
                let errors = results.flatMap(\.1).filter { $0.severity == .error }.count
                let warnings = results.flatMap(\.1).filter { $0.severity == .warning }.count
                let files = results.count == 1 ? "1 spec" : "\(results.count) specs"
                Terminal.writeErr(errors + warnings == 0 ? "\(files) checked: no problems\n"
                                  : "\(files) checked: \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")\n")
            }
        }
        if couldNotRead { throw ExitCode(2) }
        let failed = results.contains { r in r.1.contains { $0.severity == .error || (strict && $0.severity == .warning) } }
        if failed { throw ExitCode(1) }
    }
}
