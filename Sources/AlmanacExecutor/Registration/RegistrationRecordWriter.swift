import AlmanacPlan
import AlmanacRegistration
import AlmanacTime
import Foundation

/// Writes the registration record (`RegistrationRecord`) on a thread of its own, so a daemon's loop
/// never waits for the file's write and sync: the latest record given wins, one given while a write
/// runs replaces any still waiting, and `flush` returns once the latest is written.
// Measured (scripts/bench/delivery.sh, exec at 100 fires/s): a plan denser than the registration's
// budget is reconciled at every instant, and the record's write and fsync came before the instant's
// starts: 0.5-1 ms on the benchmark machine's disk, the 3-20 ms of a sync on a busy one.
public final class RegistrationRecordWriter: @unchecked Sendable {
    private let directory: String
    private let log: @Sendable (String) -> Void
    private let lock = Lock()
    private var latest: (registration: Reconciler.Registration, plan: Plan, now: Instant)?
    /// Whether the writing thread runs; it ends when no record waits.
    private var writing = false

    /// Writes into `directory`; failures go to `log` (the record is informative: `pending` reads it).
    public init(directory: String, log: @escaping @Sendable (String) -> Void) {
        self.directory = directory
        self.log = log
    }

    /// Writes `registration` soon, unless a later one comes first.
    public func submit(_ registration: Reconciler.Registration, plan: Plan, now: Instant) {
        lock.withLock {
            latest = (registration, plan, now)
            guard !writing else { return }
            writing = true
            Thread.detachNewThread { self.writeLatest() }
        }
    }

    /// Returns once the latest record given is written (or failed).
    public func flush() {
        lock.withLock {
            while writing { lock.wait() }
        }
    }

    private func writeLatest() {
        while true {
            let next = lock.withLock { () -> (registration: Reconciler.Registration, plan: Plan, now: Instant)? in
                guard let next = latest else {
                    writing = false
                    lock.broadcast()
                    return nil
                }
                latest = nil
                return next
            }
            guard let next else { return }
            do {
                try RegistrationRecord.write(next.registration, plan: next.plan, now: next.now, directory: directory)
            } catch {
                log("\(error)")
            }
        }
    }
}
