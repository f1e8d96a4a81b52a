import NIOConcurrencyHelpers

/// Runs an operation under a deadline that holds whatever the operation does: the caller gets the
/// operation's result, or an error at the deadline or at once when the calling task is cancelled —
/// without waiting for the operation, which runs in a task of its own and is told to give up
/// (`giveUp` closes its connection; its task is cancelled).
///
/// Structured concurrency would wait for the operation to notice; postgres-nio's awaits do not all
/// notice a closed connection or a cancellation (an executor and a test runner were seen suspended
/// for an hour, every thread idle, after their connection had been closed). An executor that must
/// stop within 2 s of SIGTERM and deliver again within a lease of an outage cannot depend on that,
/// so a stuck operation is abandoned — its task ends whenever the library lets it — and the caller
/// moves on with a new connection.
enum Deadline {
    /// The deadline passed first.
    struct Passed: Error {}

    /// Why the caller stopped waiting.
    enum Reason: Sendable { case deadline, cancelled }

    /// `operation`'s result, or `Passed` after `seconds` (nil: no deadline), or `CancellationError`.
    /// A result that arrives after the caller gave up goes to `discard` (a connection to close).
    static func run<T: Sendable>(
        seconds: Double?, giveUp: @escaping @Sendable (Reason) -> Void, discard: @escaping @Sendable (T) -> Void = { _ in },
        _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let state = NIOLockedValueBox(Waiting<T>())
        @Sendable func finish(_ result: Result<T, any Error>) -> Bool {
            let continuation = state.withLockedValue { state -> CheckedContinuation<T, any Error>?? in
                guard state.result == nil else { return nil }
                state.result = result
                defer { state.continuation = nil }
                return .some(state.continuation)
            }
            guard let continuation else { return false }
            continuation?.resume(with: result)
            return true
        }
        let work = Task {
            do {
                let value = try await operation()
                if !finish(.success(value)) { discard(value) }
            } catch {
                _ = finish(.failure(error))
            }
        }
        let timer = seconds.map { seconds in
            StoreTimer.after(seconds) {
                if finish(.failure(Passed())) {
                    giveUp(.deadline)
                    work.cancel()
                }
            }
        }
        defer { timer?.cancel() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                let early = state.withLockedValue { state -> Result<T, any Error>? in
                    if let result = state.result { return result }
                    state.continuation = continuation
                    return nil
                }
                if let early { continuation.resume(with: early) }
            }
        } onCancel: {
            if finish(.failure(CancellationError())) {
                giveUp(.cancelled)
                work.cancel()
            }
        }
    }

    /// Who resumes the caller, once, and with what.
    private struct Waiting<T: Sendable>: Sendable {
        var continuation: CheckedContinuation<T, any Error>?
        var result: Result<T, any Error>?
    }
}
