import AlmanacExecutor
import AlmanacTime

/// The rules of `UNUserNotificationCenter` the phone adapter relies on, as checks any
/// `NotificationCenterClient` can be put through: `FakeNotificationCenter` in `swift test`, and the
/// real centre (`UserNotificationsCenter`) in an app-hosted test on a simulator or device — the
/// Apple job in docs/apps.md. Each check uses identifiers starting with `conformance-` and removes
/// what it added; run it in an app that has no pending requests of its own.
public enum NotificationCenterConformance {
    /// A centre under test and its clock.
    public struct Subject: Sendable {
        public var center: any NotificationCenterClient
        /// The centre's clock now (a real centre: `Instant(Date())`).
        public var now: @Sendable () async -> Instant
        /// Lets the centre's time pass until `instant` (a real centre: sleep until then).
        public var wait: @Sendable (Instant) async -> Void

        public init(
            center: any NotificationCenterClient, now: @escaping @Sendable () async -> Instant,
            wait: @escaping @Sendable (Instant) async -> Void
        ) {
            self.center = center
            self.now = now
            self.wait = wait
        }
    }

    /// One rule: its name, where Apple says it, the authorization it needs, and its check (nil: held;
    /// otherwise what was seen).
    public struct Rule: Sendable {
        public var name: String
        public var citation: String
        public var needs: Set<NotificationAuthorization>
        public var check: @Sendable (Subject) async throws -> String?
    }

    /// A rule's outcome against one subject.
    public struct Outcome: Sendable, Equatable, CustomStringConvertible {
        public enum Verdict: Sendable, Equatable { case held, broken(String), skipped(NotificationAuthorization) }
        public var rule: String
        public var verdict: Verdict

        public var description: String {
            switch verdict {
            case .held: return "\(rule): held"
            case .broken(let seen): return "\(rule): BROKEN: \(seen)"
            case .skipped(let status): return "\(rule): skipped (the centre is \(status.rawValue))"
            }
        }
    }

    /// Runs every rule that applies to the subject's authorization; the others are skipped.
    public static func run(_ subject: Subject) async -> [Outcome] {
        var outcomes: [Outcome] = []
        for rule in rules {
            let status = await subject.center.authorization()
            guard rule.needs.contains(status) else {
                outcomes.append(Outcome(rule: rule.name, verdict: .skipped(status)))
                continue
            }
            do {
                let seen = try await rule.check(subject)
                outcomes.append(Outcome(rule: rule.name, verdict: seen.map { .broken($0) } ?? .held))
            } catch {
                outcomes.append(Outcome(rule: rule.name, verdict: .broken("threw \(error)")))
            }
            await cleanUp(subject)
        }
        return outcomes
    }

    static let allowed: Set<NotificationAuthorization> = [.authorized, .provisional, .ephemeral]
    static let determined: Set<NotificationAuthorization> = [.authorized, .provisional, .ephemeral, .denied]

