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

    public init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
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
        var spec = timespec()
        let whole = deadline.rounded(.down)
        spec.tv_sec = Int(whole)
        spec.tv_nsec = Int((deadline - whole) * 1_000_000_000)
        pthread_cond_timedwait(condition, mutex, &spec)
    }

    /// Wakes every waiter.
    public func broadcast() {
        pthread_cond_broadcast(condition)
    }
}
