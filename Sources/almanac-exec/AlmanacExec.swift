import AlmanacPlan
import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@main
struct AlmanacExec: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "almanac-exec",
        abstract: "Execute Almanac plans: reconcile, run, simulate.",
        discussion: """
            Times (--now, --from, --until) are RFC 3339 instants (a fraction of a second is truncated), dates \
            (local midnight in the plan's zone when all its triggers share one, else UTC), `today` or `now`; \
            SOURCE_DATE_EPOCH pins `now`.
            Exit codes (every subcommand): 0 ok; 2 the plan could not be read or the executor could not run; \
            64 usage (an unknown option, a time or duration that does not parse).
            """,
        version: ToolVersion.line("almanac-exec"),
        subcommands: [
            ReconcileCommand.self, RunCommand.self, SimulateCommand.self, PendingCommand.self, MigrateCommand.self, DeployCommand.self,
            StatusCommand.self,
        ]
    )

    /// Blocks the daemon's signals before anything else runs (argument parsing, the first plan load,
    /// any thread), so an early SIGHUP or SIGTERM waits for the signal watcher instead of killing
    /// the process; other commands get the default dispositions back.
    static func main() {
        // Every command writes to pipes (stdout, a command's input): a closed one is an error, not death.
        signal(SIGPIPE, SIG_IGN)
        // A journal or record write past the file-size limit (`ulimit -f`) fails with EFBIG, is
        // logged and cut back like a full disk, instead of killing the daemon with SIGXFSZ.
        signal(SIGXFSZ, SIG_IGN)
        SignalWatcher.block()
        do {
            var command = try parseAsRoot()
            if !(command is RunCommand) { SignalWatcher.unblock() }
            try command.run()
        } catch {
            SignalWatcher.unblock()
            exit(withError: error)
        }
    }
}