    public static let rules: [Rule] = [
        Rule(
            name: "identifier-replaces",
            citation:
                "UNNotificationRequest.identifier: the system removes the previously scheduled notification with that identifier and replaces it",
            needs: allowed
        ) { subject in
            let start = await subject.now()
            try await subject.center.add(request("conformance-a", at: start, plus: 3_600, marker: "first"))
            try await subject.center.add(request("conformance-a", at: start, plus: 7_200, marker: "second"))
            let listed = await ours(subject)
            guard listed.count == 1, listed[0].userInfo["marker"] == .string("second") else {
                return
                    "after two adds under one identifier the centre lists \(listed.map { "\($0.identifier) \($0.userInfo["marker"] ?? .string("?"))" })"
            }
            return nil
        },
        Rule(
            name: "capacity-keeps-the-soonest",
            citation:
                "the system keeps the soonest-firing 64 notifications and discards the rest (Local and Remote Notification Programming Guide)",
            needs: allowed
        ) { subject in
            let start = await subject.now()
            let count = subject.center.capacity + 1
            // Added latest first, so keeping the soonest is not keeping the first added.
            for i in (0..<count).reversed() {
                try await subject.center.add(request("conformance-\(1000 + i)", at: start, plus: 3_600 + Int64(i) * 60, marker: "\(i)"))
            }
            let kept = Set(await ours(subject).map(\.identifier))
            let expected = Set((0..<count - 1).map { "conformance-\(1000 + $0)" })
            guard kept == expected else {
                return
                    "kept \(kept.count) of \(count); missing \(expected.subtracting(kept).sorted().prefix(3)), extra \(kept.subtracting(expected).sorted().prefix(3))"
            }
            return nil
        },
        Rule(
            name: "removal-applies",
            citation:
                "removePendingNotificationRequests(withIdentifiers:) executes asynchronously, removing the requests on a secondary thread",
            needs: allowed
        ) { subject in
            let start = await subject.now()
            try await subject.center.add(request("conformance-r", at: start, plus: 3_600, marker: "r"))
            await subject.center.removePendingRequests(withIdentifiers: ["conformance-r"])
            // Asynchronous: listed for a while at most; an add applies the queue.
            try await subject.center.add(request("conformance-s", at: start, plus: 3_600, marker: "s"))
            let listed = await ours(subject).map(\.identifier)
            return listed == ["conformance-s"] ? nil : "after a removal and an add the centre lists \(listed)"
        },
        Rule(
            name: "delivery-leaves-pending",
            citation: "pending requests are those not yet delivered; deliveredNotifications() lists those still in Notification Center",
            needs: allowed
        ) { subject in
            let start = await subject.now()
            try await subject.center.add(request("conformance-d", at: start, plus: 2, marker: "d"))
            await subject.wait(Instant(secondsSinceEpoch: start.secondsSinceEpoch + 4))
            let pending = await ours(subject).map(\.identifier)
            let delivered = await subject.center.deliveredNotifications().map(\.identifier)
            guard pending.isEmpty, delivered.contains("conformance-d") else {
                return "after its date: pending \(pending), delivered \(delivered.filter { $0.hasPrefix("conformance-") })"
            }
            return nil
        },
        Rule(
            name: "user-info-round-trips",
            citation: "UNNotificationContent.userInfo holds property-list objects, kept with the request",
            needs: allowed
        ) { subject in
            let start = await subject.now()
            var sent = request("conformance-u", at: start, plus: 3_600, marker: "u")
            sent.userInfo["values"] = .dictionary([
                "text": .string("日本 ✓"), "whole": .integer(-42), "real": .real(2.5), "yes": .bool(true), "no": .bool(false),
                "list": .array([.integer(1), .string("two"), .bool(true)]),
            ])
            try await subject.center.add(sent)
            let listed = await ours(subject).first { $0.identifier == "conformance-u" }
            return listed?.userInfo == sent.userInfo ? nil : "sent \(sent.userInfo), listed \(String(describing: listed?.userInfo))"
        },
        Rule(
            name: "past-date-is-never-pending",
            citation:
                "assumed (Apple documents none): a calendar trigger whose date has passed has no next date, so the request is never pending",
            needs: allowed
        ) { subject in
            let start = await subject.now()
            try await subject.center.add(request("conformance-p", at: start, plus: -60, marker: "p"))
            let listed = await ours(subject).map(\.identifier)
            return listed.isEmpty ? nil : "a request dated a minute ago is listed: \(listed)"
        },
        Rule(
            name: "no-date-is-delivered-at-once",
            citation: "UNNotificationRequest(identifier:content:trigger:): a nil trigger delivers the notification right away",
            needs: allowed
        ) { subject in
            var now = request("conformance-n", at: await subject.now(), plus: 0, marker: "n")
            now.date = nil
            try await subject.center.add(now)
            await subject.wait(Instant(secondsSinceEpoch: await subject.now().secondsSinceEpoch + 1))
            let delivered = await subject.center.deliveredNotifications().map(\.identifier)
            let pending = await ours(subject).map(\.identifier)
            return delivered.contains("conformance-n") && pending.isEmpty ? nil : "delivered \(delivered), pending \(pending)"
        },
        Rule(
            name: "denied-refuses-adds",
            citation: "UNError.Code.notificationsNotAllowed: you try to submit a notification request and your app isn't authorized",
            needs: [.denied]
        ) { subject in
            do {
                try await subject.center.add(request("conformance-x", at: await subject.now(), plus: 3_600, marker: "x"))
                return "an add while denied did not throw"
            } catch NotificationCenterError.notAllowed {
                let listed = await ours(subject).map(\.identifier)
                return listed.isEmpty ? nil : "refused, yet listed: \(listed)"
            }
        },
        Rule(
            name: "asking-again-does-not-prompt",
            citation: "requestAuthorization(options:): subsequent authorization requests don't prompt the person",
            needs: determined
        ) { subject in
            let before = await subject.center.authorization()
            let granted = try await subject.center.requestAuthorization([.alert, .sound, .badge])
            let after = await subject.center.authorization()
            guard after == before, granted == before.allowsScheduling else {
                return "asking again while \(before.rawValue) answered \(granted) and left it \(after.rawValue)"
            }
            return nil
        },
    ]

    /// A request of the suite's own, `plus` seconds after `start`.
    static func request(_ identifier: String, at start: Instant, plus seconds: Int64, marker: String) -> NotificationRequest {
        var content = NotificationContent(title: "Almanac conformance")
        content.sound = nil
        return NotificationRequest(
            identifier: identifier, date: Instant(secondsSinceEpoch: start.secondsSinceEpoch + seconds), content: content,
            userInfo: ["marker": .string(marker)])
    }

    /// The suite's requests the centre lists.
    static func ours(_ subject: Subject) async -> [PendingNotificationRequest] {
        await subject.center.pendingRequests().filter { $0.identifier.hasPrefix("conformance-") }
    }

    static func cleanUp(_ subject: Subject) async {
        let ids = await ours(subject).map(\.identifier)
        if !ids.isEmpty { await subject.center.removePendingRequests(withIdentifiers: ids) }
    }
}
