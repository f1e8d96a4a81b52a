import AlmanacExecutor
import AlmanacPlan
import Testing

/// The one delivery policy both executors use (the file store's loop and the cluster runner), checked
/// once over every combination of its facts. The expectations are written out case by case, not
/// computed, so a change of rule shows here as a changed line.
struct DeliveryPolicyTests {
    typealias Due = DeliveryPolicy.DueFire

    /// Two triggers, each with late fires and one on time, interleaved in plan order.
    let due = [
        Due(id: "a1", trigger: "a", late: true), Due(id: "b1", trigger: "b", late: true), Due(id: "a2", trigger: "a", late: true),
        Due(id: "b2", trigger: "b", late: false), Due(id: "a3", trigger: "a", late: false), Due(id: "b3", trigger: "b", late: true),
    ]

    @Test func misfiresUnderEachPolicy() {
        func delivered(_ policy: MisfirePolicy) -> [String] {
            zip(due, DeliveryPolicy(misfire: policy).deliver(due)).filter(\.1).map(\.0.id)
        }
        // On time is always delivered; late: none, the latest late of each trigger, all.
        #expect(delivered(.skip) == ["b2", "a3"])
        #expect(delivered(.once) == ["a2", "b2", "a3", "b3"])
        #expect(delivered(.all) == ["a1", "b1", "a2", "b2", "a3", "b3"])
        #expect(DeliveryPolicy(misfire: .once).deliver([]) == [])
    }

    /// A trigger's own `misfire` (from the plan) decides its late fires whatever the executor's is;
    /// a trigger without one keeps the executor's.
    @Test func aTriggersOwnMisfireComesFirst() {
        func delivered(_ policy: MisfirePolicy, a: MisfirePolicy?) -> [String] {
            let fires = due.map { Due(id: $0.id, trigger: $0.trigger, late: $0.late, misfire: $0.trigger == "a" ? a : nil) }
            return zip(fires, DeliveryPolicy(misfire: policy).deliver(fires)).filter(\.1).map(\.0.id)
        }
        #expect(delivered(.skip, a: .once) == ["a2", "b2", "a3"])
        #expect(delivered(.skip, a: .all) == ["a1", "a2", "b2", "a3"])
        #expect(delivered(.all, a: .skip) == ["b1", "b2", "a3", "b3"])
        #expect(delivered(.once, a: .all) == ["a1", "a2", "b2", "a3", "b3"])
        #expect(delivered(.once, a: nil) == ["a2", "b2", "a3", "b3"])
    }

    /// `running here, running elsewhere, earlier fire waiting here` → `arrival` and `mayStart`, for
    /// every policy: (admit, skip the waiting one, stop the one here), may start.
    @Test(arguments: PlanConcurrency.allCases)
    func concurrencyOverEveryCombination(_ concurrency: PlanConcurrency) {
        typealias Expected = (admit: Bool, skipsWaiting: Bool, stopsHere: Bool, mayStart: Bool)
        let table: [PlanConcurrency: [String: Expected]] = [
            .allow: [
                "---": (true, false, false, true), "--w": (true, false, false, true), "-e-": (true, false, false, true),
                "-ew": (true, false, false, true), "h--": (true, false, false, true), "h-w": (true, false, false, true),
                "he-": (true, false, false, true), "hew": (true, false, false, true),
            ],
            .forbid: [
                "---": (true, false, false, true), "--w": (false, false, false, true), "-e-": (false, false, false, true),
                "-ew": (false, false, false, true), "h--": (false, false, false, true), "h-w": (false, false, false, true),
                "he-": (false, false, false, true), "hew": (false, false, false, true),
            ],
            .queue: [
                "---": (true, false, false, true), "--w": (true, false, false, true), "-e-": (true, false, false, false),
                "-ew": (true, false, false, false), "h--": (true, false, false, false), "h-w": (true, false, false, false),
                "he-": (true, false, false, false), "hew": (true, false, false, false),
            ],
            // The newest fire wins: an earlier one still waiting is skipped; one running here is
            // stopped; one running on another executor is waited for.
            .replace: [
                "---": (true, false, false, true), "--w": (true, true, false, true), "-e-": (true, false, false, false),
                "-ew": (true, true, false, false), "h--": (true, false, true, false), "h-w": (true, true, true, false),
                "he-": (true, false, true, false), "hew": (true, true, true, false),
            ],
        ]
        let policy = DeliveryPolicy()
        for here in [false, true] {
            for elsewhere in [false, true] {
                for waiting in [false, true] {
                    let key = (here ? "h" : "-") + (elsewhere ? "e" : "-") + (waiting ? "w" : "-")
                    let expected = table[concurrency]![key]!
                    let activity = DeliveryPolicy.TriggerActivity(
                        concurrency: concurrency, runningHere: here ? 1 : 0, runningElsewhere: elsewhere,
                        waitingHere: waiting ? ["earlier"] : [])
                    let arrival = policy.arrival(activity)
                    #expect(arrival.admit == expected.admit, "\(concurrency) \(key)")
                    #expect(arrival.skipWaiting == (expected.skipsWaiting ? ["earlier"] : []), "\(concurrency) \(key)")
                    #expect(arrival.stopRunningHere == expected.stopsHere, "\(concurrency) \(key)")
                    #expect(policy.mayStart(activity) == expected.mayStart, "\(concurrency) \(key)")
                }
            }
        }
    }

    @Test func lapsedClaims() {
        for inDoubt in InDoubtPolicy.allCases {
            #expect(DeliveryPolicy(inDoubt: inDoubt).lapsedClaim(started: false) == .release)
        }
        #expect(DeliveryPolicy(inDoubt: .skip).lapsedClaim(started: true) == .recordInDoubt)
        #expect(DeliveryPolicy(inDoubt: .retry).lapsedClaim(started: true) == .retry)
    }
}
