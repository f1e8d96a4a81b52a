// Declarations of the UserNotifications API that Sources/AlmanacApple uses, written from Apple's
// documented Swift declarations (developer.apple.com/documentation/usernotifications, the iOS 18 SDK),
// so that scripts/ci/apple-layer.sh can type-check the Apple layer on Linux. Never shipped, never run:
// every body traps. Only what AlmanacApple calls is declared; names, argument labels, types, optionality,
// `async` and `throws` follow the SDK. Not checked here: availability, the SDK's Sendable annotations,
// and what the Objective-C bridge does at run time (numbers in `userInfo` arriving as NSNumber).
@_exported import Foundation

public enum UNAuthorizationStatus: Int, @unchecked Sendable {
    case notDetermined = 0, denied = 1, authorized = 2, provisional = 3, ephemeral = 4
}

public struct UNAuthorizationOptions: OptionSet, @unchecked Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static var badge: UNAuthorizationOptions { .init(rawValue: 1 << 0) }
    public static var sound: UNAuthorizationOptions { .init(rawValue: 1 << 1) }
    public static var alert: UNAuthorizationOptions { .init(rawValue: 1 << 2) }
    public static var carPlay: UNAuthorizationOptions { .init(rawValue: 1 << 3) }
    public static var criticalAlert: UNAuthorizationOptions { .init(rawValue: 1 << 4) }
    public static var providesAppNotificationSettings: UNAuthorizationOptions { .init(rawValue: 1 << 5) }
    public static var provisional: UNAuthorizationOptions { .init(rawValue: 1 << 6) }
}

public enum UNNotificationInterruptionLevel: UInt, @unchecked Sendable {
    case passive = 0, active = 1, timeSensitive = 2, critical = 3
}

public struct UNNotificationSoundName: Hashable, Equatable, RawRepresentable, @unchecked Sendable {
    public var rawValue: String
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(rawValue: String) { self.rawValue = rawValue }
}

open class UNNotificationSound: NSObject {
    open class var `default`: UNNotificationSound { fatalError() }
    open class var defaultCritical: UNNotificationSound { fatalError() }
    public convenience init(named name: UNNotificationSoundName) { fatalError() }
}

open class UNNotificationContent: NSObject {
    open var title: String { fatalError() }
    open var subtitle: String { fatalError() }
    open var body: String { fatalError() }
    open var badge: NSNumber? { fatalError() }
    open var sound: UNNotificationSound? { fatalError() }
    open var categoryIdentifier: String { fatalError() }
    open var threadIdentifier: String { fatalError() }
    open var userInfo: [AnyHashable: Any] { fatalError() }
    open var interruptionLevel: UNNotificationInterruptionLevel { fatalError() }
}

open class UNMutableNotificationContent: UNNotificationContent {
    open override var title: String {
        get { fatalError() }
        set { fatalError() }
    }
    open override var subtitle: String {
        get { fatalError() }
        set { fatalError() }
    }
    open override var body: String {
        get { fatalError() }
        set { fatalError() }
    }
    open override var badge: NSNumber? {
        get { fatalError() }
        set { fatalError() }
    }
    open override var sound: UNNotificationSound? {
        get { fatalError() }
        set { fatalError() }
    }
    open override var categoryIdentifier: String {
        get { fatalError() }
        set { fatalError() }
    }
    open override var threadIdentifier: String {
        get { fatalError() }
        set { fatalError() }
    }
    open override var userInfo: [AnyHashable: Any] {
        get { fatalError() }
        set { fatalError() }
    }
    open override var interruptionLevel: UNNotificationInterruptionLevel {
        get { fatalError() }
        set { fatalError() }
    }
}

open class UNNotificationTrigger: NSObject {
    open var repeats: Bool { fatalError() }
}

open class UNCalendarNotificationTrigger: UNNotificationTrigger {
    public convenience init(dateMatching dateComponents: DateComponents, repeats: Bool) { fatalError() }
    open var dateComponents: DateComponents { fatalError() }
    open func nextTriggerDate() -> Date? { fatalError() }
}

open class UNNotificationRequest: NSObject {
    public convenience init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) { fatalError() }
    open var identifier: String { fatalError() }
    open var content: UNNotificationContent { fatalError() }
    open var trigger: UNNotificationTrigger? { fatalError() }
}

open class UNNotification: NSObject {
    open var date: Date { fatalError() }
    open var request: UNNotificationRequest { fatalError() }
}

open class UNNotificationSettings: NSObject {
    open var authorizationStatus: UNAuthorizationStatus { fatalError() }
}

public struct UNError: Error, Hashable, @unchecked Sendable {
    public enum Code: Int, @unchecked Sendable {
        case notificationsNotAllowed = 1
        case attachmentInvalidURL = 100
        case notificationInvalidNoDate = 1400
        case notificationInvalidNoContent = 1401
    }
    public var code: UNError.Code
    public static var notificationsNotAllowed: UNError.Code { .notificationsNotAllowed }
}

open class UNUserNotificationCenter: NSObject {
    open class func current() -> UNUserNotificationCenter { fatalError() }
    open func notificationSettings() async -> UNNotificationSettings { fatalError() }
    open func requestAuthorization(options: UNAuthorizationOptions = []) async throws -> Bool { fatalError() }
    open func pendingNotificationRequests() async -> [UNNotificationRequest] { fatalError() }
    open func add(_ request: UNNotificationRequest) async throws { fatalError() }
    open func removePendingNotificationRequests(withIdentifiers identifiers: [String]) { fatalError() }
    open func deliveredNotifications() async -> [UNNotification] { fatalError() }
}
