import AlmanacTestSupport
import AlmanacJSON
import AlmanacTime
import Foundation
import Testing
@testable import AlmanacPlan
@testable import AlmanacPlanDiff

/// The streaming `PlanDiff` (fires merged from two sources, waiting fires in bounded tables, only
/// the listed changes kept) against the in-memory matcher it replaced (`WholePlanFireMatcher`, kept
/// here as the reference): the same changes, in the same order, per trigger, from memory and from
/// files, in one pass or split into groups, listing all or a few; and the renderers' bytes the same.
@Suite struct StreamingPlanDiffTests {
    typealias P = SamplePlan

    /// Each trigger's changes as the whole-plan matcher found them, in its order.
    static func reference(_ old: Plan, _ new: Plan) -> [String: [PlanDiff.FireChange]] {
        var byTrigger: [String: [PlanDiff.FireChange]] = [:]
        for change in WholePlanFireMatcher.match(old: old.fires, new: new.fires) {
            let item: PlanDiff.FireChange
            switch change.kind {
            case .added: item = .added(new.fires[Int(change.new)])
            case .removed: item = .removed(old.fires[Int(change.old)])
            case .moved: item = .moved(from: old.fires[Int(change.old)], to: new.fires[Int(change.new)])
            }
            byTrigger[item.placement.trigger, default: []].append(item)
        }
        return byTrigger
    }

    /// Random plans over triggers `a`…`e` (the new one drops `e` and adds `f`): kept, moved
    /// (jitter, another offset), removed and added fires, second passes and ids kept as written.
    static func randomPair(seed: UInt64, size: Int) -> (old: Plan, new: Plan) {
        var rng = SplitMix(seed: seed)
        let base = P.local(2026, 3, 1, 0, 0).wallSeconds
        func randomFires(_ triggers: [String], count: Int) -> [Fire] {
            var fires: [String: Fire] = [:]
            for _ in 0..<count {
                let trigger = triggers[Int(rng.next() % UInt64(triggers.count))]
                let wall = base + Int64(rng.next() % UInt64(size * 3)) * 600
                let offset = 3600 * Int(rng.next() % 3)
                let at = Instant(secondsSinceEpoch: wall - Int64(offset) + Int64(rng.next() % 3) * 300)
                var fire = Fire(at: at, trigger: trigger, offset: offset, nominalWall: wall, secondPass: rng.next() % 9 == 0)
                fire.isMoved = at.secondsSinceEpoch != wall - Int64(offset)
                if rng.next() % 11 == 0 {
                    // An id kept as written: its text names another wall time than `nominal`.
                    let local = LocalDateTime(wallSeconds: at.secondsSinceEpoch + Int64(offset))
                    fire = Fire(
                        at: at, trigger: trigger, local: local, offset: offset,
                        id: "\(trigger)@\(LocalDateTime(wallSeconds: wall + 60))", nominal: LocalDateTime(wallSeconds: wall))
                }
                fires[fire.id] = fire
            }
            return fires.values.sorted(by: Fire.precedes)
        }
        func triggers(_ ids: [String]) -> [String: PlanTrigger] {
            Dictionary(uniqueKeysWithValues: ids.map { ($0, PlanTrigger(kind: "every")) })
        }
        var old = P.empty
        old.window = Window(
            from: Instant(secondsSinceEpoch: base - 86_400), to: Instant(secondsSinceEpoch: base + Int64(size) * 3 * 600 + 86_400))
        old.triggers = triggers(["a", "b", "c", "d", "e"])
        old.fires = randomFires(["a", "b", "c", "d", "e"], count: size)
        var new = old
        new.triggers = triggers(["a", "b", "c", "d", "f"])
        var kept: [Fire] = []
        for fire in old.fires where fire.trigger != "e" && rng.next() % 5 != 0 {
            var copy = fire
            switch rng.next() % 8 {
            case 0: copy.at = fire.at.adding(TimeSpan(seconds: Int64(rng.next() % 7) * 600 - 1800))
            case 1: copy.offset += 1800
            default: break
            }
            kept.append(copy)
        }
        var seen = Set<String>()
        new.fires = (kept + randomFires(["a", "b", "c", "d", "f"], count: size / 3)).filter { seen.insert($0.id).inserted }
        new.fires.sort(by: Fire.precedes)
        return (old, new)
    }

    /// Both plans written as files and opened as sources, as the commands read them.
    static func sources(_ old: Plan, _ new: Plan) throws -> (PlanFireSource, PlanFireSource) {
        let dir = NSTemporaryDirectory() + "/streaming-diff-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(PlanWriter.render(old)).write(to: URL(fileURLWithPath: dir + "/old.json"))
        try Data(PlanWriter.render(new)).write(to: URL(fileURLWithPath: dir + "/new.json"))
        // Opened sources keep their descriptors: the files may go.
        return (try PlanFireSource.open(path: dir + "/old.json"), try PlanFireSource.open(path: dir + "/new.json"))
    }

    static func changes(_ diff: PlanDiff) -> [String: [PlanDiff.FireChange]] {
        var out: [String: [PlanDiff.FireChange]] = [:]
        for trigger in diff.triggers where trigger.fireChangeCount > 0 { out[trigger.id] = diff.fireChanges(of: trigger) }
        return out
    }

