import AlmanacPlan
import AlmanacTestSupport
import AlmanacTime
import Testing
@testable import AlmanacExecutor

/// A notification centre with the platform's rules, in memory: at most 64 requests (past that it
/// keeps the soonest and drops the rest), a request with a known identifier replaces it, a date not
/// in the future is refused, and removals apply asynchronously — before the next add, but a listing
/// made before then still shows the removed requests.
final class FakeNotificationCenter: NotificationCenterClient {
    let capacity = 64
    var now: Instant
    private(set) var requests: [String: NotificationRequest] = [:]
    private var queuedRemovals: [String] = []
    /// Requests the capacity pushed out, and how many were held after each change.
    private(set) var dropped: [String] = []
    private(set) var counts: [Int] = []

    init(now: Instant) { self.now = now }

    func pendingRequests() throws -> [NotificationRequest] {
        requests.values.sorted { $0.identifier.utf8.lexicographicallyPrecedes($1.identifier.utf8) }
    }

    func add(_ request: NotificationRequest) throws {
        settle()
        guard request.date > now else { throw NotificationCenterError.dateInThePast(request.identifier) }
        requests[request.identifier] = request
        if requests.count > capacity {
            let latest = requests.values.max { ($0.date, $0.identifier) < ($1.date, $1.identifier) }!
            requests.removeValue(forKey: latest.identifier)
            dropped.append(latest.identifier)
        }
        counts.append(requests.count)
    }

    func removePendingRequests(withIdentifiers identifiers: [String]) { queuedRemovals += identifiers }

    /// Applies queued removals (the platform's queue catching up).
    func settle() {
        guard !queuedRemovals.isEmpty else { return }
        for id in queuedRemovals { requests.removeValue(forKey: id) }
        queuedRemovals = []
        counts.append(requests.count)
    }

    /// The clock moves to `instant`; what came due is delivered and leaves the pending list.
    func advance(to instant: Instant) {
        settle()
        now = instant
        for (id, request) in requests where request.date <= now { requests.removeValue(forKey: id) }
        counts.append(requests.count)
    }
}

/// The phone adapter over that centre, driven by diff reconciles at later and later instants over
/// random plans (budgets up to 69 against the centre's 64): after each reconcile the centre holds
/// exactly the registration, nothing wanted was ever dropped by the capacity, the centre never held
/// nothing while both registrations held something, and no past date was ever refused.
@Suite struct NotificationCenterBackendTests {
    @Test func keepsTheCentreEqualToTheRegistration() throws {
        var random = SplitMix(seed: 2027)
        var reconciles = 0, replaced = 0
        for _ in 0..<80 {
            var plan = CoverageTests.randomPlan(&random)
            plan.limits.maxPending = min(plan.limits.maxPending, 64)
            let index = PriorityIndex(plan)
            var now = TestPlans.at(Int64(random.next() % 43_200))
            let center = FakeNotificationCenter(now: now)
            let backend = NotificationCenterBackend(center: center, now: { center.now })
            for _ in 0..<5 {
                center.advance(to: now)
                let before = center.requests.count
                let start = center.counts.count
                let registration = try Reconciler.reconcile(plan, now: now, backend: backend, index: index, strategy: .diff)
                center.settle()
                #expect(Set(center.requests.keys) == Set(registration.fires.map(\.id)))
                #expect(center.dropped.isEmpty, "dropped \(center.dropped.prefix(3))")
                if before > 0 && !registration.fires.isEmpty {
                    #expect(center.counts[start...].allSatisfy { $0 > 0 })
                }
                if before > 0 && before + registration.fires.count > 64 { replaced += 1 }
                reconciles += 1
                now = Instant(secondsSinceEpoch: now.secondsSinceEpoch + Int64(random.next() % 30_000))
            }
        }
        #expect(reconciles == 400)
        // Many reconciles had to make room under the capacity as they went.
        #expect(replaced > 30)
    }

