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
}
