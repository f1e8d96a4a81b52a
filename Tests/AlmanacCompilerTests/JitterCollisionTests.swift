import AlmanacPlan
import AlmanacModel
import AlmanacSpec
import AlmanacTestSupport
import AlmanacTime
import Testing
@testable import AlmanacCompiler

/// "A trigger never fires twice at the same instant" holds after jitter too, and a fire's instant
/// does not depend on the window it was compiled in.
@Suite struct JitterCollisionTests {
    typealias T = TestSupport

    static let zones = ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "UTC"]

    static func trigger(_ seed: UInt64) -> Trigger {
        var random = SplitMix(seed: seed)
        let zone = zones[Int(random.next() % UInt64(zones.count))]
        let jitters: [Int64] = [2, 30, 599, 600, 3_599, 7_200]
        let jitter = jitters[Int(random.next() % UInt64(jitters.count))]
        let kind: TriggerKind
        switch random.next() % 3 {
        case 0: kind = .cron(T.cron(["*/5 * * * *", "*/1 * * * *", "0,1,2,3 * * * *", "*/15 9-17 * * *"][Int(random.next() % 4)]))
        case 1: kind = .every(EveryRule(interval: TimeSpan(seconds: Int64(60 + random.next() % 900))))
        default: kind = .cron(T.cron("\(random.next() % 60) * * * *"))
        }
        var trigger = Trigger(id: "j", kind: kind, timezone: zone)
        trigger.jitter = TimeSpan(seconds: jitter)
        return trigger
    }

    @Test func issueReproduction() throws {
        // `*/5` with 10 minutes of jitter in Berlin over January 2027: 16 instants carried two fires.
        var trigger = Trigger(id: "j", kind: .cron(T.cron("*/5 * * * *")), timezone: "Europe/Berlin")
        trigger.jitter = TimeSpan(seconds: 600)
        let plan = try T.compile(T.schedule(trigger), T.window("2027-01-01T00:00:00Z", "2027-02-01T00:00:00Z")).plan
        let instants = plan.fires.map(\.at)
        #expect(instants.count == 31 * 288)
        #expect(Set(instants).count == instants.count)
    }

    @Test(arguments: 0..<40)
    func noTwoFiresOfATriggerShareAnInstantAndWindowsChain(_ seed: Int) throws {
        let trigger = Self.trigger(UInt64(seed) &* 7919 &+ 13)
        let whole = try T.compile(T.schedule(trigger), T.window("2027-03-20T00:00:00Z", "2027-04-10T00:00:00Z")).plan.fires
        let instants = whole.map(\.at)
        #expect(Set(instants).count == instants.count, "two fires on one instant (seed \(seed))")
        #expect(Set(whole.map(\.id)).count == whole.count)
        // The same fires, compiled as two windows that chain, at the same instants.
        let first = try T.compile(T.schedule(trigger), T.window("2027-03-20T00:00:00Z", "2027-03-31T13:17:00Z")).plan.fires
        let second = try T.compile(T.schedule(trigger), T.window("2027-03-31T13:17:00Z", "2027-04-10T00:00:00Z")).plan.fires
        #expect(first + second == whole, "windows do not chain (seed \(seed))")
    }

    /// Dense triggers, whose jitter spans many fires: a fire's instant must not depend on how many
    /// fires before it the window let the expansion see.
    static func dense(_ seed: UInt64) -> Trigger {
        var random = SplitMix(seed: seed)
        let interval = Int64(1 + random.next() % 2)
        let kind: TriggerKind
        // Chains of collisions need about a fire a second: `every` of 1–2 s; cron for the DST day.
        switch random.next() % 4 {
        case 0, 1: kind = .every(EveryRule(interval: TimeSpan(seconds: interval)))
        case 2: kind = .cron(T.cron("*/\(1 + random.next() % 3) * * * *"))
        default: kind = .cron(T.cron("* 0-7 * * *"))
        }
        var trigger = Trigger(id: "d", kind: kind, timezone: zones[Int(random.next() % UInt64(zones.count))])
        let ratio = [2, 17, 300, 1_000][Int(random.next() % 4)]
        trigger.jitter = TimeSpan(seconds: min(Trigger.maxJitterSeconds, interval * Int64(ratio)))
        return trigger
    }

    @Test func denseIssueReproduction() throws {
        // `every: 1s`, `jitter: 1000s` over [00:00, 06:00) and over [05:00, 06:00): the shared hour
        // differed in 672 of 3,600 instants, and 2 fires were in one window only.
        var trigger = Trigger(id: "j", kind: .every(EveryRule(interval: TimeSpan(seconds: 1))), timezone: "UTC")
        trigger.jitter = TimeSpan(seconds: 1_000)
        let long = try T.compile(T.schedule(trigger), T.window("2027-01-01T00:00:00Z", "2027-01-01T06:00:00Z")).plan.fires
        let short = try T.compile(T.schedule(trigger), T.window("2027-01-01T05:00:00Z", "2027-01-01T06:00:00Z")).plan.fires
        let from = T.instant("2027-01-01T05:00:00Z")
        #expect(short.count == 3_600)
        #expect(Self.differences(long.filter { $0.at >= from }, short) == 0)
    }

    /// How many fires two lists disagree on (a count keeps a failure's message short).
    static func differences(_ a: [Fire], _ b: [Fire]) -> Int {
        Set(a.map { "\($0.id)=\($0.at)" }).symmetricDifference(b.map { "\($0.id)=\($0.at)" }).count
    }

    @Test(arguments: 0..<24)
    func denseFiresTakeTheSameInstantInEveryWindow(_ seed: Int) throws {
        let trigger = Self.dense(UInt64(seed) &* 104_729 &+ 7)
        let schedule = T.schedule(trigger)
        let whole = try T.compile(schedule, T.window("2027-03-13T18:00:00Z", "2027-03-14T09:00:00Z")).plan.fires
        #expect(Set(whole.map(\.at)).count == whole.count, "two fires on one instant (seed \(seed))")
        for start in ["2027-03-14T06:00:00Z", "2027-03-14T06:59:59Z", "2027-03-14T08:30:07Z"] {
            let part = try T.compile(schedule, T.window(start, "2027-03-14T09:00:00Z")).plan.fires
            #expect(Self.differences(whole.filter { $0.at >= T.instant(start) }, part) == 0, "window from \(start) (seed \(seed))")
        }
        let first = try T.compile(schedule, T.window("2027-03-13T18:00:00Z", "2027-03-14T06:13:00Z")).plan.fires
        let second = try T.compile(schedule, T.window("2027-03-14T06:13:00Z", "2027-03-14T09:00:00Z")).plan.fires
        #expect(Self.differences(first + second, whole) == 0, "windows do not chain (seed \(seed))")
        #expect((first + second).elementsEqual(whole), "windows do not chain in order (seed \(seed))")
    }
}
