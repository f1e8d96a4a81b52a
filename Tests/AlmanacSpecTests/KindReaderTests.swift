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
        #expect(kinds == KindReaders.keys.names)
    }

    @Test func theSchemaTiesEachExtraKeyToItsKind() throws {
        let trigger = try Self.schemaTrigger()
        let dependent = try #require(trigger["dependentRequired"]?.objectValue)
        let schemaExtras = dependent.mapValues { $0.arrayValue?.first?.stringValue ?? "" }
        let readerExtras = Dictionary(uniqueKeysWithValues: KindReaders.extras.map { ($0.key, $0.owner) })
        #expect(schemaExtras == readerExtras)
    }

    /// Each reader produces the model kind of its own name, for a minimal valid trigger.
    @Test(arguments: [
        ("calendar", "{at: \"09:00\"}"), ("cron", "\"0 9 * * *\""), ("rrule", "FREQ=DAILY"), ("every", "1h"),
        ("once", "2027-01-01T09:00"), ("location", "{region: {latitude: 1, longitude: 2, radius: 100}}"),
    ])
    func eachReaderMakesItsKind(_ key: String, _ value: String) throws {
        #expect(KindReaders.reader(for: key) != nil)
        let start = key == "rrule" ? ", start: 2027-01-01T09:00" : ""
        let text = "version: 1\ntimezone: UTC\ntriggers:\n  t: {\(key): \(value)\(start)}\n"
        let result = SpecLoader.load(SourceFile(path: "k.yaml", bytes: Array(text.utf8)))
        let schedule = try #require(result.schedule, "\(result.diagnostics)")
        #expect(schedule.triggers.map(\.kind.name) == [key])
    }

    @Test func anUnknownKindIsNotRead() {
        #expect(KindReaders.reader(for: "sunrise") == nil)
        #expect(KindReaders.keys.names.count == Set(KindReaders.keys.names).count)
    }
}

/// The front end's kinds are the kinds plans know (`TriggerKindNames`, shared with executors).
@Suite struct KindNamesAgreeTests {
    @Test func readersAndPlanKindsAreOneList() {
        #expect(KindReaders.keys.names == TriggerKindNames.known)
    }
}
