import AlmanacModel
import AlmanacCommandLine
import AlmanacCompiler
import AlmanacPlan
import AlmanacSpec
import AlmanacTime
import ArgumentParser
import Foundation

/// One spec on its way through the front end, as the commands share it: read, validate, report.
struct SpecSession {
    let file: SourceFile
    let schedule: Schedule
    let renderer: DiagnosticRenderer

    /// Reads and validates `path`, printing diagnostics to stderr. Exits 2 when the file cannot be
    /// read and 1 when the spec has errors.
    static func load(_ path: String, format: DiagnosticFormat = .text) throws -> SpecSession {
        let (file, result) = try validate(path)
        let renderer = DiagnosticRenderer(format: format, colour: format == .text && Terminal.wantsColour(2))
        if !result.diagnostics.isEmpty { Terminal.writeErr(renderer.render(result.diagnostics, in: file)) }
        guard let schedule = result.schedule else { throw ExitCode(1) }
        return SpecSession(file: file, schedule: schedule, renderer: renderer)
    }

    /// Reads and validates `path` without printing; exits 2 when the file cannot be read, and 64 when
    /// it is an expectation file (`NAME.expect.yaml`), naming the spec it belongs to.
    static func validate(_ path: String) throws -> (SourceFile, SpecLoader.Result) {
        if isExpectationFile(path) {
            throw ValidationError(
                "\(path) is an expectation file (`almanac test`), not a spec; give its spec, \(TestCommand.specPath(for: path))")
        }
        let file = try source(path)
        return (file, SpecLoader.load(file))
    }

    /// The bytes of `path` (`-`: standard input, named `<stdin>`) as a source file; exits 2 saying
    /// why when it cannot be read.
    static func source(_ path: String) throws -> SourceFile {
        do {
            return SourceFile(path: path == "-" ? "<stdin>" : path, bytes: try Files.read(path))
        } catch {
            Terminal.writeError("\(error)")
            throw ExitCode(2)
        }
    }

    /// The sides of a comparison that are specs (nil for a plan), all validated before any is
    /// reported, so one run shows the problems of every side; exits 1 when one has errors. As text,
    /// each side's diagnostics go to standard error; as JSON, the problems are one document on
    /// standard output, printed only when there are errors (a reader gets that or the result).
    static func validateSides(_ paths: [String?], format: DiagnosticFormat) throws -> [SpecSession?] {
        let sides = try paths.map { path in path.map(PlanInput.init)?.isSpec == true ? try validate(path!) : nil }
        let checked = sides.compactMap { $0 }
        let renderer = DiagnosticRenderer(format: format, colour: format == .text && Terminal.wantsColour(2))
        let failed = checked.contains { $0.1.schedule == nil }
        if format == .json {
            if failed { Terminal.writeOut(renderer.renderJSON(checked.map { ($0.0, $0.1.diagnostics) })) }
        } else {
            for (file, result) in checked where !result.diagnostics.isEmpty {
                Terminal.writeErr(renderer.render(result.diagnostics, in: file))
            }
        }
        if failed { throw ExitCode(1) }
        return sides.map { side in side.map { SpecSession(file: $0.0, schedule: $0.1.schedule!, renderer: renderer) } }
    }

    /// Prints diagnostics found after validation (compile warnings, a located compile error).
    func report(_ diagnostics: [Diagnostic]) {
        if !diagnostics.isEmpty { Terminal.writeErr(renderer.render(diagnostics, in: file)) }
    }

    /// The compile of `schedule` (the session's own unless given) over `window`, prepared to run;
    /// a compile error is reported at its place and exits 1.
    func prepare(_ schedule: Schedule? = nil, over window: Window) throws -> Expansion {
        do {
            return try Compiler().prepare(schedule ?? self.schedule, specSHA256: sha256, window: window)
        } catch let error as CompileError {
            report(error.diagnostics)
            throw ExitCode(1)
        }
    }

