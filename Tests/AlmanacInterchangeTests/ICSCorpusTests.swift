import AlmanacCompiler
import AlmanacInterchange
import AlmanacJSON
import AlmanacModel
import AlmanacPlan
import AlmanacSpec
import AlmanacTestSupport
import AlmanacTime
import Foundation
import Testing

/// A real-world corpus (`Corpus/ics/`: the test calendars of recurring-ical-events and icalendar —
/// Google, Thunderbird, Nextcloud/SabreDAV, DAVx5 and Exchange exports, edge cases — plus Almanac's
/// own class fixtures, each file's source in PROVENANCE.tsv) imported with `--timezone
/// Europe/Berlin` and compiled over the window `scripts/oracles/ics_corpus.py` recorded
/// recurring-ical-events' occurrences for (`oracle.jsonl`). Each calendar's outcome — agrees,
/// differs, refused with a code — is in `expected.tsv` (a golden: `ALMANAC_RECORD=1` rewrites it);
/// at least 90% of the calendars the engine reads must import and agree, and every class fixture must.
@Suite struct ICSCorpusTests {
    static let directory = "Tests/AlmanacInterchangeTests/Corpus/ics"

    struct Entry {
        var file: String
        var engine: String
        var window: Window?
        var occurrences: [String]
    }

    static func entries() throws -> [Entry] {
        let text = try String(contentsOfFile: Golden.repositoryRoot + "/\(directory)/oracle.jsonl", encoding: .utf8)
        return try text.split(separator: "\n").dropFirst().map { line in
            let json = try JSONReader.parse(Array(line.utf8))
            let o = json.objectValue ?? [:]
            var window: Window?
            if let from = o["from"]?.stringValue, let to = o["to"]?.stringValue {
                window = Window(from: RFC3339.parseInstant(from)!, to: RFC3339.parseInstant(to)!)
            }
            let occurrences = (o["occurrences"]?.arrayValue ?? []).map { pair -> String in
                let p = pair.arrayValue ?? []
                return "\(p.first?.stringValue ?? "") \(p.last?.stringValue ?? "")"
            }
            return Entry(
                file: o["file"]?.stringValue ?? "", engine: o["engine"]?.stringValue ?? "", window: window, occurrences: occurrences)
        }
    }

    /// The outcome of importing one calendar, as one line of `expected.tsv`.
    static func outcome(_ entry: Entry) throws -> String {
        let path = Golden.repositoryRoot + "/\(directory)/\(entry.file)"
        let source = SourceFile(path: entry.file, bytes: Array(try #require(FileManager.default.contents(atPath: path))))
        let result = Importer.run(.ics, source, timezone: "Europe/Berlin", name: "corpus")
        let codes = Set(result.diagnostics.map(\.code.rawValue)).sorted().joined(separator: ",")
        guard let spec = result.spec else {
            if entry.engine == "ok" && entry.occurrences.isEmpty
                && result.diagnostics.allSatisfy({
                    $0.severity != .error || $0.code == .importUnsupported && $0.message.hasPrefix("nothing to import")
                })
            {
                return "agrees (no occurrence: nothing to import) \(codes)"
            }
            let first = result.diagnostics.first { $0.severity == .error }.map { "line \($0.range?.start.line ?? 0): \($0.message)" } ?? ""
            return "refused \(codes): \(first)"
        }
        let loaded = SpecLoader.load(SourceFile(path: "corpus.yaml", text: spec))
        guard let schedule = loaded.schedule else { return "spec does not check: \(loaded.diagnostics.first?.message ?? "")" }
        guard entry.engine == "ok", let window = entry.window else { return "imports (\(entry.engine)) \(codes)" }
        let expansion = try Compiler(tzdataVersion: "test").prepare(schedule, specSHA256: "0", window: window)
        var got: [String] = []
        _ = try expansion.run { fire in
            let uid = schedule.triggers.first { $0.id == fire.trigger }?.payload["uid"]
            if case .string(let u)? = uid {
                got.append("\(u) \(RFC3339.format(fire.at))")
            } else {
                got.append(" \(RFC3339.format(fire.at))")
            }
        }
        // Within a day of the window's ends the engine compares all-day events by date, Almanac by
        // instant: both sides are compared inside those edges.
        let inner = { (s: String) -> Bool in
            guard let at = RFC3339.parseInstant(String(s.split(separator: " ").last ?? "")) else { return false }
            return at.secondsSinceEpoch >= window.from.secondsSinceEpoch + 86_400
                && at.secondsSinceEpoch < window.to.secondsSinceEpoch - 86_400
        }
        got = got.filter(inner)
        let want = entry.occurrences.filter(inner)
        if got.sorted() == want.sorted() { return "agrees (\(want.count) occurrences)" + (codes.isEmpty ? "" : " \(codes)") }
        let missing = Set(want).subtracting(got).count, extra = Set(got).subtracting(want).count
        return "differs: \(missing) engine only, \(extra) Almanac only, of \(want.count)"
    }

    @Test func everyCalendarAsTheEngineReadsIt() throws {
        let entries = try Self.entries()
        try #require(entries.count > 200)
        var lines: [String] = []
        var engineReads = 0, agree = 0
        var classFailures: [String] = []
        for entry in entries where entry.engine != "no events" {
            let outcome = try Self.outcome(entry)
            lines.append("\(entry.file)\t\(outcome)")
            if entry.engine == "ok" {
                engineReads += 1
                if outcome.hasPrefix("agrees") { agree += 1 }
            }
            if entry.file.hasPrefix("classes/") && !outcome.hasPrefix("agrees") { classFailures.append("\(entry.file): \(outcome)") }
        }
        let text =
            "# file\toutcome of `almanac import ics --timezone Europe/Berlin` against recurring-ical-events\n"
            + lines.joined(separator: "\n") + "\n"
        let failure = Golden.check(text, against: Golden.repositoryRoot + "/\(Self.directory)/expected.tsv")
        #expect(failure == nil, "\(failure ?? "")")
        #expect(classFailures.isEmpty, "\(classFailures)")
        #expect(engineReads > 150)
        #expect(Double(agree) >= 0.9 * Double(engineReads), "\(agree) of \(engineReads) calendars import and agree")
        print("ics corpus: \(agree) of \(engineReads) calendars the engine reads import and agree")
    }
}
