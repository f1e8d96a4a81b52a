#if canImport(UserNotifications)
import AlmanacJSON
import AlmanacPlan
import Foundation
import UserNotifications

/// Registers fires with the platform's notification centre (Apple platforms). A thin adapter:
/// untested on Linux, where it is not compiled; see docs/executor.md.
public final class UserNotificationsBackend: Backend {
    private let center = UNUserNotificationCenter.current()

    public init() {}

    public func cancelAll() {
        center.removeAllPendingNotificationRequests()
    }

    public func schedule(_ fire: Fire, trigger: PlanTrigger) {
        let content = UNMutableNotificationContent()
        if case .string(let title)? = trigger.payload["title"] { content.title = title }
        if case .string(let body)? = trigger.payload["body"] { content.body = body }
        content.userInfo = ["almanac.fire": fire.id, "almanac.trigger": fire.trigger]
        // An interval from now would drift; a calendar trigger in UTC names the instant exactly.
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let date = Date(timeIntervalSince1970: TimeInterval(fire.at.secondsSinceEpoch))
        let components = utc.dateComponents([.year, .month, .day, .hour, .minute, .second, .timeZone], from: date)
        let request = UNNotificationRequest(
            identifier: fire.id, content: content,
            trigger: UNCalendarNotificationTrigger(dateMatching: components, repeats: false))
        center.add(request)
    }

    /// The notification centre delivers registered fires itself.
    public func fire(_ fire: Fire, trigger: PlanTrigger) {}

    /// Region monitoring needs Core Location's monitor, which apps own; not adapted here.
    public func monitor(_ region: PlanRegion) {}
    public func unmonitor(_ region: PlanRegion) {}
}
#endif
