import AlmanacPlan
import AlmanacModel
import AlmanacSpec
import AlmanacTestSupport
import AlmanacTime
import Testing
@testable import AlmanacCompiler

/// The incremental region ranking against its definition: at every moment, a region is watched
/// without a position where fewer than `max_regions` better-ranked regions are (a full sweep over
/// all of them, per region). The plan keeps every armed window either way.
@Suite struct RegionBudgetDifferentialTests {
    typealias T = TestSupport

    /// The definition, quadratic: the reference the budget must agree with.
    static func reference(_ armed: [InstantIntervals], ranked: [Int], maxRegions: Int) -> [InstantIntervals] {
        var kept = [InstantIntervals](repeating: InstantIntervals(), count: armed.count)
        var keptSoFar: [InstantIntervals] = []
        for index in ranked {
            let full = InstantIntervals.covered(atLeast: max(0, maxRegions), by: keptSoFar)
            kept[index] = armed[index].subtracting(full)
            keptSoFar.append(kept[index])
        }
        return kept
    }

    @Test(arguments: [(1, 0), (2, 1), (3, 2), (4, 3), (5, 20), (6, 5), (7, 1)])
    func agreesWithTheSweepOnRandomRegions(_ seed: UInt64, _ maxRegions: Int) throws {
        var rng = SplitMix(seed: seed)
        let window = T.window("2026-12-07T06:00:00Z", "2026-12-10T06:00:00Z")
        var triggers: [Trigger] = []
        for i in 0..<40 {
            let from = Int(rng.next() % 20), length = 1 + Int(rng.next() % 6)
            var trigger = LocationArmingTests.location(String(format: "r%02d", i)) {
                $0.during = LocationArmingTests.during(
                    nil, String(format: "%02d:%02d", from, Int(rng.next() % 4) * 15),
                    String(format: "%02d:00", min(from + length, 23)))
            }
            trigger.priority = Int(rng.next() % 3)
            triggers.append(trigger)
        }
        let armings = triggers.map { trigger -> (trigger: Trigger, arming: LocationArming) in
            guard case .location(let rule) = trigger.kind else { fatalError() }
            return (
                trigger,
                LocationArming(
                    trigger: trigger, rule: rule,
                    table: OffsetTable(
                        zone: "America/Chicago", covering: window.from.adding(TimeSpan(seconds: -400_000)),
                        to: window.to.adding(TimeSpan(seconds: 400_000)))!, window: window)
            )
        }
        let ranked = armings.indices.sorted { a, b in
            let (ta, tb) = (armings[a].trigger, armings[b].trigger)
            return ta.priority != tb.priority ? ta.priority > tb.priority : ta.id < tb.id
        }
        #expect(armings.allSatisfy { !$0.arming.armed.isEmpty })
        let expected = Self.reference(armings.map(\.arming.armed), ranked: ranked, maxRegions: maxRegions)
        let budget = RegionBudget(armings, maxRegions: maxRegions)
        for (index, region) in budget.regions.enumerated() {
            #expect(budget.watchedWithoutPosition[index] == expected[index].windows, "\(region.trigger) with max_regions \(maxRegions)")
            #expect(region.armed == armings[index].arming.armed.windows)
        }
        #expect(budget.watchedWithoutPosition.contains { !$0.isEmpty } == (maxRegions > 0))
    }
}
