import AlmanacInterchange
import AlmanacModel
import AlmanacSpec
import Testing

/// Translations the examples do not reach: names that collide, `--utc`, rules only systemd can say.
@Suite struct ExportRulesTests {
    static func schedule(_ yaml: String) throws -> Schedule {
        let result = SpecLoader.load(SourceFile(path: "t.yaml", bytes: Array(yaml.utf8)))
        return try #require(result.schedule, "\(result.diagnostics)")
    }

    static let options = ExportOptions(exec: "job", image: "img")

    @Test func k8sNamesThatCollideGetANumber() throws {
        let s = try Self.schedule(
            """
            version: 1
            name: t
            timezone: UTC
            triggers:
              a.b: {cron: "0 1 * * *"}
              a_b: {cron: "0 2 * * *"}
            """)
        let result = Exporter.export(s, format: .k8s, options: Self.options)
        #expect(result.diagnostics.isEmpty)
        let text = result.joinedText
        #expect(text.contains("name: t-a-b\n") && text.contains("name: t-a-b-2\n"), "\(text)")
        // systemd keeps the id as it is: a valid unit name.
        let units = Exporter.export(s, format: .systemd, options: Self.options).files.map(\.name)
        #expect(units == ["t-a.b.service", "t-a.b.timer", "t-a_b.service", "t-a_b.timer"])
    }

    @Test func crontabUTCConvertsFixedOffsetsAndRefusesZonesWithDST() throws {
        let s = try Self.schedule(
            """
            version: 1
            name: t
            timezone: Asia/Kathmandu
            triggers:
              standup: {calendar: {weekdays: mon-fri, at: "09:45"}}
              late: {calendar: {days: [1], at: "02:00"}}
              ny: {cron: "0 9 * * *", timezone: America/New_York}
            """)
        var options = Self.options
        options.utc = true
        let result = Exporter.export(s, format: .crontab, options: options)
        #expect(result.joinedText.contains("CRON_TZ=UTC\n"))
        #expect(result.joinedText.contains("0 4 * * 1-5 job  # standup"), "\(result.joinedText)")
        let messages = result.diagnostics.map(\.message)
        #expect(messages.count == 2)
        #expect(messages.contains { $0.contains("'late'") && $0.contains("move to another day") })
        #expect(messages.contains { $0.contains("'ny'") && $0.contains("offset changes") })
    }

    @Test func systemdSaysWhatCronCannot() throws {
        let s = try Self.schedule(
            """
            version: 1
            name: t
            timezone: Europe/Berlin
            triggers:
              second-tue: {calendar: {weekdays: 2tue, at: "19:00"}}
              last-fri: {calendar: {weekdays: -1fri, at: "16:00"}}
              third-last: {calendar: {days: [-3], at: "10:00"}}
              both: {calendar: {days: [1, 15], weekdays: mon, at: "08:00:30"}}
              either: {cron: "0 6 1 * fri"}
              once: {once: 2027-01-08T16:00}
            """)
        let result = Exporter.export(s, format: .systemd, options: Self.options)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let lines = result.joinedText.split(separator: "\n").filter { $0.hasPrefix("OnCalendar=") }
        #expect(
            lines == [
                "OnCalendar=Mon *-*-01,15 08:00:30 Europe/Berlin",
                "OnCalendar=*-*-01 06:00:00 Europe/Berlin", "OnCalendar=Fri *-*-* 06:00:00 Europe/Berlin",
                "OnCalendar=Fri *-*~07/1 16:00:00 Europe/Berlin",
                "OnCalendar=2027-01-08 16:00:00 Europe/Berlin",
                "OnCalendar=Tue *-*-08..14 19:00:00 Europe/Berlin",
                "OnCalendar=*-*~03 10:00:00 Europe/Berlin",
            ], "\(lines)")
        // The same spec in cron: each of these refused, by name.
        let cron = Exporter.export(s, format: .crontab, options: Self.options)
        #expect(cron.diagnostics.map(\.code) == Array(repeating: DiagnosticCode.exportRefused, count: 5))
    }

    /// Every E090x code (exporting) is emitted by exporting the examples (with and without a command).
    @Test func everyExportCodeIsEmitted() throws {
        var seen = Set<DiagnosticCode>()
        for path in ExportGoldenTests.examples {
            let (_, schedule) = try ExportGoldenTests.load(path)
            for format in RuleFormat.allCases {
                for options in [Self.options, ExportOptions()] {
                    Exporter.export(schedule, format: format, options: options).diagnostics.forEach { seen.insert($0.code) }
                }
            }
        }
        let missing = DiagnosticCode.allCases.filter { $0.rawValue.hasPrefix("E090") && !seen.contains($0) }.map(\.rawValue)
        #expect(missing.isEmpty, "export codes no example emits: \(missing)")
    }
}

/// Which formats are made from rules and which from fires: every rule format names itself back,
/// and only the calendar is written from fires (it alone never reaches `Exporter.export`).
@Suite struct ExportSourceTests {
    @Test func everyFormatHasOneSource() {
        for format in ExportFormat.allCases {
            switch format.source {
            case .fires: #expect(format == .ics)
            case .rules(let rules):
                #expect(rules.format == format)
                #expect(rules.rawValue == format.rawValue)
            }
        }
        #expect(RuleFormat.allCases.map(\.format) == ExportFormat.allCases.filter { $0 != .ics })
    }
}
