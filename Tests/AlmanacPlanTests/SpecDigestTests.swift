import AlmanacJSON
import Foundation
import Testing
@testable import AlmanacPlan

/// `spec.sha256` is the digest of the spec's bytes; a schedule built in code has none, and its plan
/// leaves the key out. Both forms are written canonically and read back.
@Suite struct SpecDigestTests {
    @Test func aPlanWithoutDigestOmitsTheKeyAndReadsBack() throws {
        var plan = SamplePlan.plan
        plan.spec.sha256 = nil
        let text = String(decoding: PlanWriter.render(plan), as: UTF8.self)
        #expect(text.contains("\"spec\": {\"name\": \"team-reminders\"},\n"))
        #expect(!text.contains("sha256"))
        let back = try PlanReader.read(Array(text.utf8))
        #expect(back == plan)
    }

    @Test func aDigestIsStillCheckedWhenPresent() throws {
        for bad in ["", "AB" + String(repeating: "0", count: 62), String(repeating: "0", count: 63), "null"] {
            let value = bad == "null" ? "null" : "\"\(bad)\""
            let text = String(decoding: PlanWriter.render(SamplePlan.plan), as: UTF8.self)
                .replacingOccurrences(of: "\"\(SamplePlan.plan.spec.sha256!)\"", with: value)
            #expect(throws: PlanError.self, "sha256 \(value)") { try PlanReader.read(Array(text.utf8)) }
        }
    }

    @Test func payloadLiteralsAreTheJSONTheyRead() {
        let literal: JSONValue = ["title": "Take the pill", "sound": true, "badge": 1, "tags": ["a", nil]]
        let spelled: JSONValue = .object([
            "title": .string("Take the pill"), "sound": .bool(true), "badge": .number("1"),
            "tags": .array([.string("a"), .null]),
        ])
        #expect(literal == spelled)
    }
}
