import AlmanacEscaping
import AlmanacModel
import AlmanacTime

/// `almanac export k8s`: a batch/v1 CronJob per cron line of a trigger, `timeZone` set (never
/// `CRON_TZ=` in the schedule: Kubernetes refuses it).
enum ExportKubernetes {
    static func export(_ schedule: Schedule, options: ExportOptions) -> ExportResult {
        var documents: [String] = []
        var diagnostics: [Diagnostic] = []
        var clockChanges = ClockChangeAnswers()
        var used = Set<String>()
        for trigger in schedule.triggers.sorted(by: { $0.id < $1.id }) where trigger.enabled {
            var (rule, issues) = ExportClock.translate(trigger, target: .k8s, format: "k8s")
            let policy: String
            switch trigger.concurrency {
            case .allow: policy = "Allow"
            case .forbid: policy = "Forbid"
            case .replace: policy = "Replace"
            case .queue:
                policy = "Forbid"
                issues.append(
                    ExportIssue(
                        message: .exportLossConcurrency(
                            trigger.id, format: "k8s", policy: "queue", does: "has no queue (exported as Forbid: a late run is skipped)"),
                        refused: false))
            }
            if let misfire = trigger.misfire, misfire != .once {
                issues.append(
                    ExportIssue(
                        message: .exportLossMisfire(
                            trigger.id, format: "k8s", misfire: misfire.rawValue,
                            does: "starts the latest schedule it missed, once (no startingDeadlineSeconds is written)"), refused: false))
            }
            let command = Exporter.command(trigger, options: options)
            let image = Exporter.payloadString(trigger, "image") ?? options.image
            if rule != nil && command == nil {
                issues.append(
                    ExportIssue(message: .exportMissingCommand(trigger.id, format: "k8s", key: options.commandKey), refused: true))
                rule = nil
            }
            if rule != nil && image == nil {
                issues.append(ExportIssue(message: .exportMissingImage(trigger.id), refused: true))
                rule = nil
            }
            if rule != nil, let command {
                do throws(UnwritableText) {
                    try ProcessArgument.check(command)
                } catch {
                    issues.append(
                        ExportIssue(message: .exportUnwritable(trigger.id, format: "k8s", field: "its command", error), refused: true))
                    rule = nil
                }
            }
            // The container's `env:` carries the environment; a Job has no standard input to give (a
            // container's `stdin` is an attach stream) and takes a user as a number only.
            let payload = JobPayload(trigger)
            var env: [String] = []
            for key in payload.malformed {
                issues.append(
                    ExportIssue(message: .exportLossPayload(trigger.id, format: "k8s", what: "a `\(key)` that is not text"), refused: false)
                )
            }
            for (name, value) in payload.environment {
                switch JobPayload.kubernetesEnvironment(name, value) {
                case .success(let entry): env.append(entry)
                case .failure(let why):
                    issues.append(ExportIssue(message: .exportLossPayload(trigger.id, format: "k8s", what: why.what), refused: false))
                }
            }
            if payload.stdin != nil {
                issues.append(
                    ExportIssue(
                        message: .exportLossPayload(
                            trigger.id, format: "k8s", what: "standard input (`payload.stdin`), which a CronJob cannot give its container"),
                        refused: false))
            }
            if payload.user != nil {
                issues.append(
                    ExportIssue(
                        message: .exportLossPayload(
                            trigger.id, format: "k8s",
                            what: "a user (`payload.user`), which a CronJob's container takes only as a numeric runAsUser"), refused: false)
                )
            }
            // What the controller's parser (robfig/cron) reads must be what the plan fires.
            var schedules: [String] = []
            if let r = rule {
                switch Self.schedules(trigger, r) {
                case .success(let s): schedules = s
                case .failure(let refusal):
                    issues.append(
                        ExportIssue(message: .exportRefusedCalendar(trigger.id, format: "k8s", what: refusal.what), refused: true))
                    rule = nil
                }
            }
            if let r = rule {
                let quirks = schedules.flatMap { line in
                    (try? RobfigSpec.parse(line).get()).map { clockChanges.differences($0, schedule: line, zone: r.zone) } ?? []
                }
                if !quirks.isEmpty {
                    issues.append(
                        ExportIssue(
                            message: .exportLossRobfigClockChange(
                                trigger.id, zone: r.zone, days: RobfigClockChanges.summary(quirks.sorted { $0.date < $1.date })),
                            refused: false))
                }
            }
            diagnostics += ExportClock.diagnostics(trigger, issues)
            guard let rule, let command, let image else { continue }
            // DNS-1123 and at most 52 characters (a CronJob's Jobs add 11); ids that read the same
            // once `.` and `_` are dashes get a number.
            var base = String((Exporter.safeName(schedule.name) + "-" + Exporter.safeName(trigger.id)).prefix(44))
            while base.hasSuffix("-") { base.removeLast() }
            if used.contains(base) {
                var n = 2
                while used.contains("\(base)-\(n)") { n += 1 }
                base = "\(base)-\(n)"
            }
            used.insert(base)
            // Under the container's keys (18 spaces), one flow mapping per variable.
            let envBlock = env.isEmpty ? "" : "\n                  env:" + env.map { "\n                    - " + $0 }.joined()
            for (n, cron) in schedules.enumerated() {
                let name = schedules.count == 1 ? base : "\(base)-\(n + 1)"
                used.insert(name)
                documents.append(
                    """
                    apiVersion: batch/v1
                    kind: CronJob
                    metadata:
                      name: \(name)
                      labels:
                        almanac/spec: \(String(Exporter.safeName(schedule.name).prefix(63)))
                      annotations:
                        almanac/trigger: \(YAMLText.doubleQuoted(trigger.id))
                    spec:
                      schedule: \(YAMLText.doubleQuoted(cron))
                      timeZone: \(YAMLText.doubleQuoted(rule.zone == "UTC" ? "Etc/UTC" : rule.zone))
                      concurrencyPolicy: \(policy)
                      jobTemplate:
                        spec:
                          template:
                            spec:
                              restartPolicy: Never
                              containers:
                                - name: job
                                  image: \(YAMLText.doubleQuoted(image))
                                  command: ["/bin/sh", "-c", \(YAMLText.doubleQuoted(command))]\(envBlock)

                    """)
            }
        }
        let text = documents.map { "---\n" + $0 }.joined()
        return ExportResult(
            files: text.isEmpty ? [] : [ExportFile(name: Exporter.safeName(schedule.name) + ".yaml", text: text)], diagnostics: diagnostics)
    }

    /// The schedules to write: a cron trigger's own text when robfig reads it as Almanac does, else
    /// a text robfig reads so (`*/2` in a day field ORs the days in robfig: written `1-31/2` or `*`);
    /// other kinds as clock lines, which never use what robfig reads otherwise.
    static func schedules(_ trigger: Trigger, _ rule: ClockRule) -> Result<[String], ExportClock.Refusal> {
        guard case .cron(let e) = trigger.kind else { return .success(rule.lines.map(ExportFields.cron)) }
        if case .success(let r) = RobfigSpec.parse(e.source), RobfigText.sameFires(e, r) { return .success([e.source]) }
        guard let text = RobfigText.robfig(e) else {
            return .failure(
                .init(
                    what:
                        "a day of month restricted together with restricted weekdays where both must match (robfig/cron, the controller's parser, ANDs the two only when one is `*`)"
                ))
        }
        return .success([text])
    }
}
