import AlmanacPlan
import ArgumentParser

/// The compiler's command line: `check`, `compile`, `next`, `diff`, `schema`.
@main
struct Almanac: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "almanac",
        abstract: "Compile YAML schedule specs into deterministic plan files.",
        discussion: "Exit codes: 0 ok; 1 the input has errors, or differences (diff, --check); 2 could not run; 64 usage.",
        version: ToolVersion.line("almanac"),
        subcommands: [CompileCommand.self, CheckCommand.self, NextCommand.self, DiffCommand.self, SchemaCommand.self]
    )
}
