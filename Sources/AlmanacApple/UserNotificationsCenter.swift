#if canImport(UserNotifications) && !os(tvOS)
import AlmanacExecutor
import AlmanacTime
import Foundation
import UserNotifications

/// `UNUserNotificationCenter` as a `NotificationCenterClient`: the only code that touches
/// UserNotifications. Each method is one call of the centre's async API and a field-for-field copy
/// between its types and the adapter's platform-free ones; everything that decides anything is in
/// `AlmanacExecutor` (`PhoneReconciler`, `NotificationRequest`, `NotificationContent`) and runs in
/// `swift test` on any platform against `FakeNotificationCenter`.
///
/// `UNUserNotificationCenter.current()` needs an app bundle: make this in an app (or an app-hosted
/// test), never in a command-line tool.
public final class UserNotificationsCenter: NotificationCenterClient, @unchecked Sendable {
    // Only this reference is stored, never changed; the centre's methods may be called from any
    // thread (their completion handlers "may execute on a background thread").
    private let center: UNUserNotificationCenter

    public init(center: UNUserNotificationCenter = .current()) { self.center = center }

    /// iOS keeps the soonest-firing 64 requests of an app.
    public var capacity: Int { 64 }

    public func authorization() async -> NotificationAuthorization {
        switch await center.notificationSettings().authorizationStatus {
        case .notDetermined: return .notDetermined
        case .denied: return .denied
        case .authorized: return .authorized
        case .provisional: return .provisional
        case .ephemeral: return .ephemeral
        @unknown default: return .denied
        }
    }

    public func requestAuthorization(_ permissions: NotificationPermissions) async throws -> Bool {
        var options: UNAuthorizationOptions = []
        if permissions.contains(.alert) { options.insert(.alert) }
        if permissions.contains(.sound) { options.insert(.sound) }
        if permissions.contains(.badge) { options.insert(.badge) }
        if permissions.contains(.criticalAlert) { options.insert(.criticalAlert) }
        if permissions.contains(.provisional) { options.insert(.provisional) }
        return try await center.requestAuthorization(options: options)
    }

    public func pendingRequests() async -> [PendingNotificationRequest] {
        await center.pendingNotificationRequests().map { request in
            let date = (request.trigger as? UNCalendarNotificationTrigger)?.nextTriggerDate().map { Instant($0) }
            return PendingNotificationRequest(identifier: request.identifier, date: date, userInfo: Self.values(request.content.userInfo))
        }
    }

    public func add(_ request: NotificationRequest) async throws {
        let content = UNMutableNotificationContent()
        content.title = request.content.title
        content.subtitle = request.content.subtitle
        content.body = request.content.body
        switch request.content.sound {
        case nil: content.sound = nil
        case .default?: content.sound = .default
        case .critical?: content.sound = .defaultCritical
        case .named(let name)?: content.sound = UNNotificationSound(named: UNNotificationSoundName(rawValue: name))
        }
        content.badge = request.content.badge.map { NSNumber(value: $0) }
        content.categoryIdentifier = request.content.categoryIdentifier
        content.threadIdentifier = request.content.threadIdentifier
        switch request.content.interruptionLevel {
        case .passive: content.interruptionLevel = .passive
        case .active: content.interruptionLevel = .active
        case .timeSensitive: content.interruptionLevel = .timeSensitive
        case .critical: content.interruptionLevel = .critical
        }
        content.userInfo = request.userInfoValues
        // Gregorian calendar and UTC set on the components (NotificationRequest.dateComponents).
        let trigger = request.dateComponents.map { UNCalendarNotificationTrigger(dateMatching: $0, repeats: false) }
        do {
            try await center.add(UNNotificationRequest(identifier: request.identifier, content: content, trigger: trigger))
        } catch let error as UNError where error.code == .notificationsNotAllowed {
            throw NotificationCenterError.notAllowed
        } catch {
            throw NotificationCenterError.other("\(error)")
        }
    }

    public func removePendingRequests(withIdentifiers identifiers: [String]) async {
        center.removePendingNotificationRequests(withIdentifiers: identifiers)
    }

    public func deliveredNotifications() async -> [DeliveredNotification] {
        await center.deliveredNotifications().map { notification in
            DeliveredNotification(
                identifier: notification.request.identifier, date: Instant(notification.date),
                userInfo: Self.values(notification.request.content.userInfo))
        }
    }

    /// `userInfo` as it comes back from the centre: property-list objects.
    static func values(_ userInfo: [AnyHashable: Any]) -> [String: PropertyListValue] {
        var values: [String: PropertyListValue] = [:]
        for (key, value) in userInfo {
            if let key = key.base as? String, let value = Self.value(value) { values[key] = value }
        }
        return values
    }

    /// One property-list object. Numbers and booleans both arrive as `NSNumber`: its type encoding
    /// tells them apart (`c`/`B` boolean, `f`/`d` real, otherwise an integer).
    static func value(_ object: Any) -> PropertyListValue? {
        switch object {
        case let number as NSNumber:
            switch String(cString: number.objCType) {
            case "c", "B": return .bool(number.boolValue)
            case "f", "d": return .real(number.doubleValue)
            default: return .integer(number.intValue)
            }
        case let text as String: return .string(text)
        case let items as [Any]: return .array(items.compactMap(value))
        case let members as [String: Any]: return .dictionary(members.compactMapValues(value))
        default: return nil
        }
    }
}
#endif
