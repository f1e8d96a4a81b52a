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
        if window.isGiven && !Self.isSpec(old) && !Self.isSpec(new) {
            throw ValidationError("--from, --to and --horizon apply only when OLD or NEW is a spec (.yaml or .yml)")
        }
    }

    static func isSpec(_ path: String) -> Bool { path.hasSuffix(".yaml") || path.hasSuffix(".yml") }

    func run() throws {
        // Plans are opened (their headers read) first, so an unreadable plan exits 2 before any spec is compiled.
        let oldPlan = Self.isSpec(old) ? nil : try PlanFiles.open(old)
        let newPlan = Self.isSpec(new) ? nil : try PlanFiles.open(new)
        let (oldSession, newSession) = try loadSpecs()
        let shared = try sharedWindow(
            plans: [newPlan, oldPlan].compactMap { $0?.header }, sessions: [newSession, oldSession].compactMap { $0 })
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

    /// The sides that are specs, validated both before either is reported, so that one run shows
    /// the problems of both; exits 1 when either has errors.
    func loadSpecs() throws -> (old: SpecSession?, new: SpecSession?) {
        let sides = try [old, new].map { path in Self.isSpec(path) ? try SpecSession.validate(path) : nil }
        let checked = sides.compactMap { $0 }
        let renderer = DiagnosticRenderer(
            format: format == .json ? .json : .text,
            colour: format == .text && Terminal.wantsColour(2))
        let failed = checked.contains { $0.1.schedule == nil }
        if format == .json {
            // A JSON reader of standard output gets one document either way: the diff, or the problems.
            if failed { Terminal.writeOut(renderer.renderJSON(checked.map { ($0.0, $0.1.diagnostics) })) }
        } else {
            for (file, result) in checked where !result.diagnostics.isEmpty {
                Terminal.writeErr(renderer.render(result.diagnostics, in: file))
            }
        }
        if failed { throw ExitCode(1) }
        let sessions = sides.map { side in
            side.map { SpecSession(file: $0.0, schedule: $0.1.schedule!, renderer: renderer) }
        }
        return (sessions[0], sessions[1])
    }

    /// The window both specs compile over; nil when no side is a spec.
    func sharedWindow(plans: [Plan], sessions: [SpecSession]) throws -> Window? {
        guard let session = sessions.first else { return nil }
        if !window.isGiven, let plan = plans.first { return plan.window }
        return try window.window(for: session, now: try Clock.now())
    }
}
