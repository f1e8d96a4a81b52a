import AlmanacEscaping
import AlmanacModel
import AlmanacTime

/// `almanac export systemd`: a `.timer` and a `.service` per trigger, named `SPEC-TRIGGER`.
enum ExportSystemd {
    static func export(_ schedule: Schedule, options: ExportOptions) -> ExportResult {
        var files: [ExportFile] = []
        var diagnostics: [Diagnostic] = []
        for trigger in schedule.triggers.sorted(by: { $0.id < $1.id }) where trigger.enabled {
            var (rule, issues) = ExportClock.translate(trigger, target: .systemd, format: "systemd")
            switch trigger.concurrency {
            case .allow, .forbid: break
            case .replace, .queue:
                issues.append(
                    ExportIssue(
                        message: .exportLossConcurrency(
                            trigger.id, format: "systemd", policy: trigger.concurrency.rawValue,
                            does: "never starts a service that is still running (its runs are skipped, as with forbid)"),
                        refused: false))
            }
            // The trigger's own `misfire` first (what `import systemd` writes for Persistent=), then an
            // older spec's payload key, then `--misfire`.
            let misfire = trigger.misfire?.rawValue ?? Exporter.payloadString(trigger, "misfire") ?? options.misfire
            if misfire == "all" {
                issues.append(ExportIssue(message: .exportLossMisfireAll(trigger.id, format: "systemd"), refused: false))
            }
            let command = Exporter.command(trigger, options: options)
            if rule != nil && command == nil {
                issues.append(
                    ExportIssue(message: .exportMissingCommand(trigger.id, format: "systemd", key: options.commandKey), refused: true))
                rule = nil
            }
            // The command is a shell command line, as crontab runs it and the k8s export passes it.
            var execStart: String?
            if rule != nil, let command {
                do {
                    execStart = try SystemdUnitText.commandLine(["/bin/sh", "-c", command])
                } catch {
                    issues.append(
                        ExportIssue(message: .exportUnwritable(trigger.id, format: "systemd", field: "its command", error), refused: true))
                    rule = nil
                }
            }
            // The environment, standard input and user the service runs with (`almanac import crontab` writes them).
            let payload = JobPayload(trigger)
            var exec: [String] = []
            for key in payload.malformed {
                issues.append(
                    ExportIssue(
                        message: .exportLossPayload(trigger.id, format: "systemd", what: "a `\(key)` that is not text"), refused: false))
            }
            for (name, value) in payload.environment {
                switch JobPayload.systemdEnvironment(name, value) {
                case .success(let line): exec.append(line)
                case .failure(let why):
                    issues.append(ExportIssue(message: .exportLossPayload(trigger.id, format: "systemd", what: why.what), refused: false))
                }
            }
            if let stdin = payload.stdin { exec += JobPayload.systemdStdin(stdin) }
            if let user = payload.user {
                switch JobPayload.systemdUser(user) {
                case .success(let line): exec.append(line)
                case .failure(let why):
                    issues.append(ExportIssue(message: .exportLossPayload(trigger.id, format: "systemd", what: why.what), refused: false))
                }
            }
            diagnostics += ExportClock.diagnostics(trigger, issues)
            guard let rule, let execStart else { continue }
            // A trigger id is a valid unit name as it is (`[a-z0-9._-]`), so names never collide.
            let name = Exporter.safeName(schedule.name) + "-" + trigger.id
            let title = Exporter.payloadString(trigger, "title") ?? trigger.id
            let description = SystemdUnitText.plainValue("\(title) (almanac: \(schedule.name)/\(trigger.id))")
            var timer = "[Unit]\nDescription=\(description)\n\n[Timer]\n"
            for line in rule.lines { timer += "OnCalendar=\(ExportFields.onCalendar(line, zone: rule.zone))\n" }
            if let jitter = trigger.jitter, jitter.seconds > 0 {
                timer += "RandomizedDelaySec=\(jitter.seconds)\nFixedRandomDelay=yes\n"
            }
            timer +=
                "AccuracySec=1s\nPersistent=\(misfire == "skip" ? "false" : "true")\nUnit=\(name).service\n\n[Install]\nWantedBy=timers.target\n"
            let service =
                "[Unit]\nDescription=\(description)\n\n[Service]\nType=oneshot\nExecStart=\(execStart)\n" + exec.map { $0 + "\n" }.joined()
            files.append(ExportFile(name: name + ".service", text: service))
            files.append(ExportFile(name: name + ".timer", text: timer))
        }
        return ExportResult(files: files, diagnostics: diagnostics)
    }
}
