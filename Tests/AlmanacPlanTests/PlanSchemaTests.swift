import AlmanacJSON
import Foundation
import Testing
@testable import AlmanacPlan

/// `schemas/plan.schema.json` agrees with what the writer writes.
@Suite struct PlanSchemaTests {
    static let schemaPath = String(#filePath.prefix(upTo: #filePath.range(of: "/Tests/")!.lowerBound)) + "/schemas/plan.schema.json"

    @Test func schemaIsStrictJSONAndListsTheWritersKeysInOrder() throws {
        let schema = try JSONReader.parse(try FileBytes.read(PlanSchemaTests.schemaPath))
        #expect(schema["$schema"]?.stringValue == "https://json-schema.org/draft/2020-12/schema")
        #expect(schema["additionalProperties"] == .bool(false))
        let required = schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
        // Top-level keys of the canonical text, in the order written.
        let written = SamplePlan.text.split(separator: "\n")
            .filter { $0.hasPrefix("  \"") }
            .map { line in String(line.dropFirst(3).prefix { $0 != "\"" }) }
        #expect(required == written)
    }

    @Test func fireFieldsMatchTheSchema() throws {
        let schema = try JSONReader.parse(try FileBytes.read(PlanSchemaTests.schemaPath))
        let fireItems = schema["properties"]?["fires"]?["items"]
        #expect(fireItems?["additionalProperties"] == .bool(false))
        let properties = fireItems?["properties"]?.objectValue.map { JSONWriter.sortedKeys($0) }
        #expect(properties == ["at", "id", "local", "nominal", "trigger"])
        #expect(fireItems?["required"] == .array(["at", "trigger", "local", "id"].map(JSONValue.string)))
    }
}
