import AlmanacExecutor
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The wall clock, and the mailbox through which signals and file changes wake the loop.
final class RealClock: ExecutorClock, @unchecked Sendable {
    private let lock = Lock()
    private var events: [ClockEvent] = []

    func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1_000_000_000
    }

    /// Blocks on a condition until the deadline or an event: no polling.
    func sleep(until deadline: Double?) -> [ClockEvent] {
        lock.withLock {
            while events.isEmpty {
                guard let deadline else {
                    lock.wait()
                    continue
                }
                if now() >= deadline { break }
                lock.wait(until: deadline)
            }
            defer { events.removeAll() }
            return events
        }
    }

    /// Wakes the loop with `event`; safe from any thread.
    func post(_ event: ClockEvent) {
        lock.withLock {
            events.append(event)
            lock.broadcast()
        }
    }
}
