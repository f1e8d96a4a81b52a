import AlmanacExplain
import AlmanacModel
import ArgumentParser

/// `almanac explain SPEC [TRIGGER...]`: each trigger in one English sentence, from the model.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain each trigger of a spec in one English sentence.",
        discussion: """
            The sentence is derived from the checked model (the rule, its zone, bounds, except, during, \
            jitter and what daylight saving does to it), never from the text. \
            Exit codes: 0 ok; 1 the spec has errors or a trigger is unknown; 2 could not run; 64 usage.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "The spec file.")
    var spec: String

    @Argument(help: "Only these triggers (default: all).")
    var triggers: [String] = []

    @Option(help: "Output format: text (`id: sentence` per line) or json.")
    var format: Format = .text

    @Option(name: .customLong("diagnostics-format"), help: "How diagnostics print on standard error: text, json or github.")
    var diagnosticsFormat: DiagnosticFormat = .text

    func run() throws {
        let session = try SpecSession.load(spec, format: diagnosticsFormat)
        try session.requireTriggers(triggers, spec: spec)
        // In the order asked for, else the spec's.
        let all = Explainer.explain(session.schedule, ids: triggers)
        let explanations = triggers.isEmpty ? all : triggers.compactMap { id in all.first { $0.id == id } }
        switch format {
        case .text: Terminal.writeOut(Explainer.text(explanations))
        case .json: Terminal.writeOut(Explainer.json(explanations))
        }
    }
}
