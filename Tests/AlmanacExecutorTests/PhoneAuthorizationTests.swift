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

    @Test func refusedAtThePromptRegistersNothing() async throws {
        let center = FakeNotificationCenter(now: TestPlans.at(0), authorization: .notDetermined, userGrants: false)
        let report = try await PhoneReconcilerTests.reconciler(center).reconcile(Self.plan, now: TestPlans.at(0))
        #expect(report.asked != nil && report.authorization == .denied && report.registration == nil)
        #expect(await center.adds.isEmpty)
    }
}
