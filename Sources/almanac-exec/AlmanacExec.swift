import ArgumentParser

@main
struct AlmanacExec: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "almanac-exec",
        abstract: "Execute Almanac plans: reconcile, run, simulate.",
        subcommands: []
    )
}