    /// Exits 1 after naming the first of `ids` the spec has no trigger for (with a did-you-mean).
    func requireTriggers(_ ids: [String], spec: String) throws {
        let known = Set(schedule.triggers.map(\.id))
        if let first = ids.first(where: { !known.contains($0) }) {
            Terminal.writeError("no trigger '\(first)' in \(spec)\(Suggestion.hint(for: first, among: known.sorted()))")
            throw ExitCode(1)
        }
    }

    var sha256: String { SHA256.hex(of: file.bytes) }

    /// `NAME.expect.yaml` (or `.yml`) beside a spec: what `check` checks against its spec, `test`
    /// tests the spec of, `compile` skips, and the other commands refuse as a spec.
    static func isExpectationFile(_ path: String) -> Bool { TestCommand.specPath(for: path) != path }

    /// The zone in which `today` and dates on the command line are read: the spec's, else UTC.
    var zone: String { schedule.timezone ?? "UTC" }
}

/// The current instant, read by the executable: `SOURCE_DATE_EPOCH` pins it (`SourceDateEpoch`).
enum Clock {
    static func now() throws -> Instant {
        try SourceDateEpoch.now(environment: ProcessInfo.processInfo.environment) { Date().timeIntervalSince1970 }
    }
}

/// A duration on the command line (`30d`, `PT12H`).
struct DurationArgument: ExpressibleByArgument {
    /// Days and weeks are calendar days in the spec's zone; hours and smaller are elapsed.
    var length: WindowLength
    var text: String

    init?(argument: String) {
        guard case .success(let length) = ValueSyntax.windowLength(argument) else { return nil }
        self.length = length
        text = argument
    }
}

/// `--from`, `--to`, `--horizon`, shared by `compile`, `next` and `diff`.
struct WindowOptions: ParsableArguments {
    @Option(help: "Window start: an RFC 3339 instant, a date (local midnight in the spec's zone), `today` or `now`; default: today.")
    var from: TimePoint?

    @Option(help: "Window end (exclusive), in the same forms as --from.")
    var to: TimePoint?

    @Option(help: "Window length instead of --to (`30d`, `1w`, `PT12H`); default: the spec's `horizon`, else 30d.")
    var horizon: DurationArgument?

    func validate() throws {
        if to != nil && horizon != nil { throw ValidationError("give --to or --horizon, not both") }
    }

    /// True when any of the three was given on the command line.
    var isGiven: Bool { from != nil || to != nil || horizon != nil }

    /// The flags as given, to repeat in a hint (`--from 2026-11-23 --horizon 30d`).
    var flags: String {
        var words: [String] = []
        if let from { words += ["--from", from.text] }
        if let to { words += ["--to", to.text] }
        if let horizon { words += ["--horizon", horizon.text] }
        return words.joined(separator: " ")
    }

    func window(for session: SpecSession, now: Instant) throws -> Window {
        try window(for: session.schedule, now: now)
    }

    func window(for schedule: Schedule, now: Instant) throws -> Window {
        let request = WindowRequest(from: from ?? .today, to: to, horizon: horizon?.length)
        let zone = schedule.timezone ?? "UTC"
        guard let window = request.resolve(now: now, zone: zone, specHorizon: schedule.horizon) else {
            // Say which instants the flags named: `--to 2026-11-20` may be a day the reader took for later.
            let start = (from ?? .today).resolve(now: now, zone: zone).map { " (\($0))" } ?? ""
            let fromText = from.map { "--from \($0.text)" } ?? "--from today"
            if let to {
                let end = to.resolve(now: now, zone: zone).map { " (\($0))" } ?? ""
                throw ValidationError(
                    "the window is empty: --to \(to.text)\(end) is not after \(fromText)\(start); give a later --to, or --horizon")
            }
            throw ValidationError("the window is empty: it would end at or before its start, \(fromText)\(start)")
        }
        return window
    }
}
