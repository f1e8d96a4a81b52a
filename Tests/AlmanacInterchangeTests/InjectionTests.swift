import AlmanacEscaping
import AlmanacInterchange
import AlmanacJSON
import AlmanacModel
import AlmanacSpec
import AlmanacTestSupport
import AlmanacTime
import Testing

/// The issue's five injections, each a class: every character class through every writer of a
/// format, the schedules built in code so nothing was refused on the way (the spec check refuses
/// most of these values; the writers must hold whatever reaches them). Judged here by the format's
/// line rule and by our own YAML reader; `scripts/hostile/judges.py` judges the same outputs with
/// systemd, cronie's rules, PyYAML, ruamel and icalendar.
@Suite struct InjectionTests {
    static let texts = HostileText.samples.map(\.text) + HostileText.controlScalars.map { "a\(Character($0))b" }

    static func schedule(name: String = "hostile", title: String = "job", command: String = "/usr/bin/true") -> Schedule {
        let trigger = Trigger(
            id: "job", kind: .calendar(CalendarRule(times: [LocalTime(hour: 9, minute: 0)])), timezone: "Europe/Paris",
            payload: ["title": .string(title), "command": .string(command)])
        return Schedule(name: name, timezone: "Europe/Paris", triggers: [trigger])
    }

    static let options = ExportOptions(image: "busybox")

    /// 1. systemd ends a line at LF, CR and NUL and continues one after a final backslash: whatever
    /// the title and name, each unit has exactly its own settings, and the command is one line.
    @Test(arguments: texts)
    func unitFilesKeepTheirLines(_ text: String) throws {
        for schedule in [Self.schedule(name: text), Self.schedule(title: text), Self.schedule(command: text)] {
            let result = Exporter.export(schedule, format: .systemd, options: Self.options)
            if text.unicodeScalars.contains("\u{0}") && schedule.triggers[0].payload["command"] == .string(text) {
                #expect(result.files.isEmpty && result.diagnostics.map(\.code) == [.exportUnwritable])
                continue
            }
            for file in result.files {
                let lines = Self.lines(file.text, endingAt: ["\n", "\r", "\u{0}"]).filter { !$0.isEmpty && !$0.hasPrefix("[") }
                #expect(!file.text.contains("\\\n"), "a line continues: \(file.text)")
                let keys = lines.map { String($0.prefix { $0 != "=" }) }
                let expected =
                    file.name.hasSuffix(".service")
                    ? ["Description", "Type", "ExecStart"]
                    : ["Description", "OnCalendar", "AccuracySec", "Persistent", "Unit", "WantedBy"]
                #expect(keys == expected, "\(file.text)")
            }
        }
    }

    /// 2, 3. Text from an iCalendar SUMMARY, a CronJob's name or a crontab comment lands in comments
    /// and strings of the imported spec, which must have exactly the source's one trigger.
    @Test(arguments: texts.filter { !$0.unicodeScalars.contains("\u{0}") })
    func importedSpecsHaveExactlyTheSourcesTriggers(_ text: String) throws {
        let pwn = "x\n  pwned: {cron: \"* * * * *\", timezone: UTC, payload: {command: \"/x\"}}\n  # "
        for text in [text, pwn] {
            let summary = text.replacing("\\", with: "\\\\").replacing(",", with: "\\,").replacing(";", with: "\\;")
                .replacing("\r\n", with: "\\n").replacing("\n", with: "\\n")
            let ics =
                "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a@x\r\nSUMMARY:\(summary)\r\nDTSTART:20270115T170000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
            let k8s = """
                apiVersion: batch/v1
                kind: CronJob
                metadata: {name: \(YAMLText.doubleQuoted("job" + text))}
                spec: {schedule: "30 2 * * *", jobTemplate: {spec: {template: {spec: {containers: [{name: c, image: busybox}]}}}}}

                """
            let crontab = "CRON_TZ=UTC\n# \(text.replacing("\n", with: ""))\n30 2 * * * /usr/bin/true\n"
            for (format, source) in [(ImportFormat.ics, ics), (.k8s, k8s), (.crontab, crontab)] {
                let result = Importer.run(format, SourceFile(path: "in", text: source), timezone: nil, name: "in")
                // A source the importer cannot read is refused in its own words; it never reaches the spec.
                guard let spec = result.spec else {
                    #expect(result.hasErrors && result.diagnostics.allSatisfy { $0.range != nil }, "\(format)")
                    continue
                }
                let loaded = SpecLoader.load(SourceFile(path: "spec.yaml", text: spec))
                #expect(!loaded.hasErrors, "\(format): \(loaded.diagnostics.map(\.message))\n\(spec)")
                #expect(loaded.schedule?.triggers.count == 1 && result.triggerIDs.count == 1, "\(format):\n\(spec)")
            }
        }
    }

