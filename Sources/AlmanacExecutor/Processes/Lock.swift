#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutex with a condition, for the few places threads meet (child reaping, journal appends).
public final class Lock: @unchecked Sendable {
    // Heap-allocated: pthread objects must not move, and Swift may move a stored property.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    private let monotonic: Bool

    /// - Parameter monotonic: the condition's deadlines are on the monotonic clock
    ///   (`wait(monotonicUntil:)`), which no clock step moves: for measuring how long something ran.
    public init(monotonic: Bool = false) {
        self.monotonic = monotonic
        pthread_mutex_init(mutex, nil)
        #if os(Linux)
        if monotonic {
            var attributes = pthread_condattr_t()
            pthread_condattr_init(&attributes)
            pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
            pthread_cond_init(condition, &attributes)
            pthread_condattr_destroy(&attributes)
            return
        }
        #endif
        pthread_cond_init(condition, nil)
    }

    /// Seconds on the monotonic clock (an arbitrary origin; only differences mean anything).
    public static func monotonicNow() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1_000_000_000
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` holding the lock.
    public func withLock<R>(_ body: () throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Waits on the condition; call only inside `withLock`.
    public func wait() {
        pthread_cond_wait(condition, mutex)
    }

    /// Waits on the condition until the wall-clock `deadline` (seconds since the epoch); call only
    /// inside `withLock`. A deadline is absolute, so a clock step moves the wake-up with it.
    public func wait(until deadline: Double) {
        // Bounded (about 31 years) so that a far or infinite deadline cannot overflow the timespec.
        let deadline = deadline.isNaN ? 0 : min(deadline, 4e9)
        var spec = timespec()
        let whole = deadline.rounded(.down)
        spec.tv_sec = Int(whole)
        spec.tv_nsec = Int((deadline - whole) * 1_000_000_000)
        pthread_cond_timedwait(condition, mutex, &spec)
    }

    /// Waits on the condition until `deadline` on the monotonic clock (`monotonicNow`); call only
    /// inside `withLock` of a lock made with `monotonic: true`.
    public func wait(monotonicUntil deadline: Double) {
        let remaining = deadline - Lock.monotonicNow()
        guard remaining > 0 else { return }
        #if os(Linux)
        precondition(monotonic, "wait(monotonicUntil:) needs Lock(monotonic: true)")
        // Bounded so that a far deadline cannot overflow the timespec.
        let deadline = min(deadline, Lock.monotonicNow() + 1e9)
        var spec = timespec()
        let whole = deadline.rounded(.down)
        spec.tv_sec = Int(whole)
        spec.tv_nsec = Int((deadline - whole) * 1_000_000_000)
        pthread_cond_timedwait(condition, mutex, &spec)
        #else
        var spec = timespec()
        let whole = min(remaining, 1e9).rounded(.down)
        spec.tv_sec = Int(whole)
        spec.tv_nsec = Int((min(remaining, 1e9) - whole) * 1_000_000_000)
        pthread_cond_timedwait_relative_np(condition, mutex, &spec)
        #endif
    }

    /// Wakes every waiter.
    public func broadcast() {
        pthread_cond_broadcast(condition)
    }
}
