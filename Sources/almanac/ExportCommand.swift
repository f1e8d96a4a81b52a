import AlmanacCompiler
import AlmanacInterchange
import AlmanacModel
import AlmanacPlan
import ArgumentParser
import Foundation

/// `almanac export ics|systemd|k8s|crontab SPEC|PLAN`: the schedule in another scheduler's format,
/// with a located loss report for every trigger that does not carry over exactly.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a spec (or, for ics, a plan) to iCalendar, systemd timers, Kubernetes CronJobs or a crontab.",
        discussion: """
            Every trigger is translated exactly or reported: a located diagnostic names what does not carry \
            over. Without --lossy such a trigger is an error and nothing is written; with it the losses are \
            warnings and the file is written without the triggers that cannot be expressed at all. \
            See docs/interchange.md. \
            Exit codes: 0 ok; 1 the spec has errors or a trigger does not carry over; 2 could not run; 64 usage.
            """
    )

    @Argument(help: "The format: ics, systemd, k8s or crontab.")
    var format: ExportFormat

    @Argument(help: "The spec (`.yaml`), or for ics a plan file.")
    var input: String

    @Option(name: .shortAndLong, help: "Where to write: a file (`-` for standard output, the default); for systemd a directory.")
    var output: String = "-"

    @OptionGroup var window: WindowOptions

    @Flag(help: "Write what can be written and report losses as warnings instead of errors.")
    var lossy = false

    @Option(name: .customLong("command-key"), help: "The payload key holding a trigger's command (systemd, k8s, crontab).")
    var commandKey: String = "command"

    @Option(name: .customLong("exec"), help: "The command of triggers whose payload has none.")
    var exec: String?

    @Option(help: "k8s: the container image of triggers whose payload has no `image`.")
    var image: String?

    @Option(help: "ics: a display alarm this long before each event (`10m`, `PT1H`).")
    var alarm: String?

    @Flag(help: "crontab: convert times to UTC (no CRON_TZ=) where that is exact.")
    var utc = false

    @Option(help: "systemd: the misfire intent of triggers whose payload has no `misfire`: skip, once or all (Persistent=).")
    var misfire: String = "skip"

    @OptionGroup var diagnostics: DiagnosticsFormatOption

    func validate() throws {
        if !["skip", "once", "all"].contains(misfire) { throw ValidationError("--misfire must be skip, once or all, not '\(misfire)'") }
        if let alarm, alarmSeconds(alarm) == nil { throw ValidationError("--alarm must be a duration such as 10m or PT1H, not '\(alarm)'") }
        if format.writesDirectory && output != "-" {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory) && !isDirectory.boolValue {
                throw ValidationError("-o for systemd is a directory; \(output) is a file")
            }
        }
    }

    func alarmSeconds(_ text: String) -> Int64? {
        guard case .success(let length) = ValueSyntax.windowLength(text) else { return nil }
        let seconds = length.days * 86_400 + length.seconds
        return seconds >= 0 ? seconds : nil
    }

    func run() throws {
        let options = ExportOptions(
            commandKey: commandKey, exec: exec, image: image, alarmSeconds: alarm.flatMap(alarmSeconds), utc: utc, misfire: misfire)
        switch format.source {
        case .fires: try exportCalendar(options)
        case .rules(let rules):
            guard PlanInput(input).isSpec else {
                // A plan holds fires, not the rules a rule format needs: a usage error, in the catalogue's words.
                let colour = diagnostics.format == .text && Terminal.wantsColour(2)
                let renderer = DiagnosticRenderer(format: diagnostics.format, colour: colour)
                let refused = Diagnostic(.exportRefusedPlanRules(format: rules.rawValue), at: nil)
                Terminal.writeErr(renderer.render([refused], in: SourceFile(path: input, bytes: [])))
                throw ExitCode(64)
            }
            let session = try SpecSession.load(input, format: diagnostics.format)
            let result = Exporter.export(session.schedule, format: rules, options: options)
            let losses = Exporter.severities(result.diagnostics, lossy: lossy)
            session.report(losses)
            if losses.contains(where: { $0.severity == .error }) { throw ExitCode(1) }
            try write(result.files)
        }
    }

    /// ics: the fires of a plan file, or of the spec compiled over the window, streamed as a calendar.
    func exportCalendar(_ options: ExportOptions) throws {
        if !PlanInput(input).isSpec {
            let source = try PlanFiles.open(input)
            do {
                try writeCalendar(source.header, alarmSeconds: options.alarmSeconds) { add in
                    let cursor = try source.cursor()
                    while let fire = try cursor.next() { try add(fire) }
                }
            } catch let error as PlanError {
                throw PlanFiles.failure(error, path: input)
            }
            return
        }
        let session = try SpecSession.load(input, format: diagnostics.format)
        let window = try self.window.window(for: session, now: try Clock.now())
        let expansion = try session.prepare(over: window)
        do {
            try writeCalendar(expansion.header, alarmSeconds: options.alarmSeconds) { add in _ = try expansion.run(add) }
        } catch let error as CompileError {
            session.report(error.diagnostics)
            throw ExitCode(1)
        }
    }

    /// Streams a calendar: `fires` hands each fire to the writer in plan order. To -o atomically
    /// (only when its bytes change), or to standard output once complete; an error from `fires`
    /// (a plan line that cannot be read, a compile over its budget) leaves nothing written.
    func writeCalendar(_ header: Plan, alarmSeconds: Int64?, fires: ((Fire) throws -> Void) throws -> Void) throws {
        /// A write that failed, told apart from the errors of reading fires.
        struct WriteFailure: Error { var error: PlanError }
        func writing<T>(_ body: () throws -> T) throws -> T {
            do { return try body() } catch let error as PlanError { throw WriteFailure(error: error) }
        }
        do {
            if output == "-" {
                let spool = try writing { try StandardOutputSpool() }
                var writer = ExportICS.Writer(header, alarmSeconds: alarmSeconds, into: spool.sink())
                try fires { fire in try writing { try writer.add(fire) } }
                _ = try writing { try writer.finish() }
                try writing { try spool.copyToStandardOutput() }
                return
            }
            let destination = try writing { try OutputFile(output) }
            TemporaryFileCleanup.arm(destination.temporaryPath)
            defer {
                destination.discard()
                TemporaryFileCleanup.disarm()
            }
            var writer = ExportICS.Writer(header, alarmSeconds: alarmSeconds, into: try writing { try destination.openSink() })
            try fires { fire in try writing { try writer.add(fire) } }
            try writing {
                try writer.finish().close()
                try destination.commit()
            }
        } catch let failure as WriteFailure {
            Terminal.writeError("\(failure.error)")
            throw ExitCode(2)
        }
    }

    /// Writes the files: to standard output (several after `# file:` lines), to -o, or into the
    /// -o directory for systemd. Each file is written atomically.
    func write(_ files: [ExportFile]) throws {
        do {
            if output == "-" {
                let text = ExportResult(files: files, diagnostics: []).joinedText
                Terminal.writeOut(text)
            } else if format.writesDirectory {
                try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
                for file in files { try OutputFile.write(Array(file.text.utf8), to: output + "/" + file.name) }
            } else {
                try OutputFile.write(Array(files.map(\.text).joined().utf8), to: output)
            }
        } catch let error as PlanError {
            Terminal.writeError("\(error)")
            throw ExitCode(2)
        } catch {
            Terminal.writeError("cannot write \(output): \(error.localizedDescription)")
            throw ExitCode(2)
        }
    }
}

extension ExportFormat: ExpressibleByArgument {}
