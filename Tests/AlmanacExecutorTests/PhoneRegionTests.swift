import AlmanacJSON
import AlmanacPhoneTesting
import AlmanacPlan
import AlmanacTime
import AlmanacVocabulary
import Testing
@testable import AlmanacExecutor

/// Regions through Core Location's region monitoring: never more than the 20 the app may watch
/// (its own regions counted), the stale ones stopped before new ones start, nothing watched without
/// location authorization, and a crossing delivered as a notification when its trigger asks for it.
@Suite struct PhoneRegionTests {
    /// 30 location triggers, the i-th armed from `first + i × 30 min` for 50 000 s
    /// (all for a day from 0 when `first` is nil): often more than a phone watches.
    static func plan(armedFrom first: Int64? = nil, maxRegions: Int = 20) -> Plan {
        let regions = (0..<30).map { i in
            let from = first.map { $0 + Int64(i) * 1_800 } ?? 0
            return PlanRegion(
                trigger: "place-\(10 + i)", on: i % 3 == 0 ? .both : .enter, latitude: "48.\(10 + i)", longitude: "2.35", radius: "150",
                cooldown: 600, armed: [Window(from: TestPlans.at(from), to: TestPlans.at(from + (first == nil ? 86_400 : 50_000)))])
        }
        var plan = TestPlans.plan([], maxRegions: maxRegions, regions: regions)
        for region in regions { plan.triggers[region.trigger] = PlanTrigger(kind: "location", payload: ["title": .string(region.trigger)]) }
        return plan
    }

    @Test func neverMoreThanTheDeviceWatchesAndStaleOnesStopFirst() async throws {
        let center = FakeNotificationCenter(now: TestPlans.at(0))
        let monitor = FakeRegionMonitor()
        try await monitor.startMonitoring(
            MonitoredRegion(identifier: "home", latitude: 1, longitude: 1, radius: 100, notifyOnEntry: true, notifyOnExit: true))
        let phone = PhoneReconcilerTests.reconciler(center, regions: monitor)
        let plan = Self.plan(armedFrom: 0, maxRegions: 30)
        var now = TestPlans.at(0)
        for step in 0..<14 {
            let report = try await phone.reconcile(plan, now: now)
            let watched = await monitor.monitoredRegions()
            let wanted = Set((report.registration?.regions ?? []).map { MonitoredRegion.identifierPrefix + $0.trigger })
            #expect(report.appRegions == 1 && report.regionBudget == 19)
            #expect(Set(watched.map(\.identifier)) == wanted.union(["home"]), "step \(step)")
            #expect(wanted.count <= 19)
            now = Instant(secondsSinceEpoch: now.secondsSinceEpoch + 5_400)
        }
        let (peak, refused) = (await monitor.peak, await monitor.refused)
        #expect(peak <= 20 && refused.isEmpty)
        // Each stop came before any start of the same reconcile: the count never went past the limit.
        let calls = await monitor.calls
        #expect(calls.contains { $0.hasPrefix("-almanac:") }, "stale regions are stopped")
        #expect(!calls.contains("-home"), "the app's own region is left alone")
    }

    /// What a diff reconcile of the spy did wrong (issue 27: 31 regions watched after two reconciles,
    /// no unmonitor): the same plans through the phone adapter.
    @Test func thirtyRegionsTwoReconcilesStayWithinTwenty() async throws {
        let center = FakeNotificationCenter(now: TestPlans.at(0))
        let monitor = FakeRegionMonitor()
        let phone = PhoneReconcilerTests.reconciler(center, regions: monitor)
        _ = try await phone.reconcile(Self.plan(), now: TestPlans.at(0))
        #expect(await monitor.monitoredRegions().count == 20)
        _ = try await phone.reconcile(Self.plan(armedFrom: 3_600), now: TestPlans.at(60_000))
        #expect(await monitor.monitoredRegions().count <= 20)
        #expect(await monitor.peak == 20)
    }

    @Test func withoutLocationAuthorizationNothingIsWatched() async throws {
        let center = FakeNotificationCenter(now: TestPlans.at(0))
        let monitor = FakeRegionMonitor(authorization: .denied)
        let report = try await PhoneReconcilerTests.reconciler(center, regions: monitor).reconcile(Self.plan(), now: TestPlans.at(0))
        #expect(report.locationAuthorization == .denied && report.regionsStarted == 0)
        #expect(await monitor.calls.isEmpty)
    }

    @Test func aCrossingIsDeliveredWhenItsTriggerAsksForIt() async throws {
        let plan = Self.plan(armedFrom: 0)
        let center = FakeNotificationCenter(now: TestPlans.at(0))
        let phone = PhoneReconcilerTests.reconciler(center)
        let id = MonitoredRegion.identifierPrefix + "place-11"
        /// Core Location reports a crossing as it happens: the device's clock is then.
        func cross(_ region: String = id, _ event: PlanRegion.Event = .enter, at seconds: Int64) async throws -> Fire? {
            await center.advance(to: TestPlans.at(seconds))
            return try await phone.crossing(region, event: event, at: TestPlans.at(seconds), plan: plan)
        }
        // place-11 (enter only) is armed from 1 800 s on.
        #expect(try await cross(at: 100) == nil, "not armed yet")
        #expect(try await cross(id, .exit, at: 2_000) == nil, "it asks for enter only")
        let fire = try #require(try await cross(at: 2_000))
        #expect(fire.id == "place-11@2026-11-23T05:33:20")
        #expect(try await cross(at: 2_300) == nil, "within its 600 s cooldown")
        #expect(try await cross(at: 2_700) != nil)
        #expect(try await cross("home", at: 3_500) == nil, "the app's own region")
        let delivered = await center.delivered.map(\.identifier)
        #expect(delivered == ["place-11@2026-11-23T05:33:20", "place-11@2026-11-23T05:45:00"])
        #expect(await center.requests.isEmpty, "a crossing is delivered, never pending")
        await center.setAuthorization(.denied)
        #expect(try await cross(at: 5_000) == nil)
    }

    /// The cooldown survives a relaunch: a new reconciler reads the last delivery from the centre.
    @Test func theCooldownOutlivesTheApp() async throws {
        let plan = Self.plan(armedFrom: 0)
        let center = FakeNotificationCenter(now: TestPlans.at(2_000))
        let id = MonitoredRegion.identifierPrefix + "place-11"
        _ = try await PhoneReconcilerTests.reconciler(center).crossing(id, event: .enter, at: TestPlans.at(2_000), plan: plan)
        await center.advance(to: TestPlans.at(2_200))
        let relaunched = PhoneReconcilerTests.reconciler(center)
        #expect(try await relaunched.crossing(id, event: .enter, at: TestPlans.at(2_200), plan: plan) == nil)
        #expect(await center.delivered.count == 1)
    }
}
