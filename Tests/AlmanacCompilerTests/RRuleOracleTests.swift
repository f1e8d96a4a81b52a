import AlmanacModel
import AlmanacSpec
import AlmanacTime
import Foundation
import Testing
@testable import AlmanacCompiler

/// Thousands of random rules over every part and FREQ, compared with python-dateutil 2.9
/// (`scripts/oracles/rrule.py` writes the fixture; docs/oracles.md lists the deviation classes).
@Suite struct RRuleOracleTests {
    struct Fixture: Decodable {
        var cases: [Case]
    }

    struct Case: Decodable {
        var rule: String
        var start: String
        var rdates: [String]
        var exdates: [String]
        var end: String
        var oracle: String
        var count: Int
        var first: [String]
    }

    static func loadCases() throws -> [Case] {
        let url = try #require(Bundle.module.url(forResource: "rrule-cases", withExtension: "json", subdirectory: "Fixtures"))
        return try JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url)).cases
    }

    /// What Almanac yields for a case: occurrences in [start, end), their count and the first ones.
    /// A rule the parser refuses as never firing (E0306) leaves only the RDATEs, which is what the
    /// oracle must then show too; any other parse error is a failure.
    static func run(_ c: Case) -> (count: Int, first: [String])? {
        let start = local(c.start), end = local(c.end)
        let (parsed, errors) = RRuleParser.parse(c.rule)
        let occurrences: [LocalDateTime]
        if let rule = parsed {
            var expander = RRuleExpander(
                RRuleTrigger(rule: rule, start: start, rdates: c.rdates.map(local), exdates: c.exdates.map(local)),
                invalidDates: .omit)
            var all: [LocalDateTime] = []
            while let o = expander.next(), o < end {
                if o >= start { all.append(o) }
            }
            occurrences = all
        } else if errors.allSatisfy({ $0.code == .neverFires }) {
            let excluded = Set(c.exdates.map(local))
            occurrences = Set(c.rdates.map(local)).filter { $0 >= start && $0 < end && !excluded.contains($0) }.sorted()
        } else {
            return nil
        }
        return (occurrences.count, occurrences.prefix(c.first.count).map(basic))
    }

    static func basic(_ t: LocalDateTime) -> String {
        String(t.description.filter { $0 != "-" && $0 != ":" })
    }

    @Test func everyCaseMatchesTheOracle() throws {
        let cases = try Self.loadCases()
        #expect(cases.count >= 3000)
        var mismatches: [String] = []
        for c in cases {
            guard let got = Self.run(c) else {
                mismatches.append("\(c.rule) does not parse: \(RRuleParser.parse(c.rule).1.map(\.message))")
                continue
            }
            if got.count != c.count || got.first != c.first {
                mismatches.append(
                    "\(c.rule) from \(c.start) [\(c.oracle)]: count \(got.count) vs \(c.count); first \(got.first.prefix(6)) vs \(c.first.prefix(6))"
                )
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(cases.count) differ:\n\(mismatches.prefix(25).joined(separator: "\n"))")
    }

    @Test func theFixtureCoversEveryPartAndFrequency() throws {
        let cases = try Self.loadCases()
        for part in [
            "FREQ=YEARLY", "FREQ=MONTHLY", "FREQ=WEEKLY", "FREQ=DAILY", "FREQ=HOURLY", "FREQ=MINUTELY", "FREQ=SECONDLY",
            "INTERVAL=", "COUNT=", "UNTIL=", "BYSECOND=", "BYMINUTE=", "BYHOUR=", "BYDAY=", "BYMONTHDAY=", "BYYEARDAY=",
            "BYWEEKNO=", "BYMONTH=", "BYSETPOS=", "WKST=",
        ] {
            #expect(cases.filter { $0.rule.contains(part) }.count >= 30, "few cases with \(part)")
        }
        #expect(cases.contains { !$0.rdates.isEmpty } && cases.contains { !$0.exdates.isEmpty })
        #expect(cases.contains { $0.oracle == "dateutil-weekstart" })
    }
}
