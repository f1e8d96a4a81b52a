import AlmanacTestSupport
import AlmanacTime
import Foundation
import Testing
@testable import AlmanacModel
@testable import AlmanacSpec

/// A local `every.anchor` is read like every other local time: through the zone's offsets and the
/// trigger's DST policy. Expected instants come from python's zoneinfo (`scripts/oracles/anchors.py`):
/// wall times around every gap and overlap of 2016–2028 in zones west and east of UTC, and dates
/// whose midnight does not exist.
@Suite struct AnchorOracleTests {
    struct Fixture: Decodable {
        var policies: [String]
        var cases: [[Case]]
    }

    enum Case: Decodable {
        case text(String)
        case instant(Int64)

        init(from decoder: Decoder) throws {
            let single = try decoder.singleValueContainer()
            if let n = try? single.decode(Int64.self) { self = .instant(n) } else { self = .text(try single.decode(String.self)) }
        }
    }

    static func anchor(_ zone: String, _ anchor: String, gap: String, overlap: String) -> Int64? {
        let yaml = """
            version: 1
            timezone: \(zone)
            triggers:
              t: {every: 1d, anchor: \(anchor), dst: {gap: \(gap), overlap: \(overlap)}}
            """
        let result = SpecLoader.load(SourceFile(path: "anchor.yaml", bytes: Array(yaml.utf8)))
        guard let trigger = result.schedule?.triggers.first, case .every(let rule) = trigger.kind else { return nil }
        return rule.anchor.secondsSinceEpoch
    }

    @Test func localAnchorsAgreeWithZoneinfo() throws {
        let path = Golden.repositoryRoot + "/Tests/AlmanacSpecTests/Fixtures/oracles/anchors.json"
        let data = try #require(FileManager.default.contents(atPath: path))
        let fixture = try JSONDecoder().decode(Fixture.self, from: data)
        #expect(fixture.cases.count > 1_000)
        var mismatches: [String] = []
        for row in fixture.cases {
            guard case .text(let zone) = row[0], case .text(let anchor) = row[1] else { Issue.record("bad row"); continue }
            for (i, policy) in fixture.policies.enumerated() {
                guard case .instant(let expected) = row[2 + i] else { continue }
                let parts = policy.split(separator: "/").map(String.init)
                let got = Self.anchor(zone, anchor, gap: parts[0], overlap: parts[1])
                if got != expected {
                    mismatches.append("\(zone) \(anchor) \(policy): got \(got.map(String.init) ?? "nil"), want \(expected)")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, e.g. \(mismatches.prefix(5))")
    }

    @Test func issueReproductions() {
        // New York, 2027-03-14 02:30 is in the spring gap; 2027-11-07 01:30 is repeated.
        #expect(Self.anchor("America/New_York", "2027-03-14T02:30", gap: "shift", overlap: "first") == 1_805_009_400) // 07:30Z
        #expect(Self.anchor("America/New_York", "2027-03-14T02:30", gap: "next", overlap: "first") == 1_805_007_600) // 07:00Z
        #expect(Self.anchor("America/New_York", "2027-11-07T01:30", gap: "shift", overlap: "last") == 1_825_569_000) // 06:30Z
        // São Paulo 2018-11-04 has no midnight: the anchor is 01:00 that day, not the day before.
        #expect(Self.anchor("America/Sao_Paulo", "2018-11-04", gap: "shift", overlap: "first") == 1_541_300_400)
    }
}
