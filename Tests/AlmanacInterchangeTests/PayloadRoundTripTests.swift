import AlmanacCompiler
import AlmanacInterchange
import AlmanacJSON
import AlmanacModel
import AlmanacPlan
import AlmanacSpec
import AlmanacTime
import Foundation
import Testing

/// What an import puts in a trigger besides its times — standard input, environment, user, misfire —
/// comes back out of `export crontab|systemd|k8s` exactly, or the export reports the loss (E0901) at
/// the trigger: never dropped with exit 0 (issue #25, "Silent loss on the way out").
@Suite struct PayloadRoundTripTests {
    static let crontab = """
        MAILTO=ops@example.com
        GREETING="  two spaces each side  "
        45 7 * * mon-fri mail -s "Daily \\% summary" ops@example.com%Good morning,%50\\% done.%
        0 6 * * * /opt/app/bin/report

        """
    static let options = ExportOptions(image: "registry.example/jobs:1")
    static let window = Window(from: RFC3339.parseInstant("2026-03-01T00:00:00Z")!, to: RFC3339.parseInstant("2026-04-01T00:00:00Z")!)

    static func schedule(_ format: ImportFormat, _ text: String, path: String = "source") throws -> Schedule {
        let imported = Importer.run(format, SourceFile(path: path, text: text), timezone: "UTC", name: "payload")
        let spec = try #require(imported.spec, "\(imported.diagnostics.map(\.message))")
        let loaded = SpecLoader.load(SourceFile(path: "payload.yaml", text: spec))
        return try #require(loaded.schedule, "\(loaded.diagnostics.map(\.message))\n\(spec)")
    }

    /// The payload keys an export must carry, and the misfire. The crontab export ends a job's line
    /// with `  # id` (the shell's comment), which an import reads into the command: not compared.
    static func payloads(_ schedule: Schedule) -> [String] {
        schedule.triggers.map { t in
            var keep = t.payload.filter { ["command", "stdin", "environment", "user"].contains($0.key) }
            if case .string(let c)? = keep["command"], let cut = c.range(of: "  # ") {
                keep["command"] = .string(String(c[..<cut.lowerBound]))
            }
            return "\(JSONWriter.inline(.object(keep))) misfire=\(t.misfire?.rawValue ?? "-")"
        }.sorted()
    }

    @Test func crontabComesBackWithItsInputAndEnvironment() throws {
        let first = try Self.schedule(.crontab, Self.crontab)
        let stdin = first.triggers.compactMap { t -> String? in if case .string(let s)? = t.payload["stdin"] { s } else { nil } }
        // cronie's trailing newline (`do_command.c`), each `%` a newline, `\%` a literal `%`.
        #expect(stdin == ["Good morning,\n50% done.\n"])
        let exported = Exporter.export(first, format: .crontab, options: Self.options)
        #expect(exported.diagnostics.isEmpty, "\(exported.diagnostics.map(\.message))")
        let text = try #require(exported.files.first?.text)
        let again = try Self.schedule(.crontab, text)
        #expect(Self.payloads(again) == Self.payloads(first), "\(text)")
        #expect(first.triggers.allSatisfy { $0.misfire == .skip })
    }

    /// cronie reads only `CRON_TZ=` for the schedule; `TZ=` is the command's environment, and the
    /// line keeps the daemon's zone (`--timezone`): read as a zone, every fire was 1–2 h off.
    @Test func aTZLineIsTheCommandsEnvironmentNotTheSchedulesZone() throws {
        let schedule = try Self.schedule(.crontab, "TZ=America/New_York\n0 9 * * * /opt/app/bin/report\n")
        let trigger = try #require(schedule.triggers.first)
        #expect(trigger.payload["environment"] == .object(["TZ": .string("America/New_York")]))
        let plan = try Compiler(tzdataVersion: "test").compile(schedule, specSHA256: "0", window: Self.window).plan
        let fires = plan.fires.map { RFC3339.format($0.at) }
        #expect(fires.count == 31 && fires.allSatisfy { $0.hasSuffix("T09:00:00Z") }, "\(fires.prefix(3))")
    }

