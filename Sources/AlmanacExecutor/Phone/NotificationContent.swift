import AlmanacJSON
import AlmanacVocabulary

/// What a notification shows and plays, read from the documented keys of a trigger's payload (the
/// rest of the payload travels in `userInfo`, untouched): `title`, `subtitle`, `body`, `sound`,
/// `badge`, `category`, `thread`, `interruption_level`. `UNMutableNotificationContent`'s fields,
/// one for one, so the Apple layer only copies them.
public struct NotificationContent: Hashable, Sendable {
    /// `sound`: `default` (also when absent, or `true`), `none` (or `false`), `critical`, or the
    /// name of a sound file in the app's bundle.
    public enum Sound: Hashable, Sendable {
        case `default`
        /// `UNNotificationSound.defaultCritical`: plays through the mute switch (needs the entitlement).
        case critical
        /// A file in the app's bundle (`UNNotificationSound(named:)`).
        case named(String)

        var isCritical: Bool { self == .critical }
    }

    /// `interruption_level`: `UNNotificationInterruptionLevel` as the spec writes it.
    public enum InterruptionLevel: String, Sendable, CaseIterable {
        case passive, active
        case timeSensitive = "time-sensitive"
        case critical
    }

    /// A documented key whose value the adapter could not use; the notification goes out without it.
    public struct Problem: Hashable, Sendable, CustomStringConvertible {
        public var key: String
        /// What the key takes.
        public var expected: String

        public var description: String { "payload key '\(key)' is not \(expected); the notification is sent without it" }
    }

    public var title: String
    public var subtitle: String = ""
    public var body: String = ""
    /// Nil: silent.
    public var sound: Sound? = .default
    /// The number on the app's icon; 0 removes it; nil leaves it as it is.
    public var badge: Int?
    public var categoryIdentifier: String = ""
    public var threadIdentifier: String = ""
    public var interruptionLevel: InterruptionLevel = .active

    public init(title: String) { self.title = title }

    /// The content `payload` asks for; `fallbackTitle` (the trigger id) when it has no `title`.
    public init(payload: [String: JSONValue], fallbackTitle: String) {
        self = Reading(payload: payload, fallbackTitle: fallbackTitle).content
    }

    /// The content and the documented keys that could not be used.
    public static func read(_ payload: [String: JSONValue], fallbackTitle: String) -> (content: NotificationContent, problems: [Problem]) {
        let reading = Reading(payload: payload, fallbackTitle: fallbackTitle)
        return (reading.content, reading.problems)
    }

    /// The documented keys (`NotificationKeys.documented`, which the spec's payload checks share).
    public static var documentedKeys: Set<String> { NotificationKeys.documented }
}

extension NotificationContent {
    /// One reading of a payload: the content and what could not be used, in key order.
    fileprivate struct Reading {
        var content: NotificationContent
        var problems: [Problem] = []

        init(payload: [String: JSONValue], fallbackTitle: String) {
            content = NotificationContent(title: fallbackTitle)
            func string(_ key: String) -> String? {
                guard let value = payload[key] else { return nil }
                if case .string(let text) = value { return text }
                problems.append(Problem(key: key, expected: "a string"))
                return nil
            }
            if let title = string("title") { content.title = title }
            content.subtitle = string("subtitle") ?? ""
            content.body = string("body") ?? ""
            content.categoryIdentifier = string("category") ?? ""
            content.threadIdentifier = string("thread") ?? ""
            switch payload["sound"] {
            case nil, .bool(true)?, .string("default")?: content.sound = .default
            case .bool(false)?, .string("none")?: content.sound = nil
            case .string("critical")?: content.sound = .critical
            case .string(let name)? where !name.isEmpty: content.sound = .named(name)
            default: problems.append(Problem(key: "sound", expected: "default, none, critical or a sound file's name"))
            }
            if let badge = payload["badge"] {
                if case .number(let text) = badge, let number = Int(text), number >= 0 {
                    content.badge = number
                } else {
                    problems.append(Problem(key: "badge", expected: "a whole number from 0"))
                }
            }
            if let level = payload["interruption_level"] {
                if case .string(let text) = level, let known = InterruptionLevel(rawValue: text) {
                    content.interruptionLevel = known
                } else {
                    problems.append(Problem(key: "interruption_level", expected: "passive, active, time-sensitive or critical"))
                }
            }
        }
    }
}
