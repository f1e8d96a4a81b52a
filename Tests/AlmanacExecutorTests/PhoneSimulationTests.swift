import AlmanacJSON
import AlmanacPlan
import AlmanacTestSupport
import AlmanacTime
import Testing
@testable import AlmanacExecutor

/// A phone delivers only what the app registered when it last ran, and holds no more than 64. Over
/// random plans (priorities, bursts, budgets, coverage) and random app opens: every delivery was
/// registered at that moment (the spy's record replayed), the phone never held more than 64, every
/// planned fire is delivered or reported once with a reason, and an app whose background refreshes
/// all run on time loses nothing after it first runs. Background refresh is granted as iOS might:
/// at most every 15 minutes, by chance, late, the same for the same seed.
@Suite struct PhoneSimulationTests {
    static func opens(_ random: inout SplitMix, in plan: Plan) -> [Instant] {
        let length = UInt64(plan.window.to.secondsSinceEpoch - plan.window.from.secondsSinceEpoch)
        return (0..<Int(random.next() % 6)).map { _ in TestPlans.at(Int64(random.next() % length)) }
    }

    @Test func deliversOnlyWhatWasRegistered() throws {
        var random = SplitMix(seed: 15)
        var delivered = 0, missed = 0
        for _ in 0..<70 {
            let plan = CoverageTests.randomPlan(&random)
            let sink = LineSink()
            let options = PhoneSimulation.Options(
                appOpens: Self.opens(&random, in: plan),
                backgroundRefresh: random.next() % 2 == 0 ? BackgroundRefresh(seed: random.next()) : nil,
                tapsOpenTheApp: random.next() % 3 == 0, strategy: random.next() % 2 == 0 ? .replace : .diff)
            let report = try PhoneSimulation.run(
                PlanFireSource(plan), from: plan.window.from, until: plan.window.to, options: options,
                backend: SpyBackend(output: sink, capacity: 64))
            #expect(try DiffCapacityTests.peaks(sink.lines).requests <= 64)
            // Replay the record: each delivered fire was held by the phone when it fired.
            var held: Set<String> = []
            var fired: [String] = []
            for line in sink.lines {
                let call = try #require(try JSONReader.parse(line).objectValue)
                guard case .string(let name)? = call["call"] else { continue }
                let id: String? = if case .string(let id)? = call["id"] { id } else { nil }
                switch name {
                case "cancelAll": held.removeAll()
                case "schedule", "add": held.insert(id!)
                case "remove": if case .array(let ids)? = call["ids"] { for case .string(let id) in ids { held.remove(id) } }
                case "fire":
                    #expect(held.remove(id!) != nil, "\(id!) delivered without being registered")
                    fired.append(id!)
                default: break
                }
            }
            #expect(report.planned == plan.fires.count)
            #expect(report.delivered == fired.count)
            #expect(report.delivered + report.missed.count == report.planned)
            #expect(Set(fired).isDisjoint(with: report.missed.map(\.fire.id)))
            #expect(
                report.reconciles
                    == sink.lines.filter { $0.contains("\"call\": \"cancelAll\"") || $0.contains("\"call\": \"pending\"") }.count)
            delivered += report.delivered
            missed += report.missed.count
        }
        // Both outcomes are common across the plans.
        #expect(delivered > 2_000)
        #expect(missed > 2_000)
    }

    /// With every background refresh granted and on time, an app that ran once loses no later fire —
    /// when each registration reaches at least 30 minutes ahead (the refresh is asked for 15 minutes
    /// before `refresh_by`, and never sooner than 15 minutes after the last run).
    @Test func refreshesThatRunOnTimeLoseNothingAfterTheFirstRun() throws {
        var random = SplitMix(seed: 16)
        var checked = 0
        for _ in 0..<70 {
            var plan = CoverageTests.randomPlan(&random)
            let times = plan.fires.map(\.at.secondsSinceEpoch)
            let busiest = times.indices.map { i in times[i...].prefix { $0 <= times[i] + 1_800 }.count }.max() ?? 0
            plan.limits.maxPending = max(plan.limits.maxPending, busiest + 1)
            plan.limits.minCoverage = WindowLength(days: 1)
            let open = TestPlans.at(Int64(random.next() % 86_400))
            let report = try PhoneSimulation.run(
                PlanFireSource(plan), from: plan.window.from, until: plan.window.to,
                options: PhoneSimulation.Options(appOpens: [open], backgroundRefresh: BackgroundRefresh(chance: 1, maxDelay: 0)))
            #expect(report.missed.allSatisfy { $0.fire.at <= open && $0.reason == .noReconcile }, "\(report.missed.prefix(2))")
            #expect(report.missed.count == plan.fires.filter { $0.at <= open }.count)
            checked += report.delivered
        }
        #expect(checked > 4_000)
    }

    /// A fire every 5 minutes, one pending slot: the old simulator refreshed 283 times a day; iOS
    /// grants no more than one refresh per 15 minutes here, some not at all, and the same seed gives
    /// the same simulation.
    @Test func backgroundRefreshIsRareLateAndSeeded() throws {
        let plan = TestPlans.plan(TestPlans.every("a", step: 300, to: 86_400), maxPending: 1)
        func run(_ refresh: BackgroundRefresh) throws -> PhoneSimulation.Report {
            try PhoneSimulation.run(
                PlanFireSource(plan), from: plan.window.from, until: plan.window.to,
                options: PhoneSimulation.Options(appOpens: (0..<12).map { TestPlans.at($0 * 7_200) }, backgroundRefresh: refresh))
        }
        let always = try run(BackgroundRefresh(chance: 1, maxDelay: 0))
        #expect(always.backgroundRefreshes > 70 && always.backgroundRefreshes + always.appOpens <= 96 + 12)
        let usual = try run(BackgroundRefresh())
        #expect(usual.backgroundRefreshes < always.backgroundRefreshes && usual.refreshesNotRun > 3, "\(usual.refreshesNotRun)")
        #expect(usual.missed.contains { $0.reason == .refreshDidNotRun })
        #expect(try run(BackgroundRefresh()) == usual)
        #expect(try run(BackgroundRefresh(seed: 2)) != usual)
        let never = try run(BackgroundRefresh(chance: 0))
        #expect(never.backgroundRefreshes == 0 && never.delivered == 12)
    }

    /// `max_pending: 500` on a phone: the simulation holds 64, as the phone would, and says so.
    @Test func aPhoneHoldsSixtyFourWhateverMaxPendingSays() throws {
        let plan = TestPlans.plan(TestPlans.every("med", step: 120, to: 86_400), maxPending: 500)
        let sink = LineSink()
        let report = try PhoneSimulation.run(
            PlanFireSource(plan), from: plan.window.from, until: plan.window.to,
            options: PhoneSimulation.Options(appOpens: [TestPlans.at(0)], strategy: .diff), backend: SpyBackend(output: sink, capacity: 64))
        #expect(report.delivered == 64 && report.maxPending == 500 && report.deviceCapacity == 64)
        #expect(try DiffCapacityTests.peaks(sink.lines).requests == 64)
        #expect(report.text.contains("max_pending is 500, but a phone holds 64 pending notifications: simulated with 64"))
    }

    /// Without background refresh or taps, the fires after the budget of each app open are lost to
    /// the budget, and those before the first open to its absence.
    @Test func reasonsNameTheBudgetAndTheAppNotRunning() throws {
        var plan = TestPlans.plan(TestPlans.every("a", step: 600, to: 86_400), maxPending: 10)
        plan.limits.minCoverage = WindowLength(days: 1)
        let report = try PhoneSimulation.run(
            PlanFireSource(plan), from: plan.window.from, until: plan.window.to,
            options: PhoneSimulation.Options(appOpens: [TestPlans.at(3_000)]))
        // Fires at 0…3000 s (6) before the open; 10 registered after it; the other 128 lost to the budget.
        #expect(report.missed.filter { $0.reason == .noReconcile }.count == 6)
        #expect(report.delivered == 10)
        #expect(report.missed.filter { $0.reason == .budget }.count == 128)
        #expect(report.missed.first { $0.reason == .budget }?.fire.at == TestPlans.at(9_600))
    }
}
