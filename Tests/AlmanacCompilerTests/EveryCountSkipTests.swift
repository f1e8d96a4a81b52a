import AlmanacPlan
import AlmanacModel
import AlmanacSpec
import AlmanacTestSupport
import AlmanacTime
import Testing
@testable import AlmanacCompiler

/// `count` on an `every` rule whose `start` lies far before the window is counted arithmetically:
/// the window's fires equal those of the definition (anchor + k·interval from the first k at or
/// after `start`, the first `count` of them), at any distance, without examining every candidate.
@Suite struct EveryCountSkipTests {
    typealias T = TestSupport

    static func trigger(interval: Int64, anchor: Int64, start: Int64, count: Int, zone: String) -> Trigger {
        var trigger = Trigger(
            id: "e", kind: .every(EveryRule(interval: TimeSpan(seconds: interval), anchor: Instant(secondsSinceEpoch: anchor))),
            timezone: zone)
        trigger.start = .instant(Instant(secondsSinceEpoch: start))
        trigger.count = count
        return trigger
    }

    /// The definition, computed directly.
    static func expected(interval: Int64, anchor: Int64, start: Int64, count: Int, window: Window) -> [Int64] {
        let first = anchor + (-floorDiv(anchor - start, interval)) * interval
        let last = first + Int64(count - 1) * interval
        var k = max(first, first + (-floorDiv(first - window.from.secondsSinceEpoch, interval)) * interval)
        var result: [Int64] = []
        while k <= last && k < window.to.secondsSinceEpoch {
            result.append(k)
            k += interval
        }
        return result
    }

    @Test(arguments: 0..<60)
    func countedFromAFarStartMatchesTheDefinition(_ seed: Int) throws {
        var random = SplitMix(seed: UInt64(seed) &* 104_729 &+ 7)
        let window = T.window("2027-03-20T00:00:00Z", "2027-04-03T00:00:00Z")
        let interval = Int64(60 + random.next() % 7_200)
        let anchor = Int64(random.next() % 100_000)
        let start = window.from.secondsSinceEpoch - Int64(random.next() % (400 * 86_400))
        // Counts that end before, inside and after the window.
        let reach = (window.from.secondsSinceEpoch - start) / interval
        let count = max(1, Int(reach) + Int(random.next() % 600) - 300)
        let zone = ["UTC", "Europe/Berlin", "Australia/Lord_Howe"][seed % 3]
        let plan = try T.compile(
            T.schedule(Self.trigger(interval: interval, anchor: anchor, start: start, count: count, zone: zone)), window
        ).plan
        #expect(
            plan.fires.map(\.at.secondsSinceEpoch)
                == Self.expected(interval: interval, anchor: anchor, start: start, count: count, window: window),
            "seed \(seed): every \(interval) s, count \(count)")
    }

    @Test func issueReproductionFinishesWithTheFires() throws {
        // `every: 1s` counted from year 1: a day of 2027 holds 86,400 of its fires.
        let trigger = Self.trigger(
            interval: 1, anchor: 0, start: T.instant("0001-01-01T00:00:00Z").secondsSinceEpoch,
            count: 1_000_000_000_000, zone: "UTC")
        let plan = try T.compile(T.schedule(trigger), T.window("2027-01-01T00:00:00Z", "2027-01-02T00:00:00Z")).plan
        #expect(plan.fires.count == 86_400)
    }
}
