import AlmanacJSON
import Testing

@testable import AlmanacPostgres

/// `status --format json` without a store: every field under its key, unknowns as null, lateness
/// with six decimals, the condition both as a word and as the two flags scripts test.
@Suite struct ClusterStatusJSONTests {
    @Test func everyFieldUnderItsKey() throws {
        let status = ClusterStatus(
            schema: 7,
            specs: [
                .init(
                    id: "billing", name: "Billing", revision: 3, currentSHA256: "ab12", windowTo: "2026-12-01T00:00:00Z",
                    lastBeat: nil, states: ["done": 4, "pending": 2], nextDue: "2026-11-23T09:00:00Z",
                    published: "2026-11-22T10:00:00Z by deploy (alice@build1)")
            ],
            executors: [
                .init(
                    id: "e1", lastSeen: "2026-11-23T08:59:58Z", secondsSinceSeen: 2, condition: .standingBy,
                    standingBy: "its plan is older",
                    specs: "billing", claimed: 5, started: 4, leaseLosses: 1, lastLateness: 0.25, maxLateness: 1.5, holding: 1),
                .init(
                    id: "e2", lastSeen: "2026-11-22T00:00:00Z", secondsSinceSeen: 118_800, condition: .lost, standingBy: nil,
                    specs: "", claimed: 0, started: 0, leaseLosses: 0, lastLateness: nil, maxLateness: nil, holding: 0),
            ])
        let object = try #require(try JSONReader.parse(JSONWriter.inline(status.json)).objectValue)
        #expect(object["schema"] == .number("7"))
        let spec = try #require(object["specs"]?.arrayValue?.first?.objectValue)
        #expect(
            spec == [
                "spec": "billing", "name": "Billing", "revision": .number("3"), "sha256": "ab12", "window_to": "2026-12-01T00:00:00Z",
                "last_beat": .null, "next_due": "2026-11-23T09:00:00Z", "published": "2026-11-22T10:00:00Z by deploy (alice@build1)",
                "fires": .object(["done": .number("4"), "pending": .number("2")]),
            ])
        let list = try #require(object["executors"]?.arrayValue)
        let executors = list.compactMap(\.objectValue)
        #expect(executors.count == 2)
        #expect(
            executors.first == [
                "id": "e1", "last_seen": "2026-11-23T08:59:58Z", "condition": "standing by", "stopped": false, "lost": false,
                "standing_by": "its plan is older", "specs": "billing", "claimed": .number("5"), "started": .number("4"),
                "holding": .number("1"), "claims_lost": .number("1"), "last_lateness": .number("0.250000"),
                "max_lateness": .number("1.500000"),
            ])
        #expect(executors.last?["condition"] == "lost" && executors.last?["lost"] == true && executors.last?["stopped"] == false)
        #expect(executors.last?["standing_by"] == .null && executors.last?["last_lateness"] == .null)
    }
}
