import AlmanacRegistration

/// What a `PhoneReconciler.reconcile` did, for the app to act on: ask again later, point the user at
/// Settings, schedule background refresh before `registration.refreshBy`.
public struct PhoneRegistration: Sendable {
    /// The notification authorization after asking (when it was not determined).
    public var authorization: NotificationAuthorization
    /// What the user was asked for this time; nil when the authorization was already determined.
    public var asked: NotificationPermissions?
    /// The fires and regions chosen; nil when notifications are not allowed (nothing was touched).
    public var registration: Reconciler.Registration?
    /// Requests added or replaced, removed, and left as they were.
    public var added = 0
    public var removed = 0
    public var unchanged = 0
    /// Fires that came due by the device's clock before they could be added.
    public var skippedAsDue = 0
    /// The app's own pending requests, which share the centre's capacity.
    public var appRequests = 0
    /// Requests this plan could use: the centre's capacity less the app's own.
    public var budget = 0
    /// The location authorization, when regions are adapted; regions are watched only when it allows.
    public var locationAuthorization: LocationAuthorization?
    /// The app's own watched regions, and the regions left for this plan.
    public var appRegions = 0
    public var regionBudget: Int?
    public var regionsStarted = 0
    public var regionsStopped = 0
    /// Payload keys of the registered triggers that the notification content could not use.
    public var problems: [String] = []

    public init(authorization: NotificationAuthorization) { self.authorization = authorization }
}
