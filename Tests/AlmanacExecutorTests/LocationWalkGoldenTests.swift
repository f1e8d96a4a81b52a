import AlmanacPlan
import AlmanacTestSupport
import AlmanacTime
import Foundation
import Testing
@testable import AlmanacExecutor

/// The synthetic walk (`LocationWalk`) through the regions of `examples/arrive-leave.yaml`,
/// simulated over its compiled golden plan: the spy record is compared fire by fire with a golden,
/// and checked against what the walk was designed to trigger.
@Suite struct LocationWalkGoldenTests {
    static let goldenDirectory = Golden.repositoryRoot + "/Tests/AlmanacExecutorTests/Golden/"
    static let planPath = Golden.repositoryRoot + "/Tests/AlmanacCompilerTests/Golden/examples/arrive-leave.plan.json"

    static func simulate() throws -> [String] {
        let plan = try PlanReader.read(contentsOfFile: planPath)
        let (fixes, problems) = LocationFixReader.read(Array(LocationWalk.track().utf8))
        #expect(problems.isEmpty)
        let record = LineSink()
        let monitor = LocationMonitor(feed: LocationFeed(fixes))
        let loop = try FireLoop(
            loadPlan: { plan }, backend: SpyBackend(output: record), journal: Journal(),
            clock: VirtualClock(start: plan.window.from),
            options: FireLoop.Options(until: Double(LocationWalk.seconds(local: "2026-11-29T00:00"))),
            locations: monitor)
        _ = try loop.run()
        return record.lines
    }

    @Test func trackMatchesGolden() {
        let failure = Golden.check(LocationWalk.track(), against: Self.goldenDirectory + "walk.track.jsonl")
        #expect(failure == nil, "\(failure ?? "")")
    }

    @Test func spyRecordMatchesGolden() throws {
        let lines = try Self.simulate()
        let failure = Golden.check(
            SpyRecordReader.expand(lines).joined(separator: "\n") + "\n", against: Self.goldenDirectory + "walk.simulate.jsonl")
        #expect(failure == nil, "\(failure ?? "")")
    }

    @Test func firesAreTheOnesTheWalkWasDesignedFor() throws {
        let fires = try Self.simulate().filter { $0.hasPrefix("{\"call\": \"fire\"") }.map { line -> String in
            let id = line.split(separator: "\"")[7]
            let event = line.components(separatedBy: "\"event\": \"")[1].prefix { $0 != "\"" }
            // The local hour is enough to tell the designed crossings apart.
            return "\(id.prefix(id.count - 6)) \(event)"
        }
        #expect(
            fires == [
                "arrive-office@2026-11-23T08 enter", "leave-office@2026-11-23T17 exit", "home-late@2026-11-23T22 enter",
                "arrive-office@2026-11-24T08 enter", "leave-office@2026-11-24T16 exit", "home-late@2026-11-25T00 enter",
                "gym-visit@2026-11-28T09 enter", "gym-visit@2026-11-28T10 exit",
            ])
    }

    @Test func everyFireHappensWhileItsRegionIsWatched() throws {
        var watched: Set<String> = []
        for line in try Self.simulate() {
            let trigger = line.components(separatedBy: "\"trigger\": \"").dropFirst().first.map { String($0.prefix { $0 != "\"" }) }
            if line.contains("\"call\": \"monitor\"") { watched.insert(trigger!) }
            if line.contains("\"call\": \"unmonitor\"") { watched.remove(trigger!) }
            if line.contains("\"call\": \"fire\"") { #expect(watched.contains(trigger!), "\(line)") }
        }
    }
}
