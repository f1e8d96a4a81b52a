import AlmanacPhoneTesting
import AlmanacTime
import Testing
@testable import AlmanacExecutor

/// The conformance suites against the fakes: every rule holds in each authorization state it
/// applies to, and centres that break a rule are caught by it (so the suite, run on a device
/// against the real centre, can tell).
@Suite struct ConformanceSuiteTests {
    static func subject(_ center: FakeNotificationCenter) -> NotificationCenterConformance.Subject {
        NotificationCenterConformance.Subject(center: center, now: { await center.now }, wait: { await center.advance(to: $0) })
    }

    @Test(arguments: [NotificationAuthorization.authorized, .provisional, .ephemeral, .denied])
    func theFakeHoldsEveryRuleThatApplies(_ status: NotificationAuthorization) async {
        let outcomes = await NotificationCenterConformance.run(
            Self.subject(FakeNotificationCenter(now: TestPlans.at(0), authorization: status)))
        #expect(outcomes.count == NotificationCenterConformance.rules.count)
        #expect(outcomes.allSatisfy { if case .broken = $0.verdict { false } else { true } }, "\(outcomes)")
        let held = outcomes.filter { $0.verdict == .held }.map(\.rule)
        if status == .denied {
            #expect(held == ["denied-refuses-adds", "asking-again-does-not-prompt"])
        } else {
            #expect(held.count == NotificationCenterConformance.rules.count - 1 && !held.contains("denied-refuses-adds"))
        }
    }

    @Test func aCentreThatBreaksARuleIsCaught() async {
        let keepsFirst = Misbehaving(FakeNotificationCenter(now: TestPlans.at(0)), keepsFirstOfAnIdentifier: true)
        let outcomes = await NotificationCenterConformance.run(
            .init(center: keepsFirst, now: { await keepsFirst.fake.now }, wait: { await keepsFirst.fake.advance(to: $0) }))
        #expect(outcomes.first { $0.rule == "identifier-replaces" }.map { if case .broken = $0.verdict { true } else { false } } == true)
        let noCapacity = FakeNotificationCenter(now: TestPlans.at(0), capacity: 1_000)
        let broken = await NotificationCenterConformance.run(
            .init(
                center: Misbehaving(noCapacity, claimedCapacity: 64), now: { await noCapacity.now },
                wait: { await noCapacity.advance(to: $0) }))
        #expect(
            broken.first { $0.rule == "capacity-keeps-the-soonest" }.map { if case .broken = $0.verdict { true } else { false } } == true)
    }

    @Test func theRegionFakeHoldsEveryRuleAndAnUnlimitedOneIsCaught() async {
        let outcomes = await RegionMonitorConformance.run(FakeRegionMonitor())
        #expect(outcomes.map(\.verdict) == Array(repeating: .held, count: RegionMonitorConformance.rules.count), "\(outcomes)")
        let unlimited = await RegionMonitorConformance.run(Unlimited(inner: FakeRegionMonitor(capacity: 1_000)))
        #expect(unlimited.first { $0.rule == "capacity-refuses-one-more" }?.verdict != .held)
    }
}

/// A centre that breaks a documented rule: keeps the first request of an identifier, or claims a
/// capacity it does not keep.
struct Misbehaving: NotificationCenterClient {
    let fake: FakeNotificationCenter
    var keepsFirstOfAnIdentifier = false
    var claimedCapacity: Int?

    init(_ fake: FakeNotificationCenter, keepsFirstOfAnIdentifier: Bool = false, claimedCapacity: Int? = nil) {
        self.fake = fake
        self.keepsFirstOfAnIdentifier = keepsFirstOfAnIdentifier
        self.claimedCapacity = claimedCapacity
    }

    var capacity: Int { claimedCapacity ?? fake.capacity }
    func authorization() async -> NotificationAuthorization { await fake.authorization() }
    func requestAuthorization(_ permissions: NotificationPermissions) async throws -> Bool {
        try await fake.requestAuthorization(permissions)
    }
    func pendingRequests() async -> [PendingNotificationRequest] { await fake.pendingRequests() }
    func add(_ request: NotificationRequest) async throws {
        if keepsFirstOfAnIdentifier, await fake.requests[request.identifier] != nil { return }
        try await fake.add(request)
    }
    func removePendingRequests(withIdentifiers identifiers: [String]) async {
        await fake.removePendingRequests(withIdentifiers: identifiers)
    }
    func deliveredNotifications() async -> [DeliveredNotification] { await fake.deliveredNotifications() }
}

/// A region monitor that claims the iPhone's 20 but never refuses one more.
struct Unlimited: RegionMonitorClient {
    let inner: FakeRegionMonitor
    var capacity: Int { 20 }
    func authorization() async -> LocationAuthorization { await inner.authorization() }
    func monitoredRegions() async -> [MonitoredRegion] { await inner.monitoredRegions() }
    func startMonitoring(_ region: MonitoredRegion) async throws { try await inner.startMonitoring(region) }
    func stopMonitoring(identifier: String) async { await inner.stopMonitoring(identifier: identifier) }
}
