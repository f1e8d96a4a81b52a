import AlmanacExecutor
import AlmanacPlan
import AlmanacPlanDiff
import AlmanacRegistration
import AlmanacTestSupport
import AlmanacTime
import Foundation
import Testing
@testable import AlmanacRender

/// The timeline gathered in one forward read (`Timeline`) against what the renderer drew from
/// whole plans before it streamed (`wholePlanSeries`, kept here as the reference): the same series
/// per lane — count, pixel columns, and each mark with its tooltip where no two share a column —
/// the same counts per trigger and the same budget lines, over random plans and differences; and
/// the same bytes whether the plans come from memory or from files.
@Suite struct StreamingTimelineTests {
    /// The series each lane drew, as the renderer built them from whole plans and a `PlanDiff`.
    static func wholePlanSeries(new plan: Plan, old: Plan?) -> [String: [(
        kind: String, fires: [(at: Instant, label: String, from: Instant?)]
    )]] {
        func local(_ fire: Fire) -> String { RFC3339.format(fire.local, offset: fire.offset) }
        var lanes: [String: [(kind: String, fires: [(at: Instant, label: String, from: Instant?)])]] = [:]
        guard let old else {
            for fire in plan.fires {
                if lanes[fire.trigger] == nil { lanes[fire.trigger] = [("fire", [])] }
                lanes[fire.trigger]![0].fires.append((fire.at, fire.id + " " + local(fire), nil))
            }
            return lanes
        }
        let diff = PlanDiff(old: old, new: plan)
        var changedNew = Set<String>()
        for trigger in diff.triggers {
            var added: [(at: Instant, label: String, from: Instant?)] = [], removed = added, moved = added
            for change in diff.fireChanges(of: trigger) {
                switch change {
                case .added(let f):
                    added.append((f.at, "added " + f.id + " " + local(f), nil))
                    changedNew.insert(trigger.id + "\u{0}" + f.id)
                case .removed(let f): removed.append((f.at, "removed " + f.id + " " + local(f), nil))
                case .moved(let a, let b):
                    moved.append((b.at, "moved " + b.id + " " + local(a) + " → " + local(b), a.at))
                    changedNew.insert(trigger.id + "\u{0}" + b.id)
                }
            }
            lanes[trigger.id] = [("unchanged", []), ("added", added), ("removed", removed), ("moved", moved)]
        }
        for fire in plan.fires where !changedNew.contains(fire.trigger + "\u{0}" + fire.id) {
            if lanes[fire.trigger] == nil { lanes[fire.trigger] = [("unchanged", []), ("added", []), ("removed", []), ("moved", [])] }
            lanes[fire.trigger]![0].fires.append((fire.at, fire.id + " " + local(fire), nil))
        }
        return lanes
    }

    /// A plan of triggers from sparse (a few fires) to dense (many to a pixel column), some moved.
    static func randomPlan(_ rng: inout SplitMix, from: Int64, days: Int64) -> Plan {
        var fires: [Fire] = []
        var ids = Set<String>()
        let triggers = ["dense", "mid", "sparse", "z"].filter { _ in rng.next() % 5 != 0 }
        for trigger in triggers {
            let count = trigger == "dense" ? 3_000 : trigger == "mid" ? 600 : Int(rng.next() % 12)
            for _ in 0..<count {
                let wall = from + Int64(rng.next() % UInt64(days * 1440)) * 60
                let offset = [0, 3600, -18_000][Int(rng.next() % 3)]
                let shift = rng.next() % 7 == 0 ? Int64(rng.next() % 5) * 900 : 0
                let at = Instant(secondsSinceEpoch: wall - Int64(offset) + shift)
                guard at.secondsSinceEpoch >= from, at.secondsSinceEpoch < from + days * 86_400 else { continue }
                let fire = Fire(at: at, trigger: trigger, offset: offset, nominalWall: wall, isMoved: shift != 0)
                if ids.insert(fire.id).inserted { fires.append(fire) }
            }
        }
        fires.sort(by: Fire.precedes)
        return Plan(
            spec: SpecInfo(name: "random", sha256: nil),
            window: Window(from: Instant(secondsSinceEpoch: from), to: Instant(secondsSinceEpoch: from + days * 86_400)),
            tzdata: "2025b", limits: PlanLimits(maxPending: Int(rng.next() % 80), maxRegions: 20),
            triggers: Dictionary(uniqueKeysWithValues: triggers.map { ($0, PlanTrigger(kind: "every", priority: Int(rng.next() % 2))) }),
            fires: fires)
    }

