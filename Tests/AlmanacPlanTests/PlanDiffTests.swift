import AlmanacTestSupport
import AlmanacJSON
import AlmanacTime
import Foundation
import Testing
@testable import AlmanacPlan
@testable import AlmanacPlanDiff

/// `PlanDiff` on small plans edited by hand: what counts as added, removed and moved, trigger and
/// plan-level changes, the summary line, and agreement with a naive reference on random plans.
@Suite struct PlanDiffTests {
    typealias P = SamplePlan

    /// A fire of `trigger` at wall time `local` in a zone `offset` seconds east of UTC.
    static func fire(_ trigger: String, _ local: LocalDateTime, offset: Int, nominal: LocalDateTime? = nil, suffix: String = "") -> Fire {
        let id = "\(trigger)@\(nominal ?? local)\(suffix)"
        return Fire(
            at: Instant(secondsSinceEpoch: local.wallSeconds - Int64(offset)), trigger: trigger, local: local,
            offset: offset, id: id, nominal: nominal)
    }

    static func with(_ plan: Plan, _ edit: (inout Plan) -> Void) -> Plan {
        var copy = plan
        edit(&copy)
        copy.fires.sort(by: Fire.precedes)
        return copy
    }

    @Test func identicalPlansHaveAnEmptyDiff() {
        let diff = PlanDiff(old: P.plan, new: P.plan)
        #expect(diff.isEmpty)
        #expect(diff.triggers.isEmpty)
        #expect(diff.summary == "no changes")
    }

