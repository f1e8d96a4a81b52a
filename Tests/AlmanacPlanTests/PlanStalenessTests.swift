import AlmanacPlan
import AlmanacPlanDiff
import Foundation
import Testing

/// `PlanStaleness`, without a process: a committed plan equal to the fresh one is current; a missing,
/// changed or unreadable one gets the command that refreshes it and, when it differs, the diff.
@Suite struct PlanStalenessTests {
    static let command = "almanac compile s.yaml --from 2026-11-23 -o plan.json"

    static func files(_ committed: [UInt8]?, _ fresh: Plan = SamplePlan.plan) throws -> (current: String, fresh: String) {
        let dir = NSTemporaryDirectory() + "/staleness-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        if let committed { try OutputFile.write(committed, to: dir + "/plan.json") }
        try OutputFile.write(PlanWriter.render(fresh), to: dir + "/fresh.json")
        return (dir + "/plan.json", dir + "/fresh.json")
    }

    @Test func theSameBytesAreCurrent() throws {
        let (current, fresh) = try Self.files(PlanWriter.render(SamplePlan.plan))
        #expect(PlanStaleness.check(current: current, fresh: fresh, command: Self.command) == nil)
    }

    @Test func aMissingPlanIsToBeCreated() throws {
        let (current, fresh) = try Self.files(nil)
        #expect(
            PlanStaleness.check(current: current, fresh: fresh, command: Self.command)
                == "\(current) does not exist; run `\(Self.command)` to create it\n")
    }

    @Test func aChangedPlanSaysWhatChanged() throws {
        var old = SamplePlan.plan
        let dropped = old.fires.removeLast()
        let (current, fresh) = try Self.files(PlanWriter.render(old))
        let text = try #require(PlanStaleness.check(current: current, fresh: fresh, command: Self.command))
        #expect(text.hasPrefix("\(current) is out of date; run `\(Self.command)` to refresh it\n"))
        // The summary is the diff's text: the fire the committed plan lacks is listed.
        #expect(text.contains(dropped.id), "\(text)")
    }

    @Test func aCommittedFileThatIsNotAPlanSaysSo() throws {
        let (current, fresh) = try Self.files(Array("not a plan\n".utf8))
        let text = try #require(PlanStaleness.check(current: current, fresh: fresh, command: Self.command))
        #expect(text.contains("is out of date") && text.contains("(the committed plan cannot be read as a plan v1:"), "\(text)")
    }
}
