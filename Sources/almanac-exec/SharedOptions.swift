import AlmanacExecutor
import AlmanacPlan
import AlmanacTime
import ArgumentParser
import Foundation

/// Backend selection, shared by the commands that drive a backend.
struct BackendOptions: ParsableArguments {
    @Option(help: "spy, stdout or exec.")
    var backend = "stdout"

    @Option(help: "Spy backend: write every call as a JSON line to this file.")
    var record: String?

    @Option(help: "Exec backend: seconds (or 90s, 5m…) before a command is terminated.")
    var timeout = "60s"

    @Option(help: "Exec backend: commands allowed to run at once.")
    var jobs = 4

    @Argument(parsing: .postTerminator, help: "Exec backend: the command and its arguments, after --.")
    var command: [String] = []

    func validate() throws {
        guard TimeArgument.duration(timeout) != nil else { throw ValidationError("--timeout: '\(timeout)' is not a duration") }
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        if backend == "spy" && record == nil { throw ValidationError("--backend spy needs --record FILE") }
        if backend == "exec" && command.isEmpty { throw ValidationError("--backend exec needs a command after --") }
        guard BackendRegistry.standard.names.contains(backend) else {
            throw ValidationError("unknown backend '\(backend)'; expected one of \(BackendRegistry.standard.names.joined(separator: ", "))")
        }
    }

    /// The backend, exec outcomes reported to `onOutcome`; `buffered` (simulate) writes spy and
    /// stdout lines in blocks rather than each at once.
    func make(buffered: Bool = false, onOutcome: @escaping @Sendable (FireOutcome) -> Void = { _ in }) throws -> any Backend {
        var configuration = BackendRegistry.Configuration()
        configuration.recordPath = record
        configuration.command = command
        configuration.environment = ProcessInfo.processInfo.environment
        configuration.timeout = TimeArgument.duration(timeout) ?? 60
        configuration.maxConcurrent = jobs
        configuration.onOutcome = onOutcome
        configuration.bufferOutput = buffered
        return try orExit { try BackendRegistry.standard.make(backend, configuration) }
    }
}

/// Opens the plan (its header read and checked, its fires read as needed), reporting an unreadable
/// one with exit status 2.
func loadPlan(_ path: String) throws -> PlanFireSource {
    try orExit(prefix: "\(path): ") { try PlanFireSource.open(path: path) }
}

/// Runs `body`; a plan or executor error is printed and becomes exit status 2.
func orExit<R>(prefix: String = "", _ body: () throws -> R) throws -> R {
    do {
        return try body()
    } catch let error as PlanError {
        printError(prefix + error.description)
        throw ExitCode(2)
    } catch let error as ExecutorError {
        printError(prefix + error.description)
        throw ExitCode(2)
    }
}

func printError(_ message: String) {
    FileHandle.standardError.write(Data("almanac-exec: \(message)\n".utf8))
}

/// Parses an instant argument or fails as a usage error.
func parseInstant(_ text: String, _ option: String) throws -> Instant {
    guard let instant = TimeArgument.instant(text) else {
        throw ValidationError("\(option): '\(text)' is not an RFC 3339 instant like 2026-11-23T09:00:00Z")
    }
    return instant
}
