import AlmanacExplain
import AlmanacModel
import AlmanacSpec
import AlmanacTestSupport
import AlmanacTime
import Foundation
import Testing

/// `almanac explain` for every example: one golden per example (text) and one in JSON, read in
/// review as claims about meaning (`ALMANAC_RECORD=1 swift test --filter Explain`).
@Suite struct ExplainExampleTests {
    static let examples = Golden.files(in: "examples", ext: "yaml")
    /// Specs written for explanations' edge cases, with their goldens beside the examples'.
    static let fixtures = Golden.files(in: "Tests/AlmanacExplainTests/Fixtures", ext: "yaml")
    static let goldenDirectory = Golden.repositoryRoot + "/Tests/AlmanacExplainTests/Golden/examples"

    static func schedule(_ path: String) throws -> Schedule {
        let bytes = try #require(FileManager.default.contents(atPath: path))
        let result = SpecLoader.load(SourceFile(path: path, bytes: Array(bytes)))
        return try #require(result.schedule)
    }

    static func name(_ path: String) -> String { URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent }

    @Test(arguments: examples + fixtures)
    func exampleMatchesItsGolden(_ path: String) throws {
        let explanations = Explainer.explain(try Self.schedule(path))
        let text = Explainer.text(explanations)
        let failure = Golden.check(text, against: "\(Self.goldenDirectory)/\(Self.name(path)).txt")
        #expect(failure == nil, "\(failure ?? "")")
        let json = Explainer.json(explanations)
        let jsonFailure = Golden.check(json, against: "\(Self.goldenDirectory)/\(Self.name(path)).json")
        #expect(jsonFailure == nil, "\(jsonFailure ?? "")")
    }

    @Test func everyExampleHasAGolden() {
        #expect(Self.examples.count >= 9)
    }

    /// Every sentence is one sentence: capitalised, one full stop at the end, no empty clause.
    @Test(arguments: examples)
    func sentencesAreWellFormed(_ path: String) throws {
        for e in Explainer.explain(try Self.schedule(path)) {
            #expect(e.text.first?.isUppercase == true, "\(e.id): \(e.text)")
            #expect(e.text.hasSuffix(".") && !e.text.hasSuffix(".."), "\(e.id): \(e.text)")
            #expect(!e.text.contains(", ,") && !e.text.contains("  ") && !e.text.contains(" ,"), "\(e.id): \(e.text)")
        }
    }

    /// A trigger built in code (no text, no blackout names) is explained from its values.
    @Test func triggerBuiltInCode() {
        let rule = CalendarRule(
            weekdays: [WeekdaySelector(.monday), WeekdaySelector(.friday, ordinal: -1)], times: [LocalTime(hour: 8, minute: 0)])
        let trigger = Trigger(
            id: "t", kind: .calendar(rule), timezone: "Europe/Paris",
            except: [DateRange(from: CivilDate(year: 2026, month: 12, day: 24), to: CivilDate(year: 2026, month: 12, day: 26))],
            jitter: TimeSpan(seconds: 90))
        #expect(
            Explainer.sentence(trigger)
                == "At 08:00 on Mondays and the last Friday of every month, Europe/Paris, except 2026-12-24 to 2026-12-26, each fire delayed by a fixed pseudo-random amount under 1 minute 30 seconds."
        )
    }
}
