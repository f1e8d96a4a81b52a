import AlmanacExplain
import AlmanacPlanDiff
import AlmanacModel
import AlmanacCompiler
import AlmanacPlan
import AlmanacSpec
import AlmanacTime
import ArgumentParser

/// `almanac diff OLD NEW`: what changed between two plans, or two specs compiled over one window.
struct DiffCommand: ParsableCommand {
    /// How the difference is printed.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, markdown
    }

    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show the fires added, removed and moved between two plans (or two specs), per trigger.",
        discussion: """
            OLD and NEW are plan files, or spec files (a .yaml or .yml path), compiled in memory over the same \
            window: --from/--to/--horizon when given, else the window of the side that is a plan, else the \
            spec's default (today, its horizon). Exit codes: 0 same; 1 different (or a spec has errors); \
            2 could not run (unreadable or invalid plan); 64 usage. When a spec has errors, the problems of \
            both specs are printed (with --format json, as one JSON diagnostics document on standard output) \
            and nothing is compared.
            """
    )

    @Argument(help: "The old plan or spec.")
    var old: String

    @Argument(help: "The new plan or spec.")
    var new: String

    @Option(help: "Output format.")
    var format: Format = .text

    /// Applies only when a side is a spec.
    @OptionGroup var window: WindowOptions

    @Option(help: "Fire changes listed per trigger; the rest are counted. Default: 20, all for json.")
    var limit: Int?

    func validate() throws {
        if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more") }
        if window.isGiven && !PlanInput(old).isSpec && !PlanInput(new).isSpec {
            throw ValidationError("--from, --to and --horizon apply only when OLD or NEW is a spec (.yaml or .yml)")
        }
    }

    func run() throws {
        // Plans are opened (their headers read) first, so an unreadable plan exits 2 before any spec is compiled.
        let oldPlan = PlanInput(old).isSpec ? nil : try PlanFiles.open(old)
        let newPlan = PlanInput(new).isSpec ? nil : try PlanFiles.open(new)
        let sessions = try SpecSession.validateSides([old, new], format: format == .json ? .json : .text)
        let (oldSession, newSession) = (sessions[0], sessions[1])
        let shared = try PlanFiles.sharedWindow(plans: [newPlan, oldPlan], sessions: [newSession, oldSession], window: window)
        let limit = self.limit ?? (format == .json ? Int.max : 20)
        let diff = try PlanFiles.diff(
            try oldPlan ?? PlanFiles.compile(oldSession!, over: shared!),
            try newPlan ?? PlanFiles.compile(newSession!, over: shared!), paths: (old, new), listing: limit,
            spill: format == .json)
        let options = PlanDiffOptions(
            oldLabel: old, newLabel: new, limit: limit,
            colour: format == .text && Terminal.wantsColour(1),
            oldRules: format == .markdown ? Self.rules(oldSession) : [:],
            newRules: format == .markdown ? Self.rules(newSession) : [:])
        switch format {
        case .text: Terminal.writeOut(PlanDiffText.render(diff, options))
        case .json:
            var out = FileSink(fileDescriptor: 1, bufferCapacity: 1 << 16)
            do {
                try PlanDiffJSON.write(diff, options) { piece in
                    var piece = piece
                    try piece.withUTF8 { try out.write($0) }
                }
                try out.flush()
            } catch let error as ScratchFile.Failure {
                Terminal.writeError("\(error)")
                throw ExitCode(2)
            }
        case .markdown: Terminal.writeOut(PlanDiffMarkdown.render(diff, options))
        }
        if !diff.isEmpty { throw ExitCode(1) }
    }

    /// Each trigger's explanation by id, for a side that is a spec.
    static func rules(_ session: SpecSession?) -> [String: String] {
        guard let session else { return [:] }
        return Dictionary(Explainer.explain(session.schedule).map { ($0.id, $0.text) }, uniquingKeysWith: { a, _ in a })
    }
}
