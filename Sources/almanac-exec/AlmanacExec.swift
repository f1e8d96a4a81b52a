import ArgumentParser

@main
struct AlmanacExec: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "almanac-exec",
        abstract: "Execute Almanac plans: reconcile, run, simulate.",
        discussion: "Exit codes: 0 ok; 2 the plan could not be read or the executor could not run; 64 usage.",
        subcommands: [ReconcileCommand.self, RunCommand.self, SimulateCommand.self, PendingCommand.self]
    )
}