    @Test(arguments: 1...30)
    func randomPlansGiveTheWholePlanMatchersChanges(seed: UInt64) throws {
        let (old, new) = Self.randomPair(seed: seed, size: 40 + Int(seed) * 7)
        let expected = Self.reference(old, new)
        #expect(expected.values.contains { $0.contains { if case .moved = $0 { true } else { false } } }, "the edits include moves")
        let inMemory = PlanDiff(old: old, new: new)
        #expect(Self.changes(inMemory) == expected)
        let (oldSource, newSource) = try Self.sources(old, new)
        // Small limits split the merge into 8, 64, … groups (`passesSplitWhenTheTablesOverflow`).
        for limit in [8, 40, FireMerge.defaultPendingLimit] {
            let fromFiles = try PlanDiff(old: oldSource, new: newSource, pendingLimit: limit)
            #expect(Self.changes(fromFiles) == expected, "pending limit \(limit)")
            #expect(fromFiles.oldFireCount == old.fires.count && fromFiles.newFireCount == new.fires.count)
            #expect(fromFiles.triggers == inMemory.triggers)
        }
    }

    /// A diff that keeps only the changes it lists renders the same bytes as one that keeps all.
    @Test(arguments: 1...10)
    func listingOnlyWhatIsShownRendersTheSameBytes(seed: UInt64) throws {
        let (old, new) = Self.randomPair(seed: seed, size: 200)
        let (oldSource, newSource) = try Self.sources(old, new)
        let whole = PlanDiff(old: old, new: new)
        for limit in [0, 1, 3, 10, 20] {
            let listed = try PlanDiff(old: oldSource, new: newSource, listing: limit, pendingLimit: 16)
            let options = PlanDiffOptions(oldLabel: "old", newLabel: "new", limit: limit)
            #expect(PlanDiffText.render(listed, options) == PlanDiffText.render(whole, options))
            #expect(PlanDiffMarkdown.render(listed, options) == PlanDiffMarkdown.render(whole, options))
            #expect(PlanDiffJSON.render(listed, options) == PlanDiffJSON.render(whole, options))
        }
    }

    /// A table that outgrows its limit starts the merge over in more groups, each pass pairing
    /// its share of the fires: the changes are the same as in one pass.
    @Test func passesSplitWhenTheTablesOverflow() throws {
        let (old, new) = Self.randomPair(seed: 7, size: 400)
        let (oldSource, newSource) = try Self.sources(old, new)
        var attempts = 0
        let merged = try FireMerge.run(old: oldSource, new: newSource, pendingLimit: 8) { () -> FireChangeCollector in
            attempts += 1
            return FireChangeCollector(listing: .max)
        }
        #expect(attempts > 1)
        let single = try FireMerge.run(old: oldSource, new: newSource) { FireChangeCollector(listing: .max) }
        #expect(merged.totals == single.totals)
        for (trigger, tally) in single.consumer.tallies {
            #expect(merged.consumer.tallies[trigger]?.sorted() == tally.sorted(), "\(trigger)")
        }
        #expect(merged.consumer.tallies.count == single.consumer.tallies.count)
    }

    /// Fires of a trigger the other plan does not declare never wait for a partner: a plan that
    /// adds a trigger of many fires diffs in one pass within a small table.
    @Test func anAddedTriggersFiresDoNotWait() throws {
        var old = P.empty
        old.window = Window(from: Instant(secondsSinceEpoch: 0), to: Instant(secondsSinceEpoch: 10_000_000))
        old.triggers = ["a": PlanTrigger(kind: "every")]
        var new = old
        new.triggers["b"] = PlanTrigger(kind: "every")
        new.fires = (0..<5_000).map {
            Fire(at: Instant(secondsSinceEpoch: Int64($0) * 60), trigger: "b", offset: 0, nominalWall: Int64($0) * 60)
        }
        var attempts = 0
        let merged = try FireMerge.run(old: PlanFireSource(old), new: PlanFireSource(new), pendingLimit: 1) { () -> FireChangeCollector in
            attempts += 1
            return FireChangeCollector(listing: 0)
        }
        #expect(attempts == 1)
        #expect(merged.consumer.tallies["b"]?.added == 5_000)
    }

    /// A fire that cannot be read is reported as its side's.
    @Test func anUnreadableFireNamesItsSide() throws {
        let (old, new) = Self.randomPair(seed: 3, size: 50)
        let dir = NSTemporaryDirectory() + "/streaming-diff-bad-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var broken = new
        // A fire of a trigger the header does not declare, halfway through.
        let middle = broken.fires[broken.fires.count / 2]
        broken.fires.append(Fire(at: middle.at, trigger: "zz", offset: 0, nominalWall: middle.at.secondsSinceEpoch))
        broken.fires.sort(by: Fire.precedes)
        try Data(PlanWriter.render(broken)).write(to: URL(fileURLWithPath: dir + "/new.json"))
        let newSource = try PlanFireSource.open(path: dir + "/new.json")
        #expect {
            try PlanDiff(old: PlanFireSource(old), new: newSource)
        } throws: { error in
            guard let failure = error as? FireMerge.ReadError else { return false }
            return failure.side == .new && failure.error.line != nil && failure.error.message.contains("\"zz\" is not declared")
        }
    }
}
