import AlmanacEscaping
import AlmanacModel
import AlmanacTime

/// `almanac export k8s`: a batch/v1 CronJob per cron line of a trigger, `timeZone` set (never
/// `CRON_TZ=` in the schedule: Kubernetes refuses it).
enum ExportKubernetes {
    static func export(_ schedule: Schedule, options: ExportOptions) -> ExportResult {
        var documents: [String] = []
        var diagnostics: [Diagnostic] = []
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
            diagnostics += ExportClock.diagnostics(trigger, issues)
            guard let rule, let command, let image else { continue }
            let schedules = rule.cronSource.map { [$0] } ?? rule.lines.map(ExportFields.cron)
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
                                  command: ["/bin/sh", "-c", \(YAMLText.doubleQuoted(command))]

                    """)
            }
        }
        let text = documents.map { "---\n" + $0 }.joined()
        return ExportResult(
            files: text.isEmpty ? [] : [ExportFile(name: Exporter.safeName(schedule.name) + ".yaml", text: text)], diagnostics: diagnostics)
    }
}
