import AlmanacPlan
import ArgumentParser
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The compiler's command line: `check`, `compile`, `next`, `explain`, `test`, `diff`, `export`, `import`, `render`, `schema`,
/// `generate`.
@main
struct Almanac: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "almanac",
        abstract: "Compile YAML schedule specs into deterministic plan files.",
        discussion: "Exit codes: 0 ok; 1 the input has errors, or differences (diff, --check); 2 could not run; 64 usage.",
        version: ToolVersion.line("almanac"),
        subcommands: [
            CompileCommand.self, CheckCommand.self, NextCommand.self, ExplainCommand.self, TestCommand.self, DiffCommand.self,
            ExportCommand.self,
            SchemaCommand.self, RenderCommand.self,
            GenerateCommand.self, ImportCommand.self,
        ]
    )

    static func main() {
        // A write past the file-size limit (`ulimit -f`) must fail as an error the command reports
        // (EFBIG: exit 2, the temporary file removed), not kill the process with SIGXFSZ half-way
        // through a plan. (A closed pipe keeps its default: `almanac compile … | head` ends quietly.)
        signal(SIGXFSZ, SIG_IGN)
        var command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            exit(withError: error)
        }
        do {
            try command.run()
        } catch let error as ValidationError {
            // Found while running (an empty window, SOURCE_DATE_EPOCH): the message is the news;
            // the root command's generic usage, which ArgumentParser would print, is not.
            Terminal.writeError(error.message)
            Self.exit(withError: ExitCode(64))
        } catch {
            exit(withError: error)
        }
    }
}
