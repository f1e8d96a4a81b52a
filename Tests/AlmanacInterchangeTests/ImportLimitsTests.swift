import AlmanacInterchange
import AlmanacModel
import AlmanacSpec
import AlmanacTestSupport
import Foundation
import Testing

/// Sizes are checked against the source before anything is built (E0160, located at the first item
/// past the limit), with small limits here; `scripts/bench/import-limits.py` holds the real ones to
/// 2 s and 128 MiB. And trigger ids stay what the plain "count from -2" rule gives, however many
/// share a name (the rule is kept linear by remembering the next suffix per name).
@Suite struct ImportLimitsTests {
    /// Sources of `n` items in each format, and the line the (k+1)-th item starts on.
    static func source(_ format: ImportFormat, _ n: Int) -> (text: String, lineOf: (Int) -> Int) {
        switch format {
        case .crontab:
            let text = "MAILTO=ops@example.com\n# jobs\n" + (0..<n).map { "\($0) 3 * * * /bin/job-\($0)\n" }.joined()
            return (text, { $0 + 3 })
        case .systemd:
            let text = "[Timer]\n" + (0..<n).map { "OnCalendar=*-*-* 03:\(10 + $0):00\n" }.joined() + "Persistent=true\n"
            return (text, { $0 + 2 })
        case .k8s:
            let doc = { (i: Int) in
                "---\napiVersion: batch/v1\nkind: CronJob\nmetadata: {name: job-\(i)}\nspec:\n  schedule: \"\(i) 3 * * *\"\n  timeZone: UTC\n"
                    + "  jobTemplate: {spec: {template: {spec: {containers: [{name: job, image: busybox}]}}}}\n"
            }
            return ((0..<n).map(doc).joined(), { $0 * 8 + 3 })
        case .ics:
            let event = { (i: Int) in "BEGIN:VEVENT\r\nUID:e\(i)\r\nSUMMARY:Standup\r\nDTSTART:2027010\(1 + i)T090000Z\r\nEND:VEVENT\r\n" }
            return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + (0..<n).map(event).joined() + "END:VCALENDAR\r\n", { $0 * 5 + 3 })
        }
    }

    @Test(arguments: [ImportFormat.crontab, .systemd, .k8s, .ics])
    func refusedAtTheFirstItemPastTheLimit(_ format: ImportFormat) throws {
        let limits = ImportLimits(maxTriggers: 3)
        let (fits, _) = Self.source(format, 3)
        let ok = Importer.run(format, SourceFile(path: "s", text: fits), timezone: "UTC", name: "s", limits: limits)
        #expect(ok.spec != nil, "\(ok.diagnostics.map(\.message))")
        #expect(!ok.diagnostics.contains { $0.code == .importTooLarge })
        let (text, lineOf) = Self.source(format, 5)
        let refused = Importer.run(format, SourceFile(path: "s", text: text), timezone: "UTC", name: "s", limits: limits)
        #expect(refused.spec == nil)
        #expect(refused.diagnostics.count == 1)
        let d = try #require(refused.diagnostics.first)
        #expect(d.code == .importTooLarge)
        #expect(d.range?.start.line == lineOf(3), "\(format): \(d.range.map { "\($0.start.line)" } ?? "-")")
        // The message counts them all.
        #expect(d.message.contains("has 5 "), "\(d.message)")
    }

    @Test func aSourceOverTheByteLimitIsRefusedBeforeItIsRead() throws {
        let text = String(repeating: "# a comment that is not a job\n", count: 100)
        let refused = Importer.run(
            .crontab, SourceFile(path: "s", text: text), timezone: "UTC", name: "s", limits: ImportLimits(maxBytes: 1_000))
        #expect(refused.diagnostics.map(\.code) == [.importTooLarge])
        #expect(refused.diagnostics.first?.range?.start.line == 1)
    }

    /// Differential: the ids of many jobs whose commands collide, against the plain rule (the base,
    /// else the first free `base-N` from 2), which was quadratic on 20,000 equal names.
    @Test func idsAreThoseOfThePlainRule() throws {
        var generator = SplitMix(seed: 25)
        let words = ["a", "a-2", "a-3", "b", "a-2-2", "b-2"]
        let commands = (0..<400).map { _ in words[Int(generator.next() % UInt64(words.count))] }
        let crontab = commands.map { "0 3 * * * \($0)\n" }.joined()
        let result = Importer.run(.crontab, SourceFile(path: "s", text: crontab), timezone: "UTC", name: "s")
        let spec = try #require(result.spec)
        let schedule = try #require(SpecLoader.load(SourceFile(path: "s.yaml", text: spec)).schedule)
        var taken = Set<String>()
        let plain = commands.map { base -> String in
            var id = base, n = 2
            while taken.contains(id) {
                id = "\(base)-\(n)"
                n += 1
            }
            taken.insert(id)
            return id
        }
        // Pairs of command and id: the spec keeps triggers by id.
        let got = schedule.triggers.map { t -> String in
            if case .string(let c)? = t.payload["command"] { return "\(c) \(t.id)" } else { return t.id }
        }
        #expect(got.sorted() == zip(commands, plain).map { "\($0) \($1)" }.sorted())
    }
}