    @Test func aFireAtAnotherInstantWithTheSameIDIsMoved() {
        let new = Self.with(P.plan) { plan in
            // The 09:00 stand-up now fires at 10:00 in Chicago: same id, an hour later.
            plan.fires[1] = Fire(
                at: P.instant("2026-11-23T16:00:00Z"), trigger: "standup", local: P.local(2026, 11, 23, 10, 0),
                offset: -21_600, id: "standup@2026-11-23T09:00:00")
        }
        let diff = PlanDiff(old: P.plan, new: new)
        #expect(diff.firesMoved == 1 && diff.firesAdded == 0 && diff.firesRemoved == 0)
        let standup = try! #require(diff.triggers.first)
        #expect(standup.id == "standup" && standup.status == .changed)
        #expect(
            diff.fireChanges(of: standup) == [
                .moved(from: P.plan.fires[1], to: new.fires.first { $0.id == "standup@2026-11-23T09:00:00" }!)
            ])
        #expect(diff.summary == "1 trigger changed: 0 fires added, 0 removed, 1 moved")
    }

    @Test func theSameInstantWithAnotherWallTimeIsAMoveToo() {
        let new = Self.with(P.plan) { plan in
            // The same instant read with another offset: another wall time.
            plan.fires[3].offset += 1_800
        }
        let diff = PlanDiff(old: P.plan, new: new)
        #expect(diff.firesMoved == 1)
        #expect(PlanDiff.shift(from: P.plan.fires[3].at, to: new.fires[3].at) == "same instant")
    }

    @Test func fireChangesComeInTimeOrderWithRemovalsAtTheirOldInstant() {
        let new = Self.with(P.plan) { plan in
            plan.fires.removeAll { $0.id == "backup@2026-11-23T14:00:00" }
            plan.fires.append(Self.fire("backup", P.local(2026, 11, 22, 0, 0), offset: 0))
            plan.fires.append(Self.fire("backup", P.local(2026, 12, 2, 0, 0), offset: 0))
        }
        let diff = PlanDiff(old: P.plan, new: new)
        let backup = try! #require(diff.triggers.first { $0.id == "backup" })
        #expect((backup.added, backup.removed, backup.moved) == (2, 1, 0))
        #expect(
            diff.fireChanges(of: backup).map(\.id) == [
                "backup@2026-11-22T00:00:00", "backup@2026-11-23T14:00:00", "backup@2026-12-02T00:00:00",
            ])
        #expect(diff.fireChanges(of: backup, limit: 1).count == 1)
        #expect(diff.fireChanges(of: backup, limit: 0).isEmpty)
    }

    @Test func triggerAttributesAndPayloadKeysAreCompared() {
        let new = Self.with(P.plan) { plan in
            plan.triggers["standup"]!.timezone = "America/Chicago"
            plan.triggers["standup"]!.priority = 4
            plan.triggers["standup"]!.payload["title"] = .string("Daily")
            plan.triggers["standup"]!.payload["body"] = nil
            plan.triggers["standup"]!.payload["link"] = .object(["url": .string("x")])
            plan.triggers["backup"]!.kind = "cron"
        }
        let diff = PlanDiff(old: P.plan, new: new)
        #expect(diff.triggers.map(\.id) == ["backup", "standup"])
        #expect(diff.triggers[0].kind == PlanDiff.ValueChange(old: "every", new: "cron"))
        let standup = diff.triggers[1]
        #expect(standup.timezone == PlanDiff.ValueChange(old: "America/New_York", new: "America/Chicago"))
        #expect(standup.priority == PlanDiff.ValueChange(old: 0, new: 4))
        #expect(standup.payload.map(\.key) == ["body", "link", "title"])
        #expect(standup.payload[0].new == nil && standup.payload[1].old == nil)
        #expect(standup.changedAttributes == ["timezone", "priority", "payload"])
        #expect(standup.fireChangeCount == 0)
        #expect(diff.summary == "2 triggers changed: no fire changed")
    }

    @Test func addedAndRemovedTriggersCarryTheirFires() {
        let new = Self.with(P.plan) { plan in
            plan.triggers["backup"] = nil
            plan.fires.removeAll { $0.trigger == "backup" }
            plan.triggers["launch"] = PlanTrigger(kind: "once", timezone: "UTC")
            plan.fires.append(Self.fire("launch", P.local(2026, 12, 1, 10, 0), offset: 0))
        }
        let diff = PlanDiff(old: P.plan, new: new)
        #expect(diff.triggers.map(\.status) == [.removed, .added])
        #expect(diff.triggers.map(\.id) == ["backup", "launch"])
        #expect((diff.count(.added), diff.count(.removed), diff.count(.changed)) == (1, 1, 0))
        #expect(diff.summary == "2 triggers changed (1 added, 1 removed): 1 fire added, 1 removed, 0 moved")
    }

    @Test func regionChangesBelongToTheirTrigger() {
        let new = Self.with(P.plan) { plan in plan.regions[0].armed.removeLast() }
        let diff = PlanDiff(old: P.plan, new: new)
        let arrive = try! #require(diff.triggers.first)
        #expect(arrive.id == "arrive" && arrive.changedAttributes == ["region"])
        #expect(arrive.region?.new?.armed.count == 1)
        let text = PlanDiffText.render(diff, PlanDiffOptions(oldLabel: "a", newLabel: "b"))
        #expect(text.contains("region armed windows: 0 added, 1 removed"))
    }

    @Test func planLevelChangesAreSummarised() {
        let day: Int64 = 86_400
        func shifted(_ from: Int64, _ to: Int64) -> PlanDiff {
            PlanDiff(
                old: P.empty,
                new: Self.with(P.empty) { plan in
                    plan.window.from = plan.window.from.adding(TimeSpan(seconds: from))
                    plan.window.to = plan.window.to.adding(TimeSpan(seconds: to))
                })
        }
        #expect(shifted(7 * day, 7 * day).summary == "window moved by 7 d")
        #expect(shifted(-3600, -3600).summary == "window moved back by 1 h")
        #expect(shifted(0, day + 7200).summary == "window extended by 1 d 2 h")
        #expect(shifted(0, -90).summary == "window shortened by 1 min 30 s")
        #expect(shifted(day, 0).summary == "window start 1 d later, end unchanged")
        let others = PlanDiff(
            old: P.empty,
            new: Self.with(P.empty) { plan in
                plan.tzdata = "2026a"
                plan.limits.maxPending = 32
                plan.spec.name = "renamed"
            })
        #expect(others.summary == "tzdata 2025b → 2026a; limits changed; spec renamed nothing → renamed")
        let textOnly = PlanDiff(old: P.empty, new: Self.with(P.empty) { $0.spec.sha256 = String(repeating: "1", count: 64) })
        #expect(!textOnly.isEmpty)
        #expect(textOnly.summary == "spec text changed; the schedule is the same")
    }

    @Test func durationsUseAtMostTwoUnits() {
        #expect(PlanDiff.duration(45) == "45 s")
        #expect(PlanDiff.duration(3600 * 3 + 1800) == "3 h 30 min")
        #expect(PlanDiff.duration(86_400 * 2 + 3600 + 59) == "2 d 1 h")
    }

    /// A naive, quadratic classification by id, to check the linear one against.
    static func reference(_ old: [Fire], _ new: [Fire]) -> (added: Set<String>, removed: Set<String>, moved: Set<String>) {
        var added = Set<String>(), removed = Set<String>(), moved = Set<String>()
        for b in new {
            if let a = old.first(where: { $0.id == b.id }) {
                if a != b { moved.insert(b.id) }
            } else {
                added.insert(b.id)
            }
        }
        for a in old where !new.contains(where: { $0.id == a.id }) { removed.insert(a.id) }
        return (added, removed, moved)
    }

    @Test(arguments: 1...25)
    func randomEditsAgreeWithANaiveReference(seed: UInt64) {
        var rng = SplitMix(seed: seed)
        let base = P.local(2026, 3, 1, 0, 0).wallSeconds
        func randomFires() -> [Fire] {
            var fires: [String: Fire] = [:]
            for _ in 0..<Int(rng.next() % 120) {
                let trigger = ["a", "b", "c"][Int(rng.next() % 3)]
                let nominal = LocalDateTime(wallSeconds: base + Int64(rng.next() % 200) * 900)
                let jitter = Int64(rng.next() % 4) * 600
                let fire = Self.fire(
                    trigger, LocalDateTime(wallSeconds: nominal.wallSeconds + jitter), offset: 3600 * Int(rng.next() % 2),
                    nominal: jitter == 0 ? nil : nominal)
                fires[fire.id] = fire
            }
            return fires.values.sorted(by: Fire.precedes)
        }
        let triggers = ["a": PlanTrigger(kind: "every"), "b": PlanTrigger(kind: "every"), "c": PlanTrigger(kind: "every")]
        let old = Self.with(P.empty) {
            $0.triggers = triggers; $0.fires = randomFires()
        }
        // The new plan keeps most old fires, so the merge pairs many and the hash sees the rest.
        let new = Self.with(old) { plan in
            let kept = old.fires.filter { _ in rng.next() % 5 != 0 }.map { fire -> Fire in
                guard rng.next() % 6 == 0 else { return fire }
                // A jitter change: same id, five minutes later.
                var moved = fire
                moved.isMoved = true
                moved.at = fire.at.adding(TimeSpan(seconds: 300))
                return moved
            }
            plan.fires = kept + randomFires().filter { _ in rng.next() % 3 == 0 }
            var seen = Set<String>()
            plan.fires = plan.fires.filter { seen.insert($0.id).inserted }
        }
        let diff = PlanDiff(old: old, new: new)
        let expected = Self.reference(old.fires, new.fires)
        #expect(!expected.moved.isEmpty || old.fires.count < 40, "the edits include moves")
        var added = Set<String>(), removed = Set<String>(), moved = Set<String>()
        for trigger in diff.triggers {
            let changes = diff.fireChanges(of: trigger)
            for change in changes {
                switch change {
                case .added(let f): added.insert(f.id)
                case .removed(let f): removed.insert(f.id)
                case .moved(_, let f): moved.insert(f.id)
                }
            }
            let keys = changes.map { change -> Fire in
                switch change {
                case .added(let f), .removed(let f), .moved(_, let f): return f
                }
            }
            #expect(zip(keys, keys.dropFirst()).allSatisfy { !Fire.precedes($1, $0) }, "changes of \(trigger.id) are in time order")
        }
        #expect(added == expected.added)
        #expect(removed == expected.removed)
        #expect(moved == expected.moved)
        #expect(diff.firesAdded == added.count && diff.firesRemoved == removed.count && diff.firesMoved == moved.count)
    }

    @Test func renderersColourOnlyWhenAskedAndStayParseable() throws {
        let new = Self.with(P.plan) { plan in
            plan.triggers["standup"]!.payload["title"] = .string("a|b`c")
            plan.fires.removeLast()
        }
        let diff = PlanDiff(old: P.plan, new: new)
        let plain = PlanDiffText.render(diff, PlanDiffOptions(oldLabel: "a", newLabel: "b"))
        #expect(!plain.contains("\u{1B}["))
        #expect(plain.contains("- standup@2026-12-01T10:00:00  2026-12-01T10:00:00+05:30"))
        let coloured = PlanDiffText.render(diff, PlanDiffOptions(oldLabel: "a", newLabel: "b", colour: true))
        #expect(coloured.contains("\u{1B}[31m- standup@2026-12-01T10:00:00"))
        let markdown = PlanDiffMarkdown.render(diff, PlanDiffOptions(oldLabel: "a", newLabel: "b"))
        #expect(markdown.contains("``\"a|b`c\"``") || markdown.contains("`` \"a|b`c\" ``"))
        let json = PlanDiffJSON.render(diff, PlanDiffOptions(oldLabel: "a", newLabel: "b"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect((object["totals"] as? [String: Int])?["fires_removed"] == 1)
    }
}
