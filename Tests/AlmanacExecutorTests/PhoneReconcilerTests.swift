import AlmanacJSON
import AlmanacPhoneTesting
import AlmanacPlan
import AlmanacTestSupport
import AlmanacTime
import Testing
@testable import AlmanacExecutor

/// The phone adapter against the documented fake centre, driven by reconciles at later and later
/// instants over random plans (budgets up to 69 against the centre's 64, and up to 10 requests of
/// the app's own): after each reconcile the centre holds exactly the registration besides the
/// app's own requests, nothing wanted was ever dropped by the capacity, the count never went past
/// it, and the centre never held none of the plan's requests while both registrations held some.
@Suite struct PhoneReconcilerTests {
    /// A reconciler over `center` whose device clock is the centre's.
    static func reconciler(_ center: FakeNotificationCenter, regions: FakeRegionMonitor? = nil) -> PhoneReconciler {
        let clock = center.clock
        return PhoneReconciler(center: center, regions: regions, clock: { clock.now })
    }

    @Test func keepsTheCentreEqualToTheRegistrationWithinItsCapacity() async throws {
        var random = SplitMix(seed: 2027)
        var reconciles = 0, madeRoom = 0
        for _ in 0..<60 {
            var plan = CoverageTests.randomPlan(&random)
            plan.limits.maxPending = min(plan.limits.maxPending + 5, 69)
            var now = TestPlans.at(Int64(random.next() % 43_200))
            let center = FakeNotificationCenter(now: now)
            let own = Int(random.next() % 11)
            for i in 0..<own {
                try await center.add(
                    NotificationRequest(
                        identifier: "own-\(i)", date: TestPlans.at(400_000 + Int64(i)), content: .init(title: "mine"), userInfo: [:]))
            }
            let phone = Self.reconciler(center)
            for _ in 0..<4 {
                await center.advance(to: now)
                let before = await center.requests.values.count { $0.signature != nil }
                let start = await center.counts.count
                let report = try await phone.reconcile(plan, now: now)
                await center.settle()
                let registration = try #require(report.registration)
                let held = await center.requests
                #expect(Set(held.keys.filter { !$0.hasPrefix("own-") }) == Set(registration.fires.map(\.id)))
                #expect(held.keys.count { $0.hasPrefix("own-") } == own, "the app's own requests are never touched")
                #expect(report.appRequests == own && report.budget == 64 - own)
                #expect(registration.fires.count <= 64 - own)
                let dropped = await center.dropped
                #expect(dropped.isEmpty, "dropped \(dropped.prefix(3))")
                let counts = await center.counts[start...]
                #expect(counts.allSatisfy { $0 <= 64 })
                if before > 0 && !registration.fires.isEmpty { #expect(counts.allSatisfy { $0 > own }) }
                if counts.max() == 64 { madeRoom += 1 }
                reconciles += 1
                now = Instant(secondsSinceEpoch: now.secondsSinceEpoch + Int64(random.next() % 30_000))
            }
        }
        #expect(reconciles == 240)
        // Many reconciles filled the centre, and had to make room under its capacity as they went.
        #expect(madeRoom > 20)
    }

    /// A full centre and a new plan whose 64 fires all come after the old ones: each add would
    /// push a new (latest) request out, so a stale one is removed just before it.
    @Test func aFullCentreMakesRoomBeforeEachAdd() async throws {
        let old = TestPlans.plan(TestPlans.every("old", step: 60, from: 60, to: 65 * 60))
        let new = TestPlans.plan(TestPlans.every("new", step: 60, from: 70 * 60, to: 134 * 60))
        let center = FakeNotificationCenter(now: TestPlans.at(0))
        let phone = Self.reconciler(center)
        _ = try await phone.reconcile(old, now: TestPlans.at(0))
        #expect(await center.requests.count == 64)
        let start = await center.counts.count
        let report = try await phone.reconcile(new, now: TestPlans.at(0))
        await center.settle()
        #expect(report.registration?.fires.count == 64 && report.added == 64 && report.removed == 64)
        #expect(Set(await center.requests.keys) == Set(new.fires.map(\.id)))
        #expect(await center.dropped.isEmpty)
        #expect(await center.counts[start...].allSatisfy { $0 > 0 && $0 <= 64 })
    }

    /// A listing made before the centre applied a removal still shows the removed request: the
    /// adapter does not take it for pending, and adds it again when the new registration wants it.
    @Test func aRemovalNotYetAppliedIsNotTakenForPending() async throws {
        let first = TestPlans.plan(TestPlans.every("a", step: 600, to: 6_000))
        var second = first
        second.triggers["a"]?.payload = ["title": .string("moved")]
        let center = FakeNotificationCenter(now: TestPlans.at(0))
        let phone = Self.reconciler(center)
        _ = try await phone.reconcile(first, now: TestPlans.at(0))
        // An empty plan removes everything; the centre has not applied it when the next reconcile lists.
        _ = try await phone.reconcile(TestPlans.plan([]), now: TestPlans.at(0))
        _ = try await phone.reconcile(first, now: TestPlans.at(0))
        await center.settle()
        #expect(Set(await center.requests.keys) == Set(first.fires.dropFirst().map(\.id)))
        _ = try await phone.reconcile(second, now: TestPlans.at(0))
        await center.settle()
        #expect(await center.requests.values.allSatisfy { $0.content.title == "moved" })
    }

    /// A launch and a background refresh reconciling at once, with two different plans: the calls
    /// run one after the other, so neither plans from a listing the other is changing, and the
    /// centre never holds more than 64 nor drops a request.
    @Test func concurrentReconcilesRunOneAtATime() async throws {
        let old = TestPlans.plan(TestPlans.every("old", step: 60, from: 60, to: 65 * 60))
        let new = TestPlans.plan(TestPlans.every("new", step: 60, from: 70 * 60, to: 134 * 60))
        let other = TestPlans.plan(TestPlans.every("other", step: 60, from: 140 * 60, to: 204 * 60))
        for _ in 0..<10 {
            let center = FakeNotificationCenter(now: TestPlans.at(0))
            let clock = center.clock
            // A centre that lets other work run at every call, as a real one (another process) does.
            let phone = PhoneReconciler(center: Yielding(center), clock: { clock.now })
            _ = try await phone.reconcile(old, now: TestPlans.at(0))
            async let first = phone.reconcile(new, now: TestPlans.at(0))
            async let second = phone.reconcile(other, now: TestPlans.at(0))
            _ = try await (first, second)
            let (dropped, counts) = (await center.dropped, await center.counts)
            #expect(dropped.isEmpty && counts.allSatisfy { $0 <= 64 }, "dropped \(dropped.count)")
            await center.settle()
            let held = Set(await center.requests.keys)
            #expect(held == Set(other.fires.map(\.id)) || held == Set(new.fires.map(\.id)), "one call's registration, whole")
        }
    }

    /// Fires that came due on the device's clock before they could be added are skipped, not errors.
    @Test func firesDueByTheDevicesClockAreSkipped() async throws {
        let plan = TestPlans.plan(TestPlans.every("a", step: 60, to: 3_600))
        let center = FakeNotificationCenter(now: TestPlans.at(300))
        let report = try await Self.reconciler(center).reconcile(plan, now: TestPlans.at(0))
        #expect(report.registration?.fires.count == 59 && report.skippedAsDue == 5)
        #expect(Set(await center.requests.keys) == Set(plan.fires.filter { $0.at > TestPlans.at(300) }.map(\.id)))
    }
}

/// A centre whose every call first lets other tasks run, so concurrent reconciles interleave.
struct Yielding: NotificationCenterClient {
    let fake: FakeNotificationCenter
    init(_ fake: FakeNotificationCenter) { self.fake = fake }
    var capacity: Int { fake.capacity }
    func authorization() async -> NotificationAuthorization {
        await Task.yield()
        return await fake.authorization()
    }
    func requestAuthorization(_ permissions: NotificationPermissions) async throws -> Bool {
        try await fake.requestAuthorization(permissions)
    }
    func pendingRequests() async -> [PendingNotificationRequest] {
        await Task.yield()
        return await fake.pendingRequests()
    }
    func add(_ request: NotificationRequest) async throws {
        await Task.yield()
        try await fake.add(request)
    }
    func removePendingRequests(withIdentifiers identifiers: [String]) async {
        await Task.yield()
        await fake.removePendingRequests(withIdentifiers: identifiers)
    }
    func deliveredNotifications() async -> [DeliveredNotification] { await fake.deliveredNotifications() }
}
