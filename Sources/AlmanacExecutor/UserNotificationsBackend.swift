#if canImport(UserNotifications)
import AlmanacPlan
import AlmanacTime
import Foundation
import UserNotifications

/// `UNUserNotificationCenter` as a `NotificationCenterClient`, for `NotificationCenterBackend`.
///
/// Each fire becomes a request whose identifier is the fire id, with a calendar trigger naming the
/// fire's instant in UTC components: a fixed instant, not a floating wall time (a user who changes
/// zones gets the fire at the same moment; reconcile after a zone change to follow the wall clock).
/// Compiled only where UserNotifications exists; this repository's CI (Linux) has not built it.
public final class UserNotificationsCenter: NotificationCenterClient {
    private let center: UNUserNotificationCenter

    public init(center: UNUserNotificationCenter = .current()) { self.center = center }

    /// iOS keeps the soonest 64 pending requests of an app.
    public var capacity: Int { 64 }

    public func pendingRequests() throws -> [NotificationRequest] {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var found: [UNNotificationRequest] = []
        // The completion handler runs on a queue of the centre's, never the caller's.
        center.getPendingNotificationRequests { requests in
            found = requests
            done.signal()
        }
        done.wait()
        return found.compactMap { request in
            guard let trigger = request.trigger as? UNCalendarNotificationTrigger, let date = trigger.nextTriggerDate() else {
                return nil
            }
            let info = request.content.userInfo
            return NotificationRequest(
                identifier: request.identifier, date: Instant(date), title: request.content.title,
                body: request.content.body.isEmpty ? nil : request.content.body,
                signature: info["almanac.signature"] as? String ?? "", trigger: info["almanac.trigger"] as? String ?? "")
        }
    }

    public func add(_ request: NotificationRequest) throws {
        let content = UNMutableNotificationContent()
        content.title = request.title ?? ""
        if let body = request.body { content.body = body }
        content.userInfo = [
            "almanac.fire": request.identifier, "almanac.trigger": request.trigger, "almanac.signature": request.signature,
        ]
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let date = Date(timeIntervalSince1970: TimeInterval(request.date.secondsSinceEpoch))
        let components = utc.dateComponents([.year, .month, .day, .hour, .minute, .second, .timeZone], from: date)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var failure: (any Error)?
        center.add(
            UNNotificationRequest(
                identifier: request.identifier, content: content,
                trigger: UNCalendarNotificationTrigger(dateMatching: components, repeats: false))
        ) { error in
            failure = error
            done.signal()
        }
        done.wait()
        if let failure { throw NotificationCenterError.other("\(failure)") }
    }

    public func removePendingRequests(withIdentifiers identifiers: [String]) {
        center.removePendingNotificationRequests(withIdentifiers: identifiers)
    }
}
#endif
