import AlmanacCommandLine
import ArgumentParser
import Foundation

/// `--store postgres://…` (or `ALMANAC_STORE`): the shared store, for the commands that can use one.
struct StoreOptions: ParsableArguments {
    @Option(help: "A shared PostgreSQL store, postgres://USER[:PASSWORD]@HOST[:PORT]/DB (default: $ALMANAC_STORE).")
    var store: String?

    /// `--store`, else `ALMANAC_STORE` when set and not empty.
    var address: String? {
        if let store { return store }
        let fromEnvironment = ProcessInfo.processInfo.environment["ALMANAC_STORE"]
        return fromEnvironment?.isEmpty == false ? fromEnvironment : nil
    }
}

/// `run --store`: the cluster's options.
struct ClusterOptions: ParsableArguments {
    @Option(help: "With --store: how long a claim lasts without a beat (a dead executor's fires are recovered after it).")
    var lease = "30s"

    @Option(
        help: ArgumentHelp(
            "With --store: a fire whose executor died after starting it is skipped (at most once) or run again (at least once, ALMANAC_ATTEMPT ≥ 2).",
            valueName: "skip|retry"))
    var inDoubt = "skip"

    @Option(help: "With --store: this executor's name in the store (default: HOST:PID).")
    var executorID: String?

    @Option(help: "With --store: the spec's identity in the store (default: the plan's spec name); see docs/cluster.md.")
    var specID: String?

    func validate() throws {
        guard let seconds = TimeArgument.duration(lease), seconds >= 1 else {
            throw ValidationError("--lease: '\(lease)' is not a duration of at least 1 s (like 30s or 2m)")
        }
        guard inDoubt == "skip" || inDoubt == "retry" else { throw ValidationError("--in-doubt must be skip or retry, not '\(inDoubt)'") }
        if let specID { try validateSpecID(specID) }
    }

    var leaseSeconds: Double { TimeArgument.duration(lease) ?? 30 }

    var resolvedExecutorID: String {
        executorID ?? "\(ProcessInfo.processInfo.hostName):\(ProcessInfo.processInfo.processIdentifier)"
    }
}

/// Runs `body` on the concurrency runtime and waits for it: the commands are synchronous
/// (ArgumentParser's `ParsableCommand`), the PostgreSQL client is async.
func blockOn<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
        do { box.result = .success(try await body()) } catch { box.result = .failure(error) }
        done.signal()
    }
    done.wait()
    return try box.result!.get()
}

/// The result of `blockOn`'s task: written by the task before it signals, read after the wait.
private final class ResultBox<T>: @unchecked Sendable {
    var result: Result<T, any Error>?
}

/// A spec id is a name: printable, no control characters, at most 200 bytes.
func validateSpecID(_ id: String) throws {
    guard !id.isEmpty, id.utf8.count <= 200,
        !id.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format })
    else { throw ValidationError("--spec-id: '\(id.debugDescription)' is not a spec id (1 to 200 bytes, no control or format characters)") }
}
