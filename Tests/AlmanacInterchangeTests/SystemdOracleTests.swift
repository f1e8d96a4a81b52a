import AlmanacCompiler
import AlmanacModel
import AlmanacPlan
import AlmanacSpec
import AlmanacTestSupport
import AlmanacTime
import Foundation
import Testing

@testable import AlmanacInterchange

/// `import systemd` and `export systemd` against systemd 252 itself, from fixtures
/// `scripts/oracles/systemd_calendar.py` recorded with `systemd-analyze calendar`:
/// - every expression of systemd's own test-calendarspec.c and the probes of each rule: what systemd
///   refuses is refused (E0911), what it accepts imports with the same elapses, or is refused for a
///   reason docs/import.md lists (E0912: a fraction of a second); one that names a single past
///   second (`@1493187147`, `2015-10-25 01:00:00 uTc`) fires at that second;
/// - the Chatham grid: what systemd loses or stops on at the gap across an hour is warned about on
///   import (W0923) and reported on export (E0901), and nothing else is.
@Suite struct SystemdOracleTests {
    struct Expression: Sendable, CustomTestStringConvertible {
        var text: String
        var accepted: Bool
        var normalized: String
        var elapses: [String]
        var testDescription: String { text }
    }

    static let expressions: [Expression] = {
        let path = Golden.repositoryRoot + "/Tests/AlmanacInterchangeTests/Fixtures/systemd-calendarspec.tsv"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard let data = f[0].data(using: .utf8), let expr = try? JSONDecoder().decode(String.self, from: data) else { return nil }
            return Expression(
                text: expr, accepted: f[1] == "accept", normalized: f[2], elapses: f[3].split(separator: " ").map(String.init))
        }
    }()

    /// What the importer refuses although systemd accepts it (docs/import.md): E0912 only.
    static func documentedRefusal(_ e: Expression, _ d: [Diagnostic]) -> Bool {
        d.allSatisfy { $0.code == .importUnsupported }
    }

    /// The instant of a normalized form that names one second in UTC (`2017-04-26 06:12:27 UTC`; the
    /// fixture's expressions are read in UTC, so a form without a zone is UTC too), else nil.
    static func singleInstant(_ normalized: String) -> Instant? {
        let pattern = #"^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}( UTC)?$"#
        guard normalized.range(of: pattern, options: .regularExpression) != nil else { return nil }
        return RFC3339.parseInstant(normalized.prefix(19).replacingOccurrences(of: " ", with: "T") + "Z")
    }

    static func importTimer(_ value: String, zone: String = "UTC") -> ImportResult {
        Importer.run(.systemd, SourceFile(path: "t.timer", text: "[Timer]\nOnCalendar=\(value)\n"), timezone: zone, name: "t")
    }

    static func fires(_ spec: String, from: Instant, to: Instant) throws -> [String] {
        let schedule = try #require(SpecLoader.load(SourceFile(path: "t.yaml", text: spec)).schedule, "\(spec)")
        let expansion = try Compiler(tzdataVersion: "test").prepare(schedule, specSHA256: "0", window: Window(from: from, to: to))
        var out: [String] = []
        _ = try expansion.run { out.append(RFC3339.format($0.at)) }
        return out
    }

    @Test func everyExpressionAsSystemdReadsIt() throws {
        try #require(Self.expressions.count > 150)
        var agreed = 0, pastInstants = 0, refusedOnPurpose: [String] = []
        let base = Instant(secondsSinceEpoch: 1_767_225_600)
        for e in Self.expressions where !e.text.contains("\n") {
            let result = Self.importTimer(e.text)
            guard e.accepted else {
                #expect(result.hasErrors, "systemd refuses '\(e.text)'; the import must too")
                continue
            }
            guard let spec = result.spec else {
                #expect(Self.documentedRefusal(e, result.diagnostics), "'\(e.text)': \(result.diagnostics.map(\.message))")
                refusedOnPurpose.append(e.text)
                continue
            }
            guard let last = e.elapses.last.flatMap({ RFC3339.parseInstant($0) }) else {
                // Nothing elapses after the base time: a single past instant (`@1493187147`,
                // `… uTc`), which systemd's normalized form names, must fire there and only there.
                if let at = Self.singleInstant(e.normalized) {
                    let got = try Self.fires(
                        spec, from: Instant(secondsSinceEpoch: at.secondsSinceEpoch - 86_400),
                        to: Instant(secondsSinceEpoch: at.secondsSinceEpoch + 86_400))
                    #expect(got == [RFC3339.format(at)], "'\(e.text)' is \(e.normalized)\n\(spec)")
                    pastInstants += 1
                }
                continue
            }
            let got = try Self.fires(
                spec, from: Instant(secondsSinceEpoch: base.secondsSinceEpoch + 1),
                to: Instant(secondsSinceEpoch: last.secondsSinceEpoch + 1))
            #expect(got == e.elapses, "'\(e.text)': \(ImportOracleTests.difference(e.elapses, got))\n\(spec)")
            agreed += 1
        }
        #expect(agreed >= 90)
        #expect(pastInstants >= 8)
        // Only fractions of a second are refused although systemd accepts them.
        // (A decimal point between digits: `..` ranges, in the seconds field too, are not fractions.)
        #expect(
            refusedOnPurpose.allSatisfy { $0.range(of: #"[0-9]\.[0-9]"#, options: .regularExpression) != nil }, "\(refusedOnPurpose)")
        print("systemd calendarspec: \(agreed) agree; refused on purpose: \(refusedOnPurpose)")
    }

    struct ChathamCase: Sendable, CustomTestStringConvertible {
        var hours: String
        var minutes: String
        var from: Instant
        var to: Instant
        var stops: Bool
        var elapses: [String]
        var testDescription: String { "\(hours):\(minutes)" }
    }

    static let chatham: [ChathamCase] = {
        let path = Golden.repositoryRoot + "/Tests/AlmanacInterchangeTests/Fixtures/systemd-chatham.tsv"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return ChathamCase(
                hours: f[0], minutes: f[1], from: Instant(secondsSinceEpoch: Int64(f[2])!), to: Instant(secondsSinceEpoch: Int64(f[3])!),
                stops: f[4] == "stops", elapses: f[5].split(separator: " ").map(String.init))
        }
    }()

    @Test func chathamLossesAreWarnedAndReported() throws {
        try #require(Self.chatham.count > 100)
        var stops = 0, loses = 0, fires = 0
        for c in Self.chatham {
            let value = "*-*-* \(c.hours):\(c.minutes):00 Pacific/Chatham"
            let result = Self.importTimer(value)
            let spec = try #require(result.spec, "\(value): \(result.diagnostics.map(\.message))")
            let warnings = result.diagnostics.filter { $0.code == .importEngineLoses }.map(\.message)
            let plan = try Self.fires(spec, from: c.from, to: c.to)
            let schedule = try #require(SpecLoader.load(SourceFile(path: "t.yaml", text: spec)).schedule)
            let exported = Exporter.export(schedule, format: .systemd, options: ExportOptions(exec: "/bin/true", misfire: "skip"))
            let reported = exported.diagnostics.map(\.message)
            if c.stops {
                stops += 1
                #expect(warnings.contains { $0.contains("stops") }, "\(value): systemd stops; import warned \(warnings)")
                #expect(reported.contains { $0.contains("stops") }, "\(value): systemd stops; export reported \(reported)")
                continue
            }
            if plan == c.elapses {
                fires += 1
                #expect(warnings.isEmpty, "\(value): systemd fires as the plan; import warned \(warnings)")
                #expect(reported.isEmpty, "\(value): systemd fires as the plan; export reported \(reported)")
            } else {
                loses += 1
                // What systemd lost is the rest of the hour the gap ends in, and it was said.
                #expect(Set(c.elapses).isSubset(of: Set(plan)), "\(value): \(ImportOracleTests.difference(c.elapses, plan))")
                #expect(!warnings.isEmpty && !reported.isEmpty, "\(value): systemd loses \(Set(plan).subtracting(c.elapses).sorted())")
            }
        }
        #expect(stops > 0 && loses > 0 && fires > 0)
        print("systemd Chatham: \(stops) stop, \(loses) lose the rest of the hour, \(fires) fire as planned")
    }
}
