import AlmanacInterchange
import AlmanacModel
import AlmanacPlan
import AlmanacSpec
import ArgumentParser

extension ImportFormat: ExpressibleByArgument {}

/// `almanac import crontab|systemd|k8s|ics FILE [-o SPEC]`: another scheduler's file as a spec.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write a spec from a crontab, a systemd timer, Kubernetes CronJobs or an iCalendar file.",
        discussion: """
            The spec says in YAML comments what the importer decided (the zone, what daylight saving \
            does, what has no equivalent), and passes `almanac check`: it is checked before it is written. \
            What cannot be expressed is an error located in the source file. \
            Exit codes: 0 written; 1 the source has errors; 2 could not read or write; 64 usage.
            """
    )

    @Argument(help: "The source format: crontab, systemd (a .timer unit), k8s (CronJob manifests) or ics.")
    var format: ImportFormat

    @Argument(help: "The source file (`-` reads standard input).")
    var file: String

    @Option(name: .shortAndLong, help: "Write the spec here (default: standard output).")
    var output: String?

    @Option(help: "The zone the source's machine runs in, for lines that name none (cron, systemd, floating iCalendar times).")
    var timezone: String?

    @Flag(help: "A system crontab (a user field after the five time fields); the default for /etc/crontab and /etc/cron.d/*.")
    var system = false

    @Option(help: "The spec's `name` (default: the file's base name).")
    var name: String?

    @Option(name: .customLong("diagnostics-format"), help: "How diagnostics print on standard error: text, json or github.")
    var diagnosticsFormat: DiagnosticFormat = .text

    func validate() throws {
        if let timezone, !ZoneNames.isKnown(timezone) {
            throw ValidationError("--timezone: '\(timezone)' is not a zone of the IANA database (`Europe/Paris`, `UTC`)")
        }
    }

    func run() throws {
        let source = try SpecSession.source(file)
        let base = source.path.split(separator: "/").last.map(String.init) ?? "imported"
        let stem = base.split(separator: ".").first.map(String.init) ?? base
        let systemCrontab = system || file == "/etc/crontab" || file.hasPrefix("/etc/cron.d/")
        let result = Importer.run(format, source, timezone: timezone, name: name ?? stem, systemCrontab: systemCrontab)
        let renderer = DiagnosticRenderer(format: diagnosticsFormat, colour: diagnosticsFormat == .text && Terminal.wantsColour(2))
        if !result.diagnostics.isEmpty { Terminal.writeErr(renderer.render(result.diagnostics, in: source)) }
        guard let spec = result.spec else { throw ExitCode(1) }
        // What is written passes `almanac check`; a spec that would not is reported, not written.
        let written = SourceFile(path: output ?? "<import>", text: spec)
        let check = SpecLoader.load(written)
        if !check.diagnostics.isEmpty { Terminal.writeErr(renderer.render(check.diagnostics, in: written)) }
        if check.hasErrors { throw ExitCode(1) }
        if let output {
            do {
                try OutputFile.write(Array(spec.utf8), to: output)
            } catch {
                Terminal.writeError("\(error)")
                throw ExitCode(2)
            }
        } else {
            Terminal.writeOut(spec)
        }
    }
}
