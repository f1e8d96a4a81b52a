import AlmanacModel
import AlmanacCompiler
import AlmanacPlan
import AlmanacPlanDiff
import AlmanacSpec
import ArgumentParser
import Foundation

/// `almanac compile SPEC`: the plan of a spec over a window.
struct CompileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compile",
        abstract: "Compile a spec into a plan file over a window.",
        discussion: """
            The plan goes to -o PLAN (written atomically, and only when its bytes change) or to standard \
            output. With --check nothing is written: the exit status says whether PLAN is up to date.
            An expectation file (NAME.expect.yaml, see `almanac test`) is skipped with a note, so a loop over \
            a folder's *.yaml compiles its specs only.
            Exit codes: 0 ok (or up to date); 1 the spec has errors, or PLAN is stale; 2 could not run; 64 usage.
            """
    )

    @Argument(help: "The spec file (`-` reads standard input).")
    var spec: String

    @Option(name: .shortAndLong, help: "Where to write the plan; `-` for standard output.")
    var output: String = "-"

    @OptionGroup var window: WindowOptions

    @Flag(help: "Compile in memory and exit 1 if PLAN differs, printing the difference.")
    var check = false

    @OptionGroup var diagnostics: DiagnosticsFormatOption

    func validate() throws {
        if check && output == "-" { throw ValidationError("--check needs -o PLAN: the plan to compare with") }
    }

    func run() throws {
        // Expectation files live beside specs, so `for spec in schedules/*.yaml` meets them: skipped,
        // as a loop over specs wants, with a note.
        if SpecSession.isExpectationFile(spec) {
            Terminal.writeError("\(spec) is an expectation file (`almanac test`), not a spec: nothing to compile")
            return
        }
        let session = try SpecSession.load(spec, format: diagnostics.format)
        let window = try self.window.window(for: session, now: try Clock.now())
        let expansion = try session.prepare(over: window)
        if output == "-" {
            do {
                try stream(expansion, session, to: FileSink(fileDescriptor: 1))
            } catch let error as PlanError {
                // Standard output could not take the plan (a full disk, `ulimit -f`): could not run.
                Terminal.writeError("\(error)")
                throw ExitCode(2)
            }
            return
        }
        // A regular PLAN is written beside itself and renamed over it, so no reader ever sees half
        // a plan; a device or pipe (`-o /dev/null`, a FIFO) is written in place.
        let destination: OutputFile
        do {
            destination = try OutputFile(output)
        } catch let error as PlanError {
            Terminal.writeError("\(error)")
            throw ExitCode(2)
        }
        if check {
            try compare(expansion, session, with: destination)
            return
        }
        TemporaryFileCleanup.arm(destination.temporaryPath)
        defer {
            destination.discard()
            TemporaryFileCleanup.disarm()
        }
        do {
            try stream(expansion, session, to: destination.openSink())
            try destination.commit()
        } catch let error as PlanError {
            Terminal.writeError("\(error)")
            throw ExitCode(2)
        }
    }

    /// `--check`: compiles into a temporary file beside PLAN and exits 1 when PLAN differs.
    func compare(_ expansion: Expansion, _ session: SpecSession, with destination: OutputFile) throws {
        // Beside PLAN, or in the temporary folder when PLAN is a device or pipe.
        let temporary = OutputFile.temporaryPath(
            beside: destination.isSpecial ? NSTemporaryDirectory() + "/almanac-check" : destination.target)
        TemporaryFileCleanup.arm(temporary)
        defer {
            unlink(temporary)
            TemporaryFileCleanup.disarm()
        }
        do {
            try stream(expansion, session, to: FileSink(path: temporary))
        } catch let error as PlanError {
            Terminal.writeError("\(error)")
            throw ExitCode(2)
        }
        // The window flags as given, else the window compiled (today's default changes daily).
        let window = expansion.header.window
        let flags = self.window.isGiven ? self.window.flags : "--from \(window.from) --to \(window.to)"
        let command = "almanac compile \(Self.quoted(spec)) \(flags) -o \(Self.quoted(output))"
        guard
            let stale = PlanStaleness.check(
                current: output, fresh: temporary, command: command,
                colour: Terminal.wantsColour(1))
        else { return }
        Terminal.writeOut(stale)
        throw ExitCode(1)
    }

    /// A path as a shell reads it back: quoted only when it needs to be.
    static func quoted(_ path: String) -> String {
        let plain = path.allSatisfy { $0.isLetter || $0.isNumber || "/._-+,:@".contains($0) }
        return plain && !path.isEmpty ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Writes the plan to `sink`, printing warnings; a compile error exits 1.
    func stream(_ expansion: Expansion, _ session: SpecSession, to sink: FileSink) throws {
        do {
            let (report, file) = try expansion.writePlan(into: sink)
            if file.fileDescriptor != 1 { try file.close() }
            session.report(report.diagnostics)
        } catch let error as CompileError {
            session.report(error.diagnostics)
            throw ExitCode(1)
        }
    }
}
