import AlmanacJSON
import AlmanacVocabulary
import Foundation
import Testing
@testable import AlmanacPlan

/// The schemas are held to the one list of each word specs and plans share: region events,
/// concurrency and misfire policies, the trigger-id rule and the shape of a kind name.
@Suite struct SchemaVocabularyTests {
    static func plan() throws -> JSONValue { try JSONReader.parse(PlanSchema.text) }

    @Test func regionEventsConcurrencyAndMisfireAreTheVocabulary() throws {
        let schema = try Self.plan()
        let region = try #require(schema["properties"]?["regions"]?["items"]?["properties"])
        #expect(region["on"]?["enum"]?.arrayValue?.compactMap(\.stringValue) == RegionEvent.allCases.map(\.rawValue))
        let trigger = try #require(schema["properties"]?["triggers"]?["additionalProperties"]?["properties"])
        // `allow` is the default and never written.
        #expect(
            trigger["concurrency"]?["enum"]?.arrayValue?.compactMap(\.stringValue)
                == ConcurrencyPolicy.allCases.filter { $0 != .allow }.map(\.rawValue))
        #expect(trigger["misfire"]?["enum"]?.arrayValue?.compactMap(\.stringValue) == Misfire.allCases.map(\.rawValue))
    }

    /// The schema's patterns accept exactly what the Swift rules accept, on a corpus of near misses.
    @Test func patternsAgreeWithTheRules() throws {
        let schema = try Self.plan()
        let idPattern = try #require(schema["$defs"]?["triggerID"]?["pattern"]?.stringValue)
        let kindPattern = try #require(
            schema["properties"]?["triggers"]?["additionalProperties"]?["properties"]?["kind"]?["pattern"]?.stringValue)
        let corpus = [
            "a", "z9", "9", "a.b", "a_b", "a-b", "-a", ".a", "_a", "A", "aB", "a b", "é", "a/b", "", "calendar", "geo_fence2",
            String(repeating: "a", count: 32), String(repeating: "a", count: 33), String(repeating: "a", count: 64),
            String(repeating: "a", count: 65), "a\n",
        ]
        for text in corpus {
            #expect(matches(idPattern, text) == TriggerIDSyntax.isValid(text), "id \(text.debugDescription)")
            #expect(matches(kindPattern, text) == TriggerKindNames.isWellFormed(text), "kind \(text.debugDescription)")
        }
    }

    func matches(_ pattern: String, _ text: String) -> Bool {
        // JSON Schema patterns are ECMA 262; these use only classes, anchors and bounded repeats,
        // which NSRegularExpression reads the same way.
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return false }
        let range = NSRange(text.startIndex..., in: text)
        return regex.firstMatch(in: text, range: range).map { $0.range == range } ?? false
    }
}
