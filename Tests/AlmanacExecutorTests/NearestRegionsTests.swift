import AlmanacPlan
import AlmanacRegistration
import AlmanacTime
import Testing
@testable import AlmanacExecutor

/// More regions armed than `max_regions`: the executor watches the `max_regions - 1` nearest the
/// device and a refresh region around it, and chooses again when the device leaves it, as apps do.
/// A walk past 30 regions with a budget of 20 fires all 30 (a priority-only choice fires 20), with
/// never more than 20 watched at once.
@Suite struct NearestRegionsTests {
    static let metresPerDegree = 111_195.08

    /// `count` regions of radius 100 m, 500 m apart along the equator eastwards, armed all day.
    static func plan(count: Int = 30, maxRegions: Int = 20) -> Plan {
        let regions = (0..<count).map { i in
            PlanRegion(
                trigger: String(format: "r%02d", i), on: .enter, latitude: "0",
                longitude: RegionChoice.coordinate(Double(i) * 500 / metresPerDegree), radius: "100",
                armed: [Window(from: TestPlans.at(0), to: TestPlans.at(86_400))])
        }
        return TestPlans.plan([], maxRegions: maxRegions, regions: regions)
    }

    /// A walk along the equator from 1 km west of the first region to past the last, 20 m every 10 s.
    static func walk(count: Int = 30) -> [LocationFix] {
        let end = Double(count) * 500 + 500
        return stride(from: -1_000.0, through: end, by: 20).enumerated().map { i, metres in
            LocationFix(at: TestPlans.at(60 + Int64(i) * 10), latitude: 0, longitude: metres / metresPerDegree, accuracy: 5)
        }
    }

    @Test func aWalkPastThirtyRegionsFiresEachWithTwentyWatched() throws {
        let (lines, summary) = try LocationMonitorTests.simulate(Self.plan(), Self.walk())
        let calls = LocationMonitorTests.calls(lines)
        let entered = calls.filter { $0.hasPrefix("fire ") }.map { $0.split(separator: " ")[1] }
        #expect(entered == (0..<30).map { Substring(String(format: "r%02d", $0)) })
        #expect(summary.locationFires == 30)
        // Watched at once: never more than the budget, refresh region included.
        var watched: Set<String> = []
        for call in calls {
            let parts = call.split(separator: " ")
            if parts[0] == "cancelAll" { watched.removeAll() }
            if parts[0] == "monitor" { watched.insert(String(parts[1])) }
            if parts[0] == "unmonitor" { watched.remove(String(parts[1])) }
            #expect(watched.count <= 20, "\(call)")
        }
        // The refresh region was left and placed again as the walk went on.
        #expect(calls.filter { $0 == "monitor @refresh" }.count >= 3)
    }

    @Test func withoutAPositionPriorityChooses() {
        var plan = Self.plan(count: 5, maxRegions: 3)
        plan.triggers["r04"]?.priority = 9
        let chosen = RegionChoice.activeRegions(in: plan, at: TestPlans.at(10)).map(\.trigger)
        #expect(chosen == ["r00", "r01", "r04"])
    }

    @Test func withAPositionTheNearestAndARefreshRegion() throws {
        let plan = Self.plan(count: 6, maxRegions: 3)
        // At 1,240 m east: r02 (centre 1,000 m, edge 140 m away) and r03 (edge 160 m away) are
        // nearest; r01 (edge 640 m away) is the nearest left out.
        let position = LocationFix(at: TestPlans.at(10), latitude: 0, longitude: 1_240 / Self.metresPerDegree)
        let chosen = RegionChoice.activeRegions(in: plan, at: TestPlans.at(10), position: position)
        #expect(chosen.map(\.trigger) == ["r02", "r03", "@refresh"])
        let refresh = try #require(chosen.last)
        #expect(refresh.on == .exit)
        // It reaches the nearest region left out, r01's edge, and no further.
        let radius = try #require(Double(refresh.radius))
        #expect(radius >= 630 && radius <= 640)
        // Under the budget, no refresh region.
        #expect(RegionChoice.activeRegions(in: Self.plan(count: 3, maxRegions: 3), at: TestPlans.at(10), position: position).count == 3)
    }
}