    @Test func systemdCarriesTheEnvironmentAndTheBytesOfTheInput() throws {
        let schedule = try Self.schedule(.crontab, Self.crontab)
        let exported = Exporter.export(schedule, format: .systemd, options: Self.options)
        #expect(exported.diagnostics.isEmpty, "\(exported.diagnostics.map(\.message))")
        for trigger in schedule.triggers {
            let service = try #require(exported.files.first { $0.name.hasSuffix("\(trigger.id).service") }).text
            #expect(service.contains("Environment=\"GREETING=  two spaces each side  \"\n"), "\(service)")
            #expect(service.contains("Environment=\"MAILTO=ops@example.com\"\n"))
            let data = service.split(separator: "\n").filter { $0.hasPrefix("StandardInputData=") }.map { $0.dropFirst(18) }.joined()
            let want: String? = if case .string(let s)? = trigger.payload["stdin"] { s } else { nil }
            let got = data.isEmpty ? nil : Data(base64Encoded: data).map { String(decoding: $0, as: UTF8.self) }
            #expect(got == want, "\(service)")
            let timer = try #require(exported.files.first { $0.name.hasSuffix("\(trigger.id).timer") }).text
            #expect(timer.contains("Persistent=false\n"), "cron's misfire: skip")
        }
    }

    @Test func k8sCarriesTheEnvironmentAndReportsTheInput() throws {
        let schedule = try Self.schedule(.crontab, Self.crontab)
        let exported = Exporter.export(schedule, format: .k8s, options: Self.options)
        let text = try #require(exported.files.first?.text)
        #expect(text.contains("env:\n                    - {name: \"GREETING\", value: \"  two spaces each side  \"}\n"), "\(text)")
        let mail = try #require(schedule.triggers.first { $0.payload["stdin"] != nil })
        let losses = exported.diagnostics.filter { $0.code == .exportLoss }
        #expect(losses.contains { $0.message.hasPrefix("'\(mail.id)'") && $0.message.contains("standard input") })
        // cron's `misfire: skip` is not what the controller does (it starts the latest missed run).
        #expect(losses.filter { $0.message.contains("misfire: skip") }.count == schedule.triggers.count)
    }

    @Test func inputCronieCannotSayIsReportedNotDropped() throws {
        var schedule = try Self.schedule(.crontab, Self.crontab)
        for i in schedule.triggers.indices {
            schedule.triggers[i].payload["stdin"] = .string(["no newline at the end", "a NUL \u{0}\n", "a \\\nbackslash\n"][i % 3])
        }
        schedule.triggers[0].payload["environment"] = .object(["BAD NAME": .string("x")])
        schedule.triggers[1].payload["user"] = .string("backup")
        let exported = Exporter.export(schedule, format: .crontab, options: Self.options)
        let losses = exported.diagnostics.filter { $0.code == .exportLoss }.map(\.message)
        #expect(losses.contains { $0.contains("does not end with a newline") }, "\(losses)")
        #expect(losses.contains { $0.contains("'BAD NAME'") }, "\(losses)")
        #expect(losses.contains { $0.contains("`payload.user`") }, "\(losses)")
        // systemd carries any bytes and the user.
        let systemd = Exporter.export(schedule, format: .systemd, options: Self.options)
        #expect(systemd.files.contains { $0.text.contains("User=backup\n") })
        #expect(systemd.diagnostics.map(\.message).allSatisfy { $0.contains("'BAD NAME'") }, "\(systemd.diagnostics.map(\.message))")
    }

    /// `Persistent=` is a fact of each trigger: import → spec (`misfire:`) → plan → export.
    @Test(arguments: [("Persistent=true\n", PlanMisfire.once), ("", .skip)])
    func persistentSurvivesSpecPlanAndExport(_ line: String, _ misfire: PlanMisfire) throws {
        let timer = "[Timer]\nOnCalendar=*-*-* 04:00:00 UTC\n\(line)Unit=backup.service\n"
        let schedule = try Self.schedule(.systemd, timer, path: "backup.timer")
        #expect(schedule.triggers.map(\.misfire) == [misfire])
        let plan = try Compiler(tzdataVersion: "test").compile(schedule, specSHA256: "0", window: Self.window).plan
        #expect(plan.triggers.values.map(\.misfire) == [misfire])
        let exported = Exporter.export(schedule, format: .systemd, options: ExportOptions(exec: "/bin/true", misfire: "all"))
        let unit = try #require(exported.files.first { $0.name.hasSuffix(".timer") }).text
        // The trigger's own misfire wins over `--misfire all`, which would have been a reported loss.
        #expect(unit.contains("Persistent=\(misfire == .once)\n"), "\(unit)")
        #expect(exported.diagnostics.isEmpty, "\(exported.diagnostics.map(\.message))")
    }
}
