import AlmanacJSON
import AlmanacPhoneTesting
import AlmanacPlan
import AlmanacTime
import Testing
@testable import AlmanacExecutor

/// Authorization before anything is registered: not determined → the system prompt, once, for what
/// the plan's notifications use; authorized, provisional and ephemeral → registered; denied (or
/// refused at the prompt) → nothing added and nothing removed, said in the report.
@Suite struct PhoneAuthorizationTests {
    static let plan: Plan = {
        var plan = TestPlans.plan(TestPlans.every("pill", step: 3_600, from: 3_600, to: 20 * 3_600))
        plan.triggers["pill"]?.payload = ["title": .string("Pill"), "badge": .number("1")]
        return plan
    }()

    @Test func notDeterminedAsksOnceForWhatThePlanUses() async throws {
        let center = FakeNotificationCenter(now: TestPlans.at(0), authorization: .notDetermined, userGrants: true)
        let phone = PhoneReconcilerTests.reconciler(center)
        let first = try await phone.reconcile(Self.plan, now: TestPlans.at(0))
        #expect(first.asked == [.alert, .sound, .badge])
        #expect(first.authorization == .authorized && first.added == 19)
        let second = try await phone.reconcile(Self.plan, now: TestPlans.at(0))
        #expect(second.asked == nil && second.added == 0 && second.unchanged == 19)
        #expect(await center.prompts == [[.alert, .sound, .badge]], "the system prompts once")
    }

    @Test func theAppsOwnPermissionsWinAndProvisionalNeedsNoPrompt() async throws {
        let center = FakeNotificationCenter(now: TestPlans.at(0), authorization: .notDetermined, userGrants: false)
        let clock = center.clock
        let phone = PhoneReconciler(center: center, options: .init(permissions: [.alert, .provisional]), clock: { clock.now })
        let report = try await phone.reconcile(Self.plan, now: TestPlans.at(0))
        #expect(report.asked == [.alert, .provisional] && report.authorization == .provisional && report.added == 19)
        #expect(await center.prompts.isEmpty)
    }

    @Test(arguments: [NotificationAuthorization.authorized, .provisional, .ephemeral])
    func allowedStatesRegister(_ status: NotificationAuthorization) async throws {
        let center = FakeNotificationCenter(now: TestPlans.at(0), authorization: status)
        let report = try await PhoneReconcilerTests.reconciler(center).reconcile(Self.plan, now: TestPlans.at(0))
        #expect(report.asked == nil && report.authorization == status && report.added == 19)
        #expect(await center.requests.count == 19)
    }

    /// A user who turns notifications off in Settings: the next reconcile adds nothing, removes
    /// nothing (what was registered stays for when they turn them on again), never calls the
    /// centre's add (which would fail with notificationsNotAllowed), and says so.
    @Test func deniedRegistersNothingAndRemovesNothing() async throws {
        let center = FakeNotificationCenter(now: TestPlans.at(0))
        let phone = PhoneReconcilerTests.reconciler(center)
        _ = try await phone.reconcile(Self.plan, now: TestPlans.at(0))
        let held = await center.requests
        await center.setAuthorization(.denied)
        let adds = await center.adds.count
        var moved = Self.plan
        moved.triggers["pill"]?.payload["title"] = .string("Moved")
        let report = try await phone.reconcile(TestPlans.plan([]), now: TestPlans.at(0))
        let again = try await phone.reconcile(moved, now: TestPlans.at(0))
        await center.settle()
        for denied in [report, again] {
            #expect(denied.authorization == .denied && denied.registration == nil && denied.added == 0 && denied.removed == 0)
        }
        #expect(await center.requests == held)
        #expect(await center.adds.count == adds)
        await center.setAuthorization(.authorized)
        let back = try await phone.reconcile(moved, now: TestPlans.at(0))
        #expect(back.added == 19 && back.removed == 0)
    }

    /// The user turns notifications off while a reconcile is adding (the issue's "a denial makes
    /// `add` fail mid-reconcile, after the cancel, so the phone holds nothing"): the centre refuses
    /// the next add; the reconcile stops there without throwing, says denied, and removes nothing
    /// after it, so the phone keeps what it held plus what was added before the refusal.
    @Test func withdrawnWhileAddingStopsAndKeepsWhatThePhoneHeld() async throws {
        let old = TestPlans.plan(TestPlans.every("old", step: 60, from: 60, to: 31 * 60))
        let new = TestPlans.plan(TestPlans.every("new", step: 60, from: 40 * 60, to: 70 * 60))
        let center = FakeNotificationCenter(now: TestPlans.at(0))
        _ = try await PhoneReconcilerTests.reconciler(center).reconcile(old, now: TestPlans.at(0))
        let clock = center.clock
        let phone = PhoneReconciler(center: WithdrawsAfter(center, adds: 5), clock: { clock.now })
        let report = try await phone.reconcile(new, now: TestPlans.at(0))
        await center.settle()
        #expect(report.authorization == .denied && report.added == 5 && report.removed == 0)
        let held = Set(await center.requests.keys)
        #expect(held == Set(old.fires.map(\.id)).union(new.fires.prefix(5).map(\.id)), "\(held.sorted())")
        #expect(await center.adds.count == 30 + 6, "no add after the refused one")
    }

    @Test func refusedAtThePromptRegistersNothing() async throws {
        let center = FakeNotificationCenter(now: TestPlans.at(0), authorization: .notDetermined, userGrants: false)
        let report = try await PhoneReconcilerTests.reconciler(center).reconcile(Self.plan, now: TestPlans.at(0))
        #expect(report.asked != nil && report.authorization == .denied && report.registration == nil)
        #expect(await center.adds.isEmpty)
    }
}

/// A centre whose user turns notifications off in Settings after `adds` more adds.
struct WithdrawsAfter: NotificationCenterClient {
    let fake: FakeNotificationCenter
    let counter: Counter

    /// Counts the adds through it; an actor, since the client is `Sendable`.
    actor Counter {
        var left: Int
        init(_ left: Int) { self.left = left }
        /// True once the adds allowed are used up.
        func take() -> Bool {
            left -= 1
            return left < 0
        }
    }

    init(_ fake: FakeNotificationCenter, adds: Int) {
        self.fake = fake
        self.counter = Counter(adds)
    }

    var capacity: Int { fake.capacity }
    func authorization() async -> NotificationAuthorization { await fake.authorization() }
    func requestAuthorization(_ permissions: NotificationPermissions) async throws -> Bool {
        try await fake.requestAuthorization(permissions)
    }
    func pendingRequests() async -> [PendingNotificationRequest] { await fake.pendingRequests() }
    func add(_ request: NotificationRequest) async throws {
        if await counter.take() { await fake.setAuthorization(.denied) }
        try await fake.add(request)
    }
    func removePendingRequests(withIdentifiers identifiers: [String]) async {
        await fake.removePendingRequests(withIdentifiers: identifiers)
    }
    func deliveredNotifications() async -> [DeliveredNotification] { await fake.deliveredNotifications() }
}
