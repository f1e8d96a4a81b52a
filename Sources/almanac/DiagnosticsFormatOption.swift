import AlmanacModel
import ArgumentParser

/// `--diagnostics-format` for the commands whose output is something else (`compile` writes a plan,
/// `next` a table), so that `--format` always names what a command prints: diagnostics for `check`,
/// the difference for `diff`. The old `--format` still works here, with a warning.
struct DiagnosticsFormatOption: ParsableArguments {
    @Option(name: .customLong("diagnostics-format"), help: "How diagnostics print on standard error: text, json or github.")
    var value: DiagnosticFormat = .text

    @Option(name: .customLong("format"), help: .hidden)
    var legacy: DiagnosticFormat?

    /// The format chosen, by either spelling.
    var format: DiagnosticFormat { legacy ?? value }

    func validate() throws {
        if legacy != nil {
            Terminal.writeError("warning: --format is now --diagnostics-format for this command; --format will be removed")
        }
    }
}
