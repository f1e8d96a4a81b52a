import AlmanacExecutor
import AlmanacTime

/// A device clock a test moves by hand, readable from any thread: the fakes keep their time on it,
/// and `PhoneReconciler` reads it as the device's clock (`clock: { clock.now }`).
public final class ManualClock: @unchecked Sendable {
    private let lock = Lock()
    private var instant: Instant

    public init(_ instant: Instant) { self.instant = instant }

    public var now: Instant { lock.withLock { instant } }

    /// Moves the clock; it never goes back.
    public func set(_ instant: Instant) { lock.withLock { self.instant = max(self.instant, instant) } }
}
