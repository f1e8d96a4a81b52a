import AlmanacRegistration
import AlmanacTime

/// The fixes waiting for the executor's loop, in time order: all of them up front for `simulate`,
/// or pushed one by one from a reader thread for `run`, which then wakes the loop.
public final class LocationFeed: @unchecked Sendable {
    private let lock = Lock()
    private var fixes: [LocationFix]
    private var head = 0
    /// Called after each push (the executable posts `.wake` to its clock).
    private let onArrival: @Sendable () -> Void

    /// A feed holding `fixes` (already in time order, as `LocationFixReader` hands them over).
    public init(_ fixes: [LocationFix] = [], onArrival: @escaping @Sendable () -> Void = {}) {
        self.fixes = fixes
        self.onArrival = onArrival
    }

    /// Adds a fix at the end; safe from any thread.
    public func push(_ fix: LocationFix) {
        lock.withLock { fixes.append(fix) }
        onArrival()
    }

    /// The time of the next fix not yet taken.
    public var nextTime: Instant? {
        lock.withLock { head < fixes.count ? fixes[head].at : nil }
    }

    /// Takes every fix at or before `instant`, in order.
    func take(through instant: Instant) -> [LocationFix] {
        lock.withLock {
            let start = head
            while head < fixes.count && fixes[head].at <= instant { head += 1 }
            let taken = Array(fixes[start..<head])
            // Drop what was taken once in a while, so a long-running feed does not grow forever.
            if head > 4096 && head * 2 > fixes.count {
                fixes.removeFirst(head)
                head = 0
            }
            return taken
        }
    }
}
