import AlmanacTime
import Foundation
import Testing
@testable import AlmanacPlan
@testable import AlmanacPlanDiff

/// A diff that lists every change writes what outgrows memory to a scratch file in sorted runs
/// and merges them back (`FireChangeCollector`, `PlanDiff.forEachFireChange`): the same changes
/// in the same order, and the same JSON bytes, as a diff that holds them all.
@Suite struct SpilledPlanDiffTests {
    typealias Pairs = StreamingPlanDiffTests

    static var directory: String { NSTemporaryDirectory() }

    /// Held limits from one change (a run per change) up to more than the diff has (no spill),
    /// with the merge in one pass and split into groups.
    @Test(arguments: 1...12)
    func spilledListingsAreTheSameAsHeldOnes(seed: UInt64) throws {
        let (old, new) = Pairs.randomPair(seed: seed, size: 60 + Int(seed) * 11)
        let expected = Pairs.reference(old, new)
        let whole = PlanDiff(old: old, new: new)
        let options = PlanDiffOptions(oldLabel: "old", newLabel: "new")
        let (oldSource, newSource) = try Pairs.sources(old, new)
        for held in [1, 2, 7, 50, 100_000] {
            for pending in [8, FireMerge.defaultPendingLimit] {
                let spilled = try PlanDiff(
                    old: oldSource, new: newSource, listing: .max, pendingLimit: pending, spillDirectory: Self.directory,
                    heldLimit: held)
                let runs = spilled.triggers.reduce(0) { $0 + $1.runs.count }
                #expect((runs > 0) == (held < whole.firesAdded + whole.firesRemoved + whole.firesMoved), "held \(held)")
                #expect(Pairs.changes(spilled) == expected, "held \(held), pending \(pending)")
                #expect(spilled.triggers.map(\.keptCount) == whole.triggers.map(\.fireChangeCount))
                var bytes = ""
                try PlanDiffJSON.write(spilled, options) { bytes += $0 }
                #expect(bytes == PlanDiffJSON.render(whole, options), "held \(held), pending \(pending)")
                for limit in [0, 1, 5] {
                    let first = spilled.triggers.map { spilled.fireChanges(of: $0, limit: limit) }
                    #expect(first == whole.triggers.map { whole.fireChanges(of: $0, limit: limit) }, "limit \(limit)")
                }
            }
        }
    }

    /// Every fire a plan can hold comes back from its bytes: moved (with a nominal time), second
    /// passes, ids kept as written, negative offsets and instants.
    @Test func aSpilledChangeDecodesToItself() {
        let at = Instant(secondsSinceEpoch: 1_790_000_000)
        let plain = Fire(at: at, trigger: "t", offset: -34_200, nominalWall: at.secondsSinceEpoch - 34_200)
        let secondPass = Fire(at: at, trigger: "t", offset: 3600, nominalWall: at.secondsSinceEpoch + 3600, secondPass: true)
        let moved = Fire(at: at, trigger: "t", offset: 0, nominalWall: at.secondsSinceEpoch - 1800, isMoved: true)
        let early = Fire(at: Instant(secondsSinceEpoch: -86_400), trigger: "t", offset: 0, nominalWall: -86_400)
        let written = Fire(
            at: at, trigger: "t", local: LocalDateTime(wallSeconds: at.secondsSinceEpoch), offset: 0, id: "t@ein Termin ✓",
            nominal: LocalDateTime(wallSeconds: at.secondsSinceEpoch - 60))
        let changes: [PlanDiff.FireChange] = [
            .added(plain), .removed(secondPass), .moved(from: plain, to: moved), .added(early), .moved(from: written, to: plain),
            .removed(written),
        ]
        var bytes: [UInt8] = []
        for change in changes { SpilledChanges.append(change, to: &bytes) }
        var decoded: [PlanDiff.FireChange] = []
        var position = 0
        while position < bytes.count {
            decoded.append(SpilledChanges.decode(bytes, at: position + 4, trigger: "t"))
            position += 4 + SpilledChanges.recordLength(bytes, at: position)
        }
        #expect(decoded == changes)
        #expect(decoded.map(\.id) == changes.map(\.id))
    }

    /// A scratch file that cannot be made is an error the command reports, not a crash.
    @Test func aScratchDirectoryThatCannotBeUsedThrows() throws {
        let (old, new) = Pairs.randomPair(seed: 3, size: 80)
        let (oldSource, newSource) = try Pairs.sources(old, new)
        let missing = Self.directory + "/no-such-directory-\(UUID().uuidString)"
        #expect {
            try PlanDiff(
                old: oldSource, new: newSource, listing: .max, pendingLimit: FireMerge.defaultPendingLimit,
                spillDirectory: missing, heldLimit: 1)
        } throws: { error in
            "\(error)".hasPrefix("cannot create a scratch file in \(missing): No such file or directory")
        }
        // A limited listing never spills: the directory is not used.
        let limited = try PlanDiff(
            old: oldSource, new: newSource, listing: 3, pendingLimit: FireMerge.defaultPendingLimit, spillDirectory: missing,
            heldLimit: 1)
        #expect(limited.triggers.allSatisfy { $0.runs.isEmpty })
    }
}
