import AlmanacCompiler
import AlmanacInterchange
import AlmanacModel
import AlmanacPlan
import AlmanacSpec
import AlmanacTestSupport
import AlmanacTime
import Foundation
import Testing

/// Import → compile equals what the source engine does: `Fixtures/NAME.fires` holds, per source
/// line, the instants the engine fires over a few windows around clock changes (cronsim and a
/// model of cronie's CRON_TZ= handling for crontabs, `systemd-analyze calendar` for the timer,
/// recurring-ical-events for the .ics), written by `scripts/oracles/import_engines.py`. The i-th
/// trigger of the imported spec is the i-th source line the fixture lists.
@Suite struct ImportOracleTests {
    struct Expected {
        var lines: [Int] = []
        var windows: [(Window, [Int: [String]])] = []
    }

    static func read(_ path: String) throws -> Expected {
        let text = try String(contentsOfFile: Golden.repositoryRoot + "/" + path, encoding: .utf8)
        var expected = Expected()
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let words = line.split(separator: " ").map(String.init)
            switch words[0] {
            case "lines": expected.lines = words.dropFirst().compactMap { Int($0) }
            case "window":
                let window = Window(from: RFC3339.parseInstant(words[1])!, to: RFC3339.parseInstant(words[2])!)
                expected.windows.append((window, [:]))
            default: expected.windows[expected.windows.count - 1].1[Int(words[1])!, default: []].append(words[2])
            }
        }
        return expected
    }

    static let cases = ImportCase.valid.filter { $0.format != .k8s }

    @Test(arguments: cases)
    func compiledFiresEqualTheEngines(_ c: ImportCase) throws {
        let expected = try Self.read(c.path + ".fires")
        let spec = try #require(try c.run().0.spec)
        // The engine's instants are before any random delay: compare without `jitter`.
        let unjittered = spec.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("    jitter:") }
            .joined(separator: "\n")
        let schedule = try #require(SpecLoader.load(SourceFile(path: c.file, text: unjittered)).schedule)
        // Trigger ids in the order the spec writes them, which is the source's.
        let ids = unjittered.split(separator: "\n").filter {
            $0.hasPrefix("  ") && !$0.hasPrefix("   ") && $0.hasSuffix(":") && !$0.hasPrefix("  #")
        }
        .map { String($0.dropFirst(2).dropLast()) }
        try #require(Set(ids) == Set(schedule.triggers.map(\.id)))
        try #require(ids.count == expected.lines.count, "\(ids) for lines \(expected.lines)")
        var compared = 0
        for (window, byLine) in expected.windows {
            let expansion = try Compiler(tzdataVersion: "test").prepare(schedule, specSHA256: "0", window: window)
            var fires: [String: [String]] = [:]
            _ = try expansion.run { fires[$0.trigger, default: []].append(RFC3339.format($0.at)) }
            for (id, line) in zip(ids, expected.lines) {
                let want = byLine[line] ?? []
                let got = fires[id] ?? []
                let same = got == want
                #expect(same, "\(c.file) line \(line) (\(id)) in \(RFC3339.format(window.from)): \(Self.difference(want, got))")
                compared += want.count
            }
        }
        #expect(compared > 0)
    }

    static func difference(_ want: [String], _ got: [String]) -> String {
        let missing = Set(want).subtracting(got).sorted().prefix(5)
        let extra = Set(got).subtracting(want).sorted().prefix(5)
        return "engine only: \(Array(missing)); Almanac only: \(Array(extra))"
    }
}
