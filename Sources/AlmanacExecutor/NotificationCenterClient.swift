import AlmanacPlan
import AlmanacTime

/// What the phone adapter needs of a notification centre (`UNUserNotificationCenter` on Apple
/// platforms): list, add and remove pending requests. Small on purpose, so that a fake with the
/// platform's rules can run the adapter's logic anywhere (`NotificationCenterBackendTests`).
public protocol NotificationCenterClient: AnyObject {
    /// At most this many requests are kept; past it the centre keeps the soonest (iOS: 64).
    var capacity: Int { get }
    /// The pending requests. Removals may not show yet: the platform applies them asynchronously.
    func pendingRequests() throws -> [NotificationRequest]
    /// Adds `request`, replacing a pending one with the same identifier; a date not in the future is refused.
    func add(_ request: NotificationRequest) throws
    /// Removes the pending requests with these identifiers (asynchronously on the platform).
    func removePendingRequests(withIdentifiers identifiers: [String])
}

/// A notification request as the adapter makes it: one per fire.
public struct NotificationRequest: Hashable, Sendable {
    /// The fire id: a later registration of the same fire replaces the request.
    public var identifier: String
    /// When it is delivered: the fire's instant, as a calendar trigger with UTC date components.
    public var date: Instant
    public var title: String?
    public var body: String?
    /// The fire's `PendingFire` signature (instant and payload), kept with the request so a diff
    /// reconcile can tell a changed fire from an unchanged one.
    public var signature: String
    /// The trigger id, for the app's notification handling.
    public var trigger: String

    public init(identifier: String, date: Instant, title: String?, body: String?, signature: String, trigger: String) {
        self.identifier = identifier
        self.date = date
        self.title = title
        self.body = body
        self.signature = signature
        self.trigger = trigger
    }

    /// The request for `fire`: its title and body from the payload's `title` and `body` strings
    /// (the trigger id when there is no title).
    public init(_ fire: Fire, trigger: PlanTrigger) {
        var title: String?, body: String?
        if case .string(let text)? = trigger.payload["title"] { title = text }
        if case .string(let text)? = trigger.payload["body"] { body = text }
        self.init(
            identifier: fire.id, date: fire.at, title: title ?? fire.trigger, body: body,
            signature: PendingFire(fire, trigger: trigger).signature, trigger: fire.trigger)
    }
}

/// Why a notification centre refused a request.
public enum NotificationCenterError: Error, Equatable {
    /// The date is not in the future.
    case dateInThePast(String)
    case other(String)
}
