import AlmanacPostgres
import Testing

/// The publication rule without a database: every intent against every relation of a plan to the
/// spec id (never published, current, of the lineage, never of it).
struct PublicationRuleTests {
    let facts = PublicationRule.Facts(name: "backup", revision: 4, currentSHA256: "cur", lineage: ["old", "cur"])

    func decide(_ sha: String, _ intent: PublicationRule.Intent, _ facts: PublicationRule.Facts?) -> PublicationRule.Decision {
        PublicationRule.decide(sha256: sha, intent: intent, facts: facts)
    }

    @Test func aSpecNeverPublishedTakesItsFirstPlanFromAnyone() {
        let none = PublicationRule.Facts(name: "backup", revision: 0, currentSHA256: nil, lineage: [])
        for facts in [nil, none] {
            #expect(decide("x", .executor, facts) == .publish(revision: 1))
            #expect(decide("x", .deploy(expectRevision: nil, replace: false), facts) == .publish(revision: 1))
            #expect(decide("x", .deploy(expectRevision: 0, replace: false), facts) == .publish(revision: 1))
            #expect(decide("x", .deploy(expectRevision: 3, replace: false), facts) == .conflict(expected: 3, current: 0))
        }
    }

    @Test func anExecutorNeverChangesTheCurrentPlan() {
        #expect(decide("cur", .executor, facts) == .current(revision: 4))
        #expect(decide("old", .executor, facts) == .standBy(current: 4))
        #expect(decide("new", .executor, facts) == .unrelated(current: 4))
    }

    @Test func deployNeedsToBeToldAboutAPlanTheSpecNeverHad() {
        let plain = PublicationRule.Intent.deploy(expectRevision: nil, replace: false)
        #expect(decide("cur", plain, facts) == .current(revision: 4))
        #expect(decide("old", plain, facts) == .publish(revision: 5))
        #expect(decide("new", plain, facts) == .unrelated(current: 4))
        #expect(decide("new", .deploy(expectRevision: nil, replace: true), facts) == .publish(revision: 5))
        #expect(decide("new", .deploy(expectRevision: 4, replace: false), facts) == .publish(revision: 5))
        #expect(decide("new", .deploy(expectRevision: 3, replace: false), facts) == .conflict(expected: 3, current: 4))
        #expect(decide("old", .deploy(expectRevision: 3, replace: true), facts) == .conflict(expected: 3, current: 4))
        // The current plan again: nothing to order, whatever revision the deployer expected.
        #expect(decide("cur", .deploy(expectRevision: 3, replace: false), facts) == .current(revision: 4))
    }
}
