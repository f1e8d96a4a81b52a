import AlmanacExecutor
import AlmanacTime

/// `UNUserNotificationCenter` in memory, on a clock the test moves, with the rules Apple documents
/// (each cited where it is kept). `NotificationCenterConformance` holds it and the real centre to
/// the same rules; where Apple documents nothing, the rule is marked as this fake's assumption, and
/// the conformance suite has a check that tells, run against the real centre.
public actor FakeNotificationCenter: NotificationCenterClient {
    /// "The system keeps the soonest-firing 64 notifications … and discards the rest" (Apple, Local
    /// and Remote Notification Programming Guide, on `scheduleLocalNotification`).
    public nonisolated let capacity: Int
    /// The device's clock: requests come due by it, and `PhoneReconciler` may read it as its own.
    public nonisolated let clock: ManualClock
    public var now: Instant { clock.now }
    private var status: NotificationAuthorization
    /// What the user answers when the system prompts.
    private let userGrants: Bool
    private var pending: [String: NotificationRequest] = [:]
    private var queuedRemovals: [String] = []
    public private(set) var delivered: [DeliveredNotification] = []
    /// Requests the capacity pushed out: a correct adapter never lets this happen to its own.
    public private(set) var dropped: [String] = []
    /// How many requests were pending after each change, to check the adapter's peaks.
    public private(set) var counts: [Int] = []
    /// The system prompts, and what was asked each time.
    public private(set) var prompts: [NotificationPermissions] = []
    /// Every add, in order (identifiers), refused ones included.
    public private(set) var adds: [String] = []

    public init(now: Instant, authorization: NotificationAuthorization = .authorized, userGrants: Bool = true, capacity: Int = 64) {
        self.clock = ManualClock(now)
        self.status = authorization
        self.userGrants = userGrants
        self.capacity = capacity
    }

    public func authorization() async -> NotificationAuthorization { status }

    /// "The first time your app makes this authorization request, the system prompts the person to
    /// grant or deny the request and records that response. Subsequent authorization requests don't
    /// prompt" (requestAuthorization(options:)). Provisional authorization is granted without a
    /// prompt (UNAuthorizationOptions.provisional: "deliver notifications quietly … without asking").
    public func requestAuthorization(_ permissions: NotificationPermissions) async throws -> Bool {
        guard status == .notDetermined else { return status.allowsScheduling }
        if permissions.contains(.provisional) {
            status = .provisional
            return true
        }
        prompts.append(permissions)
        status = userGrants ? .authorized : .denied
        return userGrants
    }

    /// A listing may still show requests whose removal was asked: "this method executes
    /// asynchronously, removing … on a secondary thread" (removePendingNotificationRequests and
    /// removeAllPendingNotificationRequests); the queue catches up at the next add or `settle()`.
    public func pendingRequests() async -> [PendingNotificationRequest] {
        pending.values.sorted { $0.identifier.utf8.lexicographicallyPrecedes($1.identifier.utf8) }.map {
            PendingNotificationRequest(identifier: $0.identifier, date: $0.date, userInfo: $0.userInfo)
        }
    }

    public func add(_ request: NotificationRequest) async throws {
        settle()
        adds.append(request.identifier)
        // UNError.Code.notificationsNotAllowed: "you try to submit a notification request and your app
        // … isn't authorized to schedule notifications".
        guard status.allowsScheduling else { throw NotificationCenterError.notAllowed }
        guard let date = request.date else {
            // No trigger: delivered at once.
            pending.removeValue(forKey: request.identifier)
            delivered.append(DeliveredNotification(identifier: request.identifier, date: now, userInfo: request.userInfo))
            counts.append(pending.count)
            return
        }
        // Assumption (Apple documents none): a date that has passed is accepted and never pending — a
        // calendar trigger whose date is gone has no next date. `past-date-is-never-pending` checks it.
        guard date > now else {
            pending.removeValue(forKey: request.identifier)
            counts.append(pending.count)
            return
        }
        // "If you use the same identifier when scheduling a new notification, the system removes the
        // previously scheduled notification with that identifier and replaces it with the new one"
        // (UNNotificationRequest.identifier).
        pending[request.identifier] = request
        if pending.count > capacity {
            let latest = pending.values.max { ($0.date!, $0.identifier) < ($1.date!, $1.identifier) }!
            pending.removeValue(forKey: latest.identifier)
            dropped.append(latest.identifier)
        }
        counts.append(pending.count)
    }

    public func removePendingRequests(withIdentifiers identifiers: [String]) async { queuedRemovals += identifiers }

    /// "Notifications that are still displayed in Notification Center" (deliveredNotifications()).
    public func deliveredNotifications() async -> [DeliveredNotification] { delivered }

    // MARK: What a test does to the centre

    /// The removal queue catches up.
    public func settle() {
        guard !queuedRemovals.isEmpty else { return }
        for id in queuedRemovals { pending.removeValue(forKey: id) }
        queuedRemovals = []
        counts.append(pending.count)
    }

    /// The clock moves to `instant`: what came due is delivered, in time order, and is no longer pending.
    public func advance(to instant: Instant) {
        settle()
        clock.set(instant)
        let due = pending.values.filter { $0.date! <= instant }.sorted { ($0.date!, $0.identifier) < ($1.date!, $1.identifier) }
        for request in due {
            pending.removeValue(forKey: request.identifier)
            delivered.append(DeliveredNotification(identifier: request.identifier, date: request.date!, userInfo: request.userInfo))
        }
        counts.append(pending.count)
    }

    /// The user changes the app's notification setting in Settings.
    public func setAuthorization(_ authorization: NotificationAuthorization) { status = authorization }

    /// The pending requests as the centre holds them (removals not yet applied included).
    public var requests: [String: NotificationRequest] { pending }
}
