import AlmanacJSON
import AlmanacPlan
import AlmanacTime
import Foundation

/// A notification request as the phone adapter makes it, one per fire: `UNNotificationRequest`'s
/// parts, platform-free, so everything but the copy into Apple's types runs and is tested anywhere.
public struct NotificationRequest: Hashable, Sendable {
    /// The fire id: "if you use the same identifier when scheduling a new notification, the system
    /// removes the previously scheduled notification with that identifier and replaces it with the
    /// new one" (UNNotificationRequest.identifier), so a later registration of a fire replaces it.
    public var identifier: String
    /// When it is delivered; nil delivers it now (a location trigger's crossing).
    public var date: Instant?
    public var content: NotificationContent
    /// The trigger's payload (its nulls left out) and the adapter's three keys, `almanac.fire`,
    /// `almanac.trigger` and `almanac.signature`: what the app reads back when it is tapped.
    public var userInfo: [String: PropertyListValue]

    /// `userInfo`'s keys that the adapter owns; a payload key of the same name is overwritten.
    public static let fireKey = "almanac.fire"
    public static let triggerKey = "almanac.trigger"
    public static let signatureKey = "almanac.signature"

    /// Stored signatures start with this version of how requests are made, so requests made by an
    /// older adapter (another content, another `userInfo`) read as changed and are made again.
    public static let signatureVersion = "almanac/2 "

    public init(identifier: String, date: Instant?, content: NotificationContent, userInfo: [String: PropertyListValue]) {
        self.identifier = identifier
        self.date = date
        self.content = content
        self.userInfo = userInfo
    }

    /// The request for `fire` of `trigger`, delivered at the fire's instant, or at once (`deliverNow`:
    /// a crossing of a location trigger's region, reported by Core Location as it happens).
    public init(_ fire: Fire, trigger: PlanTrigger, deliverNow: Bool = false) {
        var userInfo = PropertyListValue.userInfo(trigger.payload)
        userInfo[Self.fireKey] = .string(fire.id)
        userInfo[Self.triggerKey] = .string(fire.trigger)
        userInfo[Self.signatureKey] = .string(Self.signatureVersion + PendingFire(fire, trigger: trigger).signature)
        self.init(
            identifier: fire.id, date: deliverNow ? nil : fire.at,
            content: NotificationContent(payload: trigger.payload, fallbackTitle: fire.trigger),
            userInfo: userInfo)
    }

    /// The request's `PendingFire` signature (instant and payload), without the version; nil for a
    /// request this adapter did not make, or made by another version of it.
    public var signature: String? { Self.signature(in: userInfo) }

    /// The adapter's signature in a request's `userInfo`, as `signature` reads it.
    public static func signature(in userInfo: [String: PropertyListValue]) -> String? {
        guard case .string(let stored)? = userInfo[signatureKey] else { return nil }
        return stored.hasPrefix(signatureVersion) ? String(stored.dropFirst(signatureVersion.count)) : ""
    }

    /// `userInfo` for `UNMutableNotificationContent.userInfo`.
    public var userInfoValues: [String: Any] { userInfo.mapValues(\.anyValue) }

    /// When the request fires, as `UNCalendarNotificationTrigger(dateMatching:repeats: false)` takes
    /// it: every field from the year to the second, in UTC, with the Gregorian calendar and the zone
    /// set on the components. Without `calendar`, the trigger reads the numbers in the device's own
    /// calendar: on a phone set to the Buddhist, Japanese or Persian calendar, year 2026 is another
    /// year and the request never fires (`NotificationRequestDateTests`). A fixed instant, not a
    /// floating wall time: a user who flies to another zone gets the fire at the same moment.
    public var dateComponents: DateComponents? {
        guard let date else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        let utc = TimeZone(identifier: "UTC")!
        calendar.timeZone = utc
        // The UTC wall time from the library's own civil arithmetic, not from a Foundation calendar.
        let civil = LocalDateTime(wallSeconds: date.secondsSinceEpoch)
        return DateComponents(
            calendar: calendar, timeZone: utc, year: civil.date.year, month: civil.date.month, day: civil.date.day,
            hour: civil.time.hour, minute: civil.time.minute, second: civil.time.second)
    }
}
