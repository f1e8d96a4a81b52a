import AlmanacPlan

/// Whether the app may schedule notifications: `UNAuthorizationStatus`, case for case.
///
/// Apple (UNAuthorizationStatus): `notDetermined` — "the user hasn't yet made a choice about whether
/// the app is allowed to schedule notifications"; `denied` — "the app isn't authorized to schedule or
/// receive notifications"; `authorized`; `provisional` — "provisionally authorized to post
/// noninterruptive user notifications"; `ephemeral` — authorized for a limited time (App Clips).
public enum NotificationAuthorization: String, Sendable, CaseIterable {
    case notDetermined, denied, authorized, provisional, ephemeral

    /// Authorized, provisional and ephemeral apps may add requests; the others get
    /// `UNError.Code.notificationsNotAllowed` ("you try to submit a notification request and your app
    /// … isn't authorized to schedule notifications").
    public var allowsScheduling: Bool {
        switch self {
        case .authorized, .provisional, .ephemeral: return true
        case .notDetermined, .denied: return false
        }
    }
}

/// What the app asks the user to allow: the `UNAuthorizationOptions` a schedule's notifications use.
public struct NotificationPermissions: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let alert = NotificationPermissions(rawValue: 1 << 0)
    public static let sound = NotificationPermissions(rawValue: 1 << 1)
    public static let badge = NotificationPermissions(rawValue: 1 << 2)
    /// Critical alerts play through the mute switch; they need Apple's entitlement.
    public static let criticalAlert = NotificationPermissions(rawValue: 1 << 3)
    /// Deliver quietly without asking (`UNAuthorizationOptions.provisional`): the app's choice, never
    /// derived from a plan.
    public static let provisional = NotificationPermissions(rawValue: 1 << 4)

    /// What `plan`'s notifications use ("request only the authorization options that you plan to use",
    /// requestAuthorization(options:)): alerts always; sound when any trigger plays one (the
    /// default); badge when any sets one; critical alerts when any is critical.
    public static func needed(by plan: Plan) -> NotificationPermissions {
        var needed: NotificationPermissions = [.alert]
        for trigger in plan.triggers.values {
            let content = NotificationContent(payload: trigger.payload, fallbackTitle: "")
            if content.sound != nil { needed.insert(.sound) }
            if content.badge != nil { needed.insert(.badge) }
            if content.interruptionLevel == .critical || content.sound?.isCritical == true { needed.insert(.criticalAlert) }
        }
        return needed
    }
}
