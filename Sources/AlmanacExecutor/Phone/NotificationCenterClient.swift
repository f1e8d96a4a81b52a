import AlmanacTime

/// What the phone adapter needs of a notification centre (`UNUserNotificationCenter` on Apple
/// platforms, through `AlmanacApple`): authorization, and listing, adding and removing requests,
/// with the async API (no thread is ever blocked waiting for the centre). Small on purpose, so that
/// a fake with the platform's documented rules (`AlmanacPhoneTesting.FakeNotificationCenter`) runs
/// the adapter's logic anywhere, and one conformance suite holds the fake and the real centre to the
/// same rules (`NotificationCenterConformance`).
public protocol NotificationCenterClient: Sendable {
    /// How many requests the centre keeps for the app, the app's own included; past it the soonest
    /// are kept (iOS: 64).
    var capacity: Int { get }
    /// The app's authorization (`notificationSettings().authorizationStatus`).
    func authorization() async -> NotificationAuthorization
    /// Asks the user (the system prompts only while not determined); true when granted.
    func requestAuthorization(_ permissions: NotificationPermissions) async throws -> Bool
    /// Every pending request of the app, Almanac's and the app's own. A removal may not show yet:
    /// the platform applies removals asynchronously.
    func pendingRequests() async -> [PendingNotificationRequest]
    /// Adds `request`, replacing a pending one with the same identifier. Throws
    /// `NotificationCenterError.notAllowed` when the app is not authorized.
    func add(_ request: NotificationRequest) async throws
    /// Removes the pending requests with these identifiers (asynchronously on the platform).
    func removePendingRequests(withIdentifiers identifiers: [String]) async
    /// The app's notifications that were delivered and are still in Notification Center.
    func deliveredNotifications() async -> [DeliveredNotification]
}

/// A pending request as the centre lists it.
public struct PendingNotificationRequest: Hashable, Sendable {
    public var identifier: String
    /// When it fires next; nil when the centre does not say (a trigger of another kind).
    public var date: Instant?
    public var userInfo: [String: PropertyListValue]

    public init(identifier: String, date: Instant?, userInfo: [String: PropertyListValue]) {
        self.identifier = identifier
        self.date = date
        self.userInfo = userInfo
    }

    /// The adapter's signature; nil for the app's own requests (`NotificationRequest.signature`).
    public var signature: String? { NotificationRequest.signature(in: userInfo) }
}

/// A notification the centre delivered.
public struct DeliveredNotification: Hashable, Sendable {
    public var identifier: String
    public var date: Instant
    public var userInfo: [String: PropertyListValue]

    public init(identifier: String, date: Instant, userInfo: [String: PropertyListValue]) {
        self.identifier = identifier
        self.date = date
        self.userInfo = userInfo
    }
}

/// Why a notification centre refused a request.
public enum NotificationCenterError: Error, Equatable, Sendable {
    /// `UNError.Code.notificationsNotAllowed`: the app is not authorized to schedule notifications.
    case notAllowed
    case other(String)
}
