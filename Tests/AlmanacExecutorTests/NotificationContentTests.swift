import AlmanacJSON
import AlmanacPhoneTesting
import AlmanacPlan
import AlmanacTime
import Testing
@testable import AlmanacExecutor

/// What a request shows and plays comes from the payload's documented keys; the whole payload,
/// JSON-safe, travels in `userInfo` with the adapter's keys; unusable values are reported.
@Suite struct NotificationContentTests {
    static func content(_ payload: [String: JSONValue]) -> (NotificationContent, [String]) {
        let (content, problems) = NotificationContent.read(payload, fallbackTitle: "pill")
        return (content, problems.map(\.description))
    }

    @Test func documentedKeysFillTheContent() {
        let (content, problems) = Self.content([
            "title": "Take the pill", "subtitle": "Morning", "body": "With water", "sound": "chime.caf", "badge": .number("3"),
            "category": "MEDICATION", "thread": "pills", "interruption_level": "time-sensitive", "dose_mg": .number("5"),
        ])
        #expect(problems.isEmpty)
        #expect(content.title == "Take the pill" && content.subtitle == "Morning" && content.body == "With water")
        #expect(content.sound == .named("chime.caf") && content.badge == 3)
        #expect(content.categoryIdentifier == "MEDICATION" && content.threadIdentifier == "pills")
        #expect(content.interruptionLevel == .timeSensitive)
    }

    @Test func soundIsTheDefaultUnlessThePayloadSaysOtherwise() {
        #expect(Self.content([:]).0.sound == .default)
        #expect(Self.content([:]).0.title == "pill", "the trigger id when there is no title")
        #expect(Self.content(["sound": .bool(true)]).0.sound == .default)
        #expect(Self.content(["sound": "none"]).0.sound == nil)
        #expect(Self.content(["sound": .bool(false)]).0.sound == nil)
        #expect(Self.content(["sound": "critical"]).0.sound == .critical)
        #expect(Self.content([:]).0.interruptionLevel == .active && Self.content([:]).0.badge == nil)
    }

    @Test func unusableValuesAreReportedAndLeftOut() {
        let (content, problems) = Self.content([
            "badge": .number("2.5"), "sound": .number("3"), "interruption_level": "loud", "subtitle": .bool(true),
        ])
        #expect(content.badge == nil && content.sound == .default && content.interruptionLevel == .active && content.subtitle == "")
        #expect(problems.count == 4)
        #expect(problems.contains("payload key 'badge' is not a whole number from 0; the notification is sent without it"))
        #expect(NotificationPermissions.needed(by: TestPlans.plan([TestPlans.fire("x", 60)])) == [.alert, .sound])
    }

    /// The payload reaches the app: every JSON value as a property-list value (null left out), and
    /// the adapter's own keys; the request identifier is the fire id.
    @Test func thePayloadTravelsInUserInfo() throws {
        let fire = TestPlans.fire("pill", 60)
        let trigger = PlanTrigger(
            kind: "calendar",
            payload: [
                "title": "Pill", "dose": .number("2.5"), "count": .number("2"), "big": .number("1e400"), "ok": .bool(true),
                "tags": .array(["a", .null, .number("1")]), "meta": .object(["by": "ops", "gone": .null]), "nothing": .null,
                "almanac.fire": "not mine",
            ])
        let request = NotificationRequest(fire, trigger: trigger)
        #expect(request.identifier == fire.id && request.date == fire.at)
        let info = request.userInfoValues
        #expect(info["title"] as? String == "Pill" && info["dose"] as? Double == 2.5 && info["count"] as? Int == 2)
        #expect(info["big"] as? String == "1e400" && info["ok"] as? Bool == true && info["nothing"] == nil)
        #expect((info["tags"] as? [Any])?.count == 2 && (info["meta"] as? [String: Any])?.keys.sorted() == ["by"])
        #expect(info["almanac.fire"] as? String == fire.id && info["almanac.trigger"] as? String == "pill")
        #expect(request.signature == PendingFire(fire, trigger: trigger).signature)
        // Made by another version of the adapter: read as changed, so it is made again.
        var old = request
        old.userInfo[NotificationRequest.signatureKey] = .string("almanac/1 " + (request.signature ?? ""))
        #expect(old.signature == "")
    }

    /// Each registered trigger whose payload the content cannot use is reported once.
    @Test func theReconcileReportsContentProblems() async throws {
        var plan = TestPlans.plan(TestPlans.every("pill", step: 600, from: 600, to: 6_000))
        plan.triggers["pill"]?.payload = ["badge": .number("-1")]
        let center = FakeNotificationCenter(now: TestPlans.at(0))
        let report = try await PhoneReconcilerTests.reconciler(center).reconcile(plan, now: TestPlans.at(0))
        #expect(report.problems == ["'pill': payload key 'badge' is not a whole number from 0; the notification is sent without it"])
        let request = try #require(await center.requests.values.first)
        #expect(request.content.badge == nil && request.content.sound == .default)
    }
}
