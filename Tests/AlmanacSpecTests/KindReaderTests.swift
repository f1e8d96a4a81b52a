import AlmanacJSON
import AlmanacModel
import AlmanacVocabulary
import Testing
@testable import AlmanacSpec

/// The kind table is the one list of trigger kinds: the schema, the model's names and the messages
/// follow it, so a kind added in one place and forgotten in another fails here.
@Suite struct KindReaderTests {
    static func schemaTrigger() throws -> [String: JSONValue] {
        let schema = try JSONReader.parse(SpecSchema.text)
        return try #require(schema["$defs"]?["trigger"]?.objectValue)
    }

    @Test func theSchemaListsExactlyTheReadersKinds() throws {
        let trigger = try Self.schemaTrigger()
        let oneOf = try #require(trigger["oneOf"]?.arrayValue)
        let kinds = oneOf.compactMap { $0["required"]?.arrayValue?.first?.stringValue }
        #expect(kinds == TriggerKind.names)
    }

    @Test func theSchemaTiesEachExtraKeyToItsKind() throws {
        let trigger = try Self.schemaTrigger()
        let dependent = try #require(trigger["dependentRequired"]?.objectValue)
        let schemaExtras = dependent.mapValues { $0.arrayValue?.first?.stringValue ?? "" }
        let readerExtras = Dictionary(uniqueKeysWithValues: KindReaders.extras.map { ($0.key, $0.owner) })
        #expect(schemaExtras == readerExtras)
    }

    /// The schema's minimal trigger of each kind (`$defs/trigger/examples`), which check-schemas.py
    /// also counts as the kind's example: one per model kind.
    static func examples() throws -> [(kind: String, text: String)] {
        let examples = try #require(try schemaTrigger()["examples"]?.arrayValue)
        return examples.compactMap { example in
            let object = example.objectValue ?? [:]
            guard let kind = TriggerKind.names.first(where: { object[$0] != nil }) else { return nil }
            return (kind, JSONWriter.inline(example))
        }
    }

    @Test func theSchemaShowsOneMinimalTriggerPerKind() throws {
        #expect(try Self.examples().map(\.kind) == TriggerKind.names)
    }

    /// Each reader produces the model kind of its own name, for the schema's minimal trigger of it
    /// (JSON is YAML's flow style).
    @Test func eachReaderMakesItsKind() throws {
        for (kind, example) in try Self.examples() {
            #expect(KindReaders.reader(for: kind) != nil)
            let text = "version: 1\ntimezone: UTC\ntriggers:\n  t: \(example)\n"
            let result = SpecLoader.load(SourceFile(path: "k.yaml", bytes: Array(text.utf8)))
            let schedule = try #require(result.schedule, "\(kind): \(result.diagnostics)")
            #expect(schedule.triggers.map(\.kind.name) == [kind])
        }
    }

    @Test func anUnknownKindIsNotRead() {
        #expect(KindReaders.reader(for: "sunrise") == nil)
        #expect(KindReaders.keys.names.count == Set(KindReaders.keys.names).count)
    }
}

/// The front end's kinds are the model's (`TriggerKind.rules`, one reader each) and the kinds
/// plans know (`TriggerKindNames`, shared with executors).
@Suite struct KindNamesAgreeTests {
    @Test func readersModelAndPlanKindsAreOneList() {
        #expect(KindReaders.all.count == TriggerKind.rules.count)
        #expect(KindReaders.keys.names == TriggerKind.names)
        #expect(TriggerKind.names == TriggerKindNames.known)
    }
}