    /// 5. A crontab line ends at LF, is cut at NUL, shows a CR as a new line: such a command is
    /// refused (E0231), never written; `%` becomes `\%`; the header comment stays one line.
    @Test(arguments: texts)
    func crontabLinesAreOneLineOrRefused(_ text: String) throws {
        let result = Exporter.export(Self.schedule(command: text), format: .crontab, options: Self.options)
        let unwritable = (try? CrontabText.command(text)) == nil
        #expect(result.files.isEmpty == unwritable)
        #expect(result.diagnostics.map(\.code) == (unwritable ? [.exportUnwritable] : []))
        let named = Exporter.export(Self.schedule(name: text), format: .crontab, options: Self.options).joinedText
        for file in result.files.map(\.text) + [named] {
            #expect(!file.unicodeScalars.contains { $0 == "\r" || $0 == "\u{0}" }, "\(file)")
            let jobs = Self.lines(file, endingAt: ["\n"]).filter { !$0.hasPrefix("#") && !$0.hasPrefix("CRON_TZ=") && !$0.isEmpty }
            #expect(jobs.count == 1, "\(file)")
        }
    }

    /// 5. A CronJob file holds any command exactly, DEL, C1 and NEL included (escaped, so kubectl
    /// takes the file and a YAML 1.1 reader does not fold a NEL into a space).
    @Test(arguments: texts.filter { !$0.unicodeScalars.contains("\u{0}") })
    func cronJobsHoldTheCommandExactly(_ text: String) throws {
        let result = Exporter.export(Self.schedule(name: text, command: text), format: .k8s, options: Self.options)
        var bag = DiagnosticBag()
        let documents = result.joinedText.components(separatedBy: "---\n").filter { !$0.isEmpty }
        #expect(documents.count == 1)
        let root = YAMLComposer.compose(Array(documents[0].utf8), diagnostics: &bag)
        #expect(bag.diagnostics.isEmpty, "\(bag.diagnostics.map(\.message))")
        func child(_ node: YAMLNode?, _ key: String) -> YAMLNode? { node?.mapping?.first { $0.key.scalar == key }?.value }
        let template = child(child(child(child(child(root, "spec"), "jobTemplate"), "spec"), "template"), "spec")
        let command = child(child(template, "containers")?.sequence?.first, "command")
        #expect(command?.sequence?.map(\.scalar) == ["/bin/sh", "-c", text])
    }

    /// `text` cut into lines at any of `ends` (scalars: a CRLF is two ends here, as for systemd).
    static func lines(_ text: String, endingAt ends: Set<Unicode.Scalar>) -> [String] {
        var out: [String] = [""]
        for scalar in text.unicodeScalars {
            if ends.contains(scalar) { out.append("") } else { out[out.count - 1].unicodeScalars.append(scalar) }
        }
        return out
    }

    /// An ics calendar holds no control character but tab, whatever the title and name.
    @Test(arguments: texts)
    func calendarsHoldNoControlCharacter(_ text: String) throws {
        let plan = ExportICSTests.plan(title: .string(text))
        let ics = ExportICS.render(plan)
        let lines = ics.components(separatedBy: "\r\n")
        #expect(lines.allSatisfy { ControlCharacter.first(in: $0, allowing: [.tab]) == nil })
        #expect(lines.filter { $0.hasPrefix("SUMMARY:") }.count == plan.fires.count)
    }
}
