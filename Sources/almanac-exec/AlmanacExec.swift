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
            Exit codes (every subcommand): 0 ok; 1 simulate: a command failed or timed out, reconcile: the \
            plan has ended or ends within min_coverage; 2 the plan could not be read or the executor could \
            not run; 64 usage (an unknown option, a time or duration that does not parse).
            """,
        version: ToolVersion.line("almanac-exec"),
        subcommands: [
            ReconcileCommand.self, RunCommand.self, SimulateCommand.self, PendingCommand.self, MigrateCommand.self, DeployCommand.self,
            StatusCommand.self, ServeCommand.self,
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
        var command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            SignalWatcher.unblock()
            exit(withError: error)
        }
        if !(command is RunCommand || command is ServeCommand) { SignalWatcher.unblock() }
        do {
            try command.run()
        } catch let error as ValidationError {
            // Found while running (`--from` after `--until`, a store address): the message, not the
            // root command's generic usage that ArgumentParser would print.
            SignalWatcher.unblock()
            printError(error.message)
            Self.exit(withError: ExitCode(64))
        } catch {
            SignalWatcher.unblock()
            exit(withError: error)
        }
    }
}