    /// A full centre and a new plan whose 64 fires all come after the old ones: each add would
    /// push a new (latest) request out, so a stale one is removed just before it.
    @Test func aFullCentreMakesRoomBeforeEachAdd() throws {
        let old = TestPlans.plan(TestPlans.every("old", step: 60, from: 60, to: 65 * 60))
        let new = TestPlans.plan(TestPlans.every("new", step: 60, from: 70 * 60, to: 134 * 60))
        let center = FakeNotificationCenter(now: TestPlans.at(0))
        let backend = NotificationCenterBackend(center: center, now: { center.now })
        try Reconciler.reconcile(old, now: TestPlans.at(0), backend: backend, strategy: .diff)
        #expect(center.requests.count == 64)
        let start = center.counts.count
        let registration = try Reconciler.reconcile(new, now: TestPlans.at(0), backend: backend, strategy: .diff)
        center.settle()
        #expect(registration.fires.count == 64)
        #expect(Set(center.requests.keys) == Set(registration.fires.map(\.id)))
        #expect(center.dropped.isEmpty)
        #expect(center.counts[start...].allSatisfy { $0 > 0 })
    }

    /// A listing made before the centre applied a removal still shows the removed request: the
    /// adapter does not take it for pending, and adds it again when the new registration wants it.
    @Test func aRemovalNotYetAppliedIsNotTakenForPending() throws {
        let first = TestPlans.plan(TestPlans.every("a", step: 600, to: 6_000))
        var second = first
        second.triggers["a"]?.payload = ["title": .string("moved")]
        let center = FakeNotificationCenter(now: TestPlans.at(0))
        let backend = NotificationCenterBackend(center: center, now: { center.now })
        try Reconciler.reconcile(first, now: TestPlans.at(0), backend: backend, strategy: .diff)
        // An empty plan removes everything; the centre has not applied it when the next reconcile lists.
        try Reconciler.reconcile(TestPlans.plan([]), now: TestPlans.at(0), backend: backend, strategy: .diff)
        try Reconciler.reconcile(first, now: TestPlans.at(0), backend: backend, strategy: .diff)
        center.settle()
        #expect(Set(center.requests.keys) == Set(first.fires.dropFirst().map(\.id)))
        try Reconciler.reconcile(second, now: TestPlans.at(0), backend: backend, strategy: .diff)
        center.settle()
        #expect(center.requests.values.allSatisfy { $0.title == "moved" })
    }

    /// Fires that came due on the device's clock before they could be added are skipped, not errors.
    @Test func firesDueByTheDevicesClockAreSkipped() throws {
        let plan = TestPlans.plan(TestPlans.every("a", step: 60, to: 3_600))
        let center = FakeNotificationCenter(now: TestPlans.at(300))
        let backend = NotificationCenterBackend(center: center, now: { center.now })
        let registration = try Reconciler.reconcile(plan, now: TestPlans.at(0), backend: backend, strategy: .diff)
        center.settle()
        #expect(registration.fires.count == 59)
        #expect(Set(center.requests.keys) == Set(registration.fires.filter { $0.at > TestPlans.at(300) }.map(\.id)))
    }

    /// Requests the app made itself carry no Almanac signature and are left alone.
    @Test func theAppsOwnRequestsAreLeftAlone() throws {
        let center = FakeNotificationCenter(now: TestPlans.at(0))
        try center.add(
            NotificationRequest(identifier: "own", date: TestPlans.at(100), title: "mine", body: nil, signature: "", trigger: ""))
        let backend = NotificationCenterBackend(center: center, now: { center.now })
        try Reconciler.reconcile(
            TestPlans.plan(TestPlans.every("a", step: 600, to: 6_000)), now: TestPlans.at(0), backend: backend, strategy: .diff)
        try backend.cancelAll()
        center.settle()
        #expect(Array(center.requests.keys) == ["own"])
    }
}
