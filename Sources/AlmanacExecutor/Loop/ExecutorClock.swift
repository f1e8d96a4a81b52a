import AlmanacTime

/// Something that interrupts the executor's sleep.
public enum ClockEvent: Sendable, Equatable {
    /// Read the plan again (SIGHUP, or the plan file was replaced).
    case reload
    /// Stop cleanly (SIGTERM).
    case stop
    /// New input arrived (a location fix): look at what is due and sleep again.
    case wake
}

/// The executor's only view of time. The executable supplies the real clock (and posts signals to
/// it as events); `simulate` and tests use `VirtualClock`.
public protocol ExecutorClock: AnyObject {
    /// Seconds since 1970-01-01T00:00:00Z.
    func now() -> Double
    /// Sleeps until `deadline` (seconds since the epoch; nil waits for an event only) or until an
    /// event arrives, and returns the events that arrived (none when the deadline was reached).
    func sleep(until deadline: Double?) -> [ClockEvent]
}

/// A clock that jumps straight to each deadline, with events that tests place at virtual instants.
public final class VirtualClock: ExecutorClock {
    private var current: Double
    /// Events still to come, in time order.
    private var scheduled: [(at: Double, event: ClockEvent)] = []

    public init(start: Instant) {
        current = Double(start.secondsSinceEpoch)
    }

    public func now() -> Double { current }

    /// Makes `event` arrive when the clock reaches `instant`.
    public func post(_ event: ClockEvent, at instant: Instant) {
        post(event, atSeconds: Double(instant.secondsSinceEpoch))
    }

    /// Makes `event` arrive when the clock reaches `seconds` (since the epoch), between whole seconds too.
    public func post(_ event: ClockEvent, atSeconds seconds: Double) {
        scheduled.append((seconds, event))
        scheduled.sort { $0.at < $1.at }
    }

    /// Moves the clock on by `seconds` (a test's journal whose sync takes time).
    public func advance(by seconds: Double) {
        current += max(0, seconds)
    }

    public func sleep(until deadline: Double?) -> [ClockEvent] {
        if let next = scheduled.first, deadline.map({ next.at <= $0 }) ?? true {
            current = max(current, next.at)
            let due = scheduled.prefix { $0.at <= current }.map(\.event)
            scheduled.removeFirst(due.count)
            return due
        }
        // Nothing left to wait for: a real daemon would wait for a signal; a simulation is over.
        guard let deadline else { return [.stop] }
        current = max(current, deadline)
        return []
    }
}