    /// `plan` edited: some fires dropped, some moved, a few added, one trigger renamed.
    static func edited(_ plan: Plan, _ rng: inout SplitMix) -> Plan {
        var new = plan
        var fires: [Fire] = []
        for fire in plan.fires where rng.next() % 6 != 0 {
            var copy = fire
            if rng.next() % 9 == 0 {
                copy.at = fire.at.adding(TimeSpan(seconds: 1800))
                copy.isMoved = true
            }
            if plan.window.contains(copy.at) { fires.append(copy) }
        }
        if plan.triggers["z"] != nil {
            new.triggers["z"] = nil
            new.triggers["zz"] = PlanTrigger(kind: "every")
            fires = fires.map { $0.trigger == "z" ? Fire(at: $0.at, trigger: "zz", offset: $0.offset, nominalWall: $0.nominalWall) : $0 }
        }
        var seen = Set<String>()
        new.fires = fires.sorted(by: Fire.precedes).filter { seen.insert($0.id).inserted }
        return new
    }

    static func check(_ timeline: Timeline, new: Plan, old: Plan?) {
        let reference = wholePlanSeries(new: new, old: old)
        let scale = timeline.scale
        for (id, series) in reference {
            let drawn = timeline.lanes[id] ?? []
            for (k, expected) in series.enumerated() where !expected.fires.isEmpty {
                guard k < drawn.count else {
                    Issue.record("lane \(id) lacks series \(expected.kind)")
                    continue
                }
                let got = drawn[k]
                #expect(got.kind.rawValue == expected.kind)
                #expect(got.count == expected.fires.count, "\(id) \(expected.kind)")
                var columns = [Int](repeating: 0, count: TimelineRenderer.plotWidth)
                for fire in expected.fires { columns[scale.column(fire.at)] += 1 }
                #expect(got.columns == columns, "\(id) \(expected.kind)")
                #expect(got.crowded == (columns.max() ?? 0 > 1))
                if !got.crowded {
                    #expect(got.marks.map(\.at) == expected.fires.map(\.at), "\(id) \(expected.kind)")
                    #expect(got.marks.map(\.label) == expected.fires.map(\.label))
                    #expect(got.marks.map(\.from) == expected.fires.map(\.from))
                }
            }
            #expect(drawn.allSatisfy { $0.isEmpty } == series.allSatisfy { $0.fires.isEmpty })
        }
        for (id, series) in timeline.lanes where reference[id] == nil { #expect(series.allSatisfy { $0.isEmpty }, "\(id)") }
        #expect(timeline.fireCount == new.fires.count)
        for id in Set(new.fires.map(\.trigger)) { #expect(timeline.firesByTrigger[id] == new.fires.count { $0.trigger == id }) }
        // The budget lines, as they were found from the whole plan.
        let now = new.window.from
        let future = new.fires.count { $0.at > now }
        let budget = max(0, new.limits.maxPending)
        if future > budget && budget > 0 {
            let cutoff = new.fires[new.fires.count - future + budget - 1].at
            let refreshBy = Reconciler.registration(for: new, now: now).refreshBy
            #expect(timeline.budget.map { [$0.size == budget, $0.cutoff == cutoff, $0.refreshBy == refreshBy] } == [true, true, true])
        } else {
            #expect(timeline.budget == nil)
        }
    }

    @Test(arguments: 1...12)
    func aPlanIsGatheredAsTheWholePlanDrewIt(seed: UInt64) throws {
        var rng = SplitMix(seed: seed)
        let plan = Self.randomPlan(&rng, from: 1_795_392_000, days: 1 + Int64(rng.next() % 10))
        Self.check(try Timeline(RenderInput(plan: plan, title: "t")), new: plan, old: nil)
    }

    @Test(arguments: 1...12)
    func aDifferenceIsGatheredAsTheWholePlansDrewIt(seed: UInt64) throws {
        var rng = SplitMix(seed: seed)
        let old = Self.randomPlan(&rng, from: 1_795_392_000, days: 1 + Int64(rng.next() % 10))
        let new = Self.edited(old, &rng)
        Self.check(try Timeline(RenderInput(plan: new, old: old, title: "t")), new: new, old: old)
    }

    /// The same pictures from plan files as from memory.
    @Test(arguments: 1...4)
    func filesDrawTheSameBytes(seed: UInt64) throws {
        var rng = SplitMix(seed: seed)
        let old = Self.randomPlan(&rng, from: 1_795_392_000, days: 3)
        let new = Self.edited(old, &rng)
        let dir = NSTemporaryDirectory() + "/timeline-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(PlanWriter.render(old)).write(to: URL(fileURLWithPath: dir + "/old.json"))
        try Data(PlanWriter.render(new)).write(to: URL(fileURLWithPath: dir + "/new.json"))
        let files = RenderInput(
            plan: try PlanFireSource.open(path: dir + "/new.json"), old: try PlanFireSource.open(path: dir + "/old.json"), title: "t")
        #expect(try TimelineRenderer.html(files) == TimelineRenderer.html(RenderInput(plan: new, old: old, title: "t")))
        let single = RenderInput(plan: try PlanFireSource.open(path: dir + "/new.json"), title: "t")
        #expect(try TimelineRenderer.svg(single) == TimelineRenderer.svg(RenderInput(plan: new, title: "t")))
    }
}
