import AlmanacTime

/// iOS background app refresh as `simulate --device phone` grants it: conservatively, because iOS
/// promises nothing. Apple: the system "doesn't guarantee launching the task at the specified date,
/// but only that it won't begin sooner" (BGTaskRequest.earliestBeginDate), and runs refresh tasks
/// at its discretion (usage, battery, Low Power Mode); it documents no frequency.
///
/// The simulator's assumptions, so that a passing simulation means something:
/// - after each reconcile the app asks for a refresh to begin `lead` (15 min) before `refresh_by`,
///   and no sooner than `minimumInterval` (15 min) after that reconcile;
/// - the system runs it with probability `chance` (default 0.5), and then at a delay drawn evenly
///   from 0 to `maxDelay` (default 30 min) after the earliest begin date — so a granted refresh can
///   still come after `refresh_by`;
/// - a later app run replaces the request (`BGTaskScheduler.submit` replaces a pending request with
///   the same identifier). The draws come from `seed`: the same seed gives the same simulation.
public struct BackgroundRefresh: Sendable, Equatable {
    /// The least time from one reconcile to a background refresh.
    public static let minimumInterval: Int64 = 15 * 60
    /// How long before `refresh_by` the app asks to begin.
    public static let lead: Int64 = 15 * 60

    /// The chance that the system runs a refresh the app asked for, from 0 to 1.
    public var chance: Double
    /// Seconds: the most a granted refresh begins after its earliest begin date.
    public var maxDelay: Int64
    public var seed: UInt64

    public init(chance: Double = 0.5, maxDelay: Int64 = 30 * 60, seed: UInt64 = 1) {
        self.chance = chance
        self.maxDelay = maxDelay
        self.seed = seed
    }

    /// The app's standing request and the system's answer to it, drawn when it is made.
    struct Request {
        private let policy: BackgroundRefresh?
        private var state: UInt64
        /// When the system runs the current request; nil when it will not (or none is asked for).
        private(set) var runsAt: Instant?
        /// The current request's earliest begin date; nil when none is asked for.
        private var earliest: Instant?

        init(_ policy: BackgroundRefresh?) {
            self.policy = policy
            state = policy?.seed ?? 0
        }

        /// After a reconcile at `now`: ask to begin before `refreshBy` (replacing any request).
        mutating func ask(now: Instant, refreshBy: Instant) {
            guard let policy, refreshBy > now else {
                (runsAt, earliest) = (nil, nil)
                return
            }
            let earliest = max(
                now.secondsSinceEpoch + BackgroundRefresh.minimumInterval, refreshBy.secondsSinceEpoch - BackgroundRefresh.lead)
            let granted = Double(next() >> 11) / Double(1 << 53) < policy.chance
            let delay = policy.maxDelay > 0 ? Int64(next() % UInt64(policy.maxDelay + 1)) : 0
            runsAt = granted ? Instant(secondsSinceEpoch: earliest + delay) : nil
            self.earliest = Instant(secondsSinceEpoch: earliest)
        }

        /// The system ran the request.
        mutating func ran() { (runsAt, earliest) = (nil, nil) }

        /// A request could have run by `instant` (its earliest begin date has come) and has not:
        /// the system refused it, or runs it later.
        func isOverdue(at instant: Instant) -> Bool { earliest.map { $0 <= instant } ?? false }

        /// SplitMix64: small, seedable, the same sequence on every platform.
        private mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
