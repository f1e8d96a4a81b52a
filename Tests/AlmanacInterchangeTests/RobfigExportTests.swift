import AlmanacCompiler
import AlmanacModel
import AlmanacPlan
import AlmanacSpec
import AlmanacTime
import Testing

@testable import AlmanacInterchange

/// `export k8s` of rules written in Almanac's own `cron:` (Vixie's day rule, not robfig's): every
/// CronJob the export writes without a report fires, as the controller's robfig/cron runs it
/// (`RobfigSpec` and `RobfigNext`, both held to robfig/cron v3.0.1's recorded answers by
/// `RobfigOracleTests`), at the plan's instants; where they part, the export reports. Issue #25
/// found 37 of 360 such exports silently wrong (`0 0 */2 * 1` written through: robfig ORs its days).
@Suite struct RobfigExportTests {
    static let days = ["*", "*/2", "*/3", "1-31/2", "1,15", "10-20", "*,5", "5,*", "1-31", "*/1"]
    static let weekdays = ["*", "1", "mon-fri", "*/2", "1-5/2", "0", "sat,sun", "5-7", "7", "*/1"]
    static let window = Window(from: RFC3339.parseInstant("2026-01-01T00:00:00Z")!, to: RFC3339.parseInstant("2026-03-01T00:00:00Z")!)

    /// Day rules in UTC over two months, and a daily time around Lord Howe's half-hour changes.
    static let cases: [(zone: String, cron: String, window: Window)] =
        days.flatMap { d in weekdays.map { w in ("UTC", "0 6 \(d) * \(w)", window) } }
        + ["0 3 * * *", "0 2 * * *", "30 2 * * *", "@daily", "0 */2 * * *"].flatMap { c in
            [("2026-04-03", "2026-04-09"), ("2026-10-02", "2026-10-07")].map { from, to in
                (
                    "Australia/Lord_Howe", c,
                    Window(from: RFC3339.parseInstant("\(from)T00:00:00Z")!, to: RFC3339.parseInstant("\(to)T00:00:00Z")!)
                )
            }
        }

    @Test func everyCronJobWrittenWithoutAReportFiresAsThePlan() throws {
        var exact = 0, reported = 0
        for c in Self.cases {
            let yaml = "version: 1\nname: t\ntimezone: \(c.zone)\ntriggers:\n  job: {cron: \"\(c.cron)\"}\n"
            let schedule = try #require(SpecLoader.load(SourceFile(path: "t.yaml", text: yaml)).schedule, "\(c.cron)")
            var expansion = try Compiler(tzdataVersion: "test").prepare(schedule, specSHA256: "0", window: c.window)
            var plan: [Instant] = []
            _ = try expansion.run { if $0.at > c.window.from { plan.append($0.at) } }
            let exported = Exporter.export(schedule, format: .k8s, options: ExportOptions(exec: "run", image: "busybox"))
            let written = exported.files.flatMap { $0.text.split(separator: "\n") }.compactMap { line -> String? in
                let prefix = "  schedule: \""
                return line.hasPrefix(prefix) ? String(line.dropFirst(prefix.count).dropLast()) : nil
            }
            var controller: [Instant] = []
            for text in written {
                let spec = try RobfigSpec.parse(text).get()
                let next = RobfigNext(spec: spec, zone: c.zone)
                var t = c.window.from
                while let n = next.next(after: t), n < c.window.to {
                    controller.append(n)
                    t = n
                }
            }
            controller.sort()
            let differs = written.isEmpty || controller != plan
            if exported.diagnostics.isEmpty {
                #expect(!differs, "\(c.zone) '\(c.cron)' exported as \(written) without a report: robfig fires otherwise")
                exact += 1
            } else {
                reported += 1
            }
            if differs { #expect(!exported.diagnostics.isEmpty, "\(c.zone) '\(c.cron)' → \(written): differs, not reported") }
        }
        // The corpus holds both kinds: rules robfig reads as the plan and rules it cannot say.
        #expect(exact > 50 && reported > 10, "\(exact) exact, \(reported) reported")
    }
}
