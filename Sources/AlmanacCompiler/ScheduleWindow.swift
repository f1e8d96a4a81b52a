import AlmanacModel
import AlmanacPlan
import AlmanacTime

extension Schedule {
    /// The window to compile over, as an app asks for it: `length` (else the spec's `horizon:`,
    /// else 30 days) from `start` (default `now`), days counted in the schedule's zone (UTC when it
    /// has none). `now` is the caller's clock: the library never reads one. Nil when the zone is
    /// unknown or the window would be empty.
    ///
    ///     let window = schedule.window(length: .days(7), now: Instant(Date()))
    public func window(from start: TimePoint = .now, length: WindowLength? = nil, now: Instant) -> Window? {
        WindowRequest(from: start, horizon: length).resolve(now: now, zone: timezone, specHorizon: horizon)
    }
}
