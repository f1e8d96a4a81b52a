import AlmanacEscaping
import AlmanacModel
import AlmanacTime

/// `almanac export crontab`: cronie lines grouped under a `CRON_TZ=` per zone, or in UTC (`--utc`)
/// where converting the times is exact.
enum ExportCrontab {
    /// One job line and what it needs above it.
    struct Job {
        var trigger: Trigger
        var zone: String
        var lines: [String]
        /// Assignments (`NAME=value` lines) by name, in force for this job.
        var environment: [(name: String, line: String)]
    }

    static func export(_ schedule: Schedule, options: ExportOptions) -> ExportResult {
        var jobs: [Job] = []
        var diagnostics: [Diagnostic] = []
        for trigger in schedule.triggers.sorted(by: { $0.id < $1.id }) where trigger.enabled {
            var (rule, issues) = ExportClock.translate(trigger, target: .crontab, format: "crontab")
            if trigger.concurrency != .allow {
                issues.append(
                    ExportIssue(
                        message: .exportLossConcurrency(
                            trigger.id, format: "crontab", policy: trigger.concurrency.rawValue,
                            does: "starts every run, even while the last one still runs (as with allow)"),
                        refused: false))
            }
            if options.utc, let r = rule, r.zone != "UTC" {
                switch toUTC(r) {
                case .success(let converted): rule = converted
                case .failure(let why):
                    issues.append(ExportIssue(message: .exportRefusedUTC(trigger.id, zone: r.zone, why: why.what), refused: true))
                    rule = nil
                }
            }
            if let misfire = trigger.misfire, misfire != .skip {
                issues.append(
                    ExportIssue(
                        message: .exportLossMisfire(
                            trigger.id, format: "crontab", misfire: misfire.rawValue, does: "never runs a job it missed"), refused: false))
            }
            let command = Exporter.command(trigger, options: options)
            if rule != nil && command == nil {
                issues.append(
                    ExportIssue(message: .exportMissingCommand(trigger.id, format: "crontab", key: options.commandKey), refused: true))
                rule = nil
            }
            var cmd: String?
            if rule != nil, let command {
                do {
                    cmd = try CrontabText.command(command)
                } catch {
                    issues.append(
                        ExportIssue(message: .exportUnwritable(trigger.id, format: "crontab", field: "its command", error), refused: true))
                    rule = nil
                }
            }
            // Standard input after `%`, the environment as assignment lines above the job.
            let payload = JobPayload(trigger)
            var tail = ""
            var environment: [(name: String, line: String)] = []
            for key in payload.malformed {
                issues.append(
                    ExportIssue(
                        message: .exportLossPayload(trigger.id, format: "crontab", what: "a `\(key)` that is not text"), refused: false))
            }
            if let stdin = payload.stdin {
                switch JobPayload.cronStdin(stdin) {
                case .success(let t) where (cmd ?? "").utf8.count + t.utf8.count > CrontabText.maxCommandBytes:
                    issues.append(
                        ExportIssue(
                            message: .exportLossPayload(
                                trigger.id, format: "crontab",
                                what: "standard input that makes the command longer than cronie's \(CrontabText.maxCommandBytes) bytes"),
                            refused: false))
                case .success(let t): tail = t
                case .failure(let why):
                    issues.append(ExportIssue(message: .exportLossPayload(trigger.id, format: "crontab", what: why.what), refused: false))
                }
            }
            if payload.user != nil {
                // A user crontab (what this writes) has no user field; a system crontab's line has.
                issues.append(
                    ExportIssue(
                        message: .exportLossPayload(
                            trigger.id, format: "crontab", what: "a user (`payload.user`), which a user crontab has no field for"),
                        refused: false))
            }
            for (name, value) in payload.environment {
                switch JobPayload.cronAssignment(name, value) {
                case .success(let line): environment.append((name, line))
                case .failure(let why):
                    issues.append(ExportIssue(message: .exportLossPayload(trigger.id, format: "crontab", what: why.what), refused: false))
                }
            }
            diagnostics += ExportClock.diagnostics(trigger, issues)
            guard let rule, let cmd else { continue }
            let run = cmd + tail
            let schedules = rule.cronSource.map { [$0] } ?? rule.lines.map(ExportFields.cron)
            // The id as the shell's comment at the end of the line, except after standard input,
            // which runs to the end of the line: there it goes on a line of its own above.
            let lines =
                tail.isEmpty
                ? schedules.map { "\($0) \(run)  # \(trigger.id)" } : [CrontabText.comment(trigger.id)] + schedules.map { "\($0) \(run)" }
            jobs.append(Job(trigger: trigger, zone: rule.zone, lines: lines, environment: environment))
        }
        guard !jobs.isEmpty else { return ExportResult(files: [], diagnostics: diagnostics) }
        var text =
            CrontabText.comment("\(schedule.name): exported by almanac export crontab (cronie: CRON_TZ= applies to the lines below it)")
            + "\n"
        // An assignment applies to every line below it, and cron cannot unset one: jobs with the same
        // environment go together, those with none first.
        let key: (Job) -> String = { $0.environment.map(\.line).joined(separator: "\n") }
        jobs.sort { (key($0), $0.zone, $0.trigger.id) < (key($1), $1.zone, $1.trigger.id) }
        var inForce: [String: String] = [:]
        var zone: String?
        for job in jobs {
            let wanted = Dictionary(job.environment, uniquingKeysWith: { a, _ in a })
            for (name, line) in inForce.sorted(by: { $0.key < $1.key }) where wanted[name] == nil {
                diagnostics += ExportClock.diagnostics(
                    job.trigger, [ExportIssue(message: .exportLossCrontabInherited(job.trigger.id, assignment: line), refused: false)])
            }
            let changed = job.environment.filter { inForce[$0.name] != $0.line }
            if !changed.isEmpty || job.zone != zone {
                text += "\n"
                for (name, line) in changed {
                    text += line + "\n"
                    inForce[name] = line
                }
                if job.zone != zone { text += "CRON_TZ=\(job.zone)\n" }
                zone = job.zone
            }
            for line in job.lines { text += line + "\n" }
        }
        var bag = DiagnosticBag()
        bag.emit(contentsOf: diagnostics)
        return ExportResult(
            files: [ExportFile(name: Exporter.safeName(schedule.name) + ".crontab", text: text)], diagnostics: bag.diagnostics)
    }

    /// The same rule in UTC: the zone's offset must never change and be whole minutes, and a time
    /// that moves to another day needs day fields that do not care which day.
    static func toUTC(_ rule: ClockRule) -> Result<ClockRule, ExportClock.Refusal> {
        guard let clock = ClockChanges(zone: rule.zone) else { return .failure(.init(what: "its zone data cannot be read")) }
        guard clock.changes.isEmpty else {
            return .failure(.init(what: "its offset changes (daylight saving or a new standard offset)"))
        }
        let offset = clock.table.offset(at: ClockChanges.span.from)
        guard offset % 60 == 0 else { return .failure(.init(what: "its offset is not whole minutes")) }
        var lines: [ClockRule.Line] = []
        for line in rule.lines {
            switch line.days {
            case .both, .fromEnd, .ordinal: return .failure(.init(what: "its days need both day fields at once"))
            default: break
            }
            var byShift: [Int: [(Int, Int)]] = [:] // day shift -> (hour, minute)
            for h in line.hours {
                for m in line.minutes {
                    let t = h * 60 + m - offset / 60
                    let shift = t < 0 ? -1 : t >= 1440 ? 1 : 0
                    let u = (t % 1440 + 1440) % 1440
                    byShift[shift, default: []].append((u / 60, u % 60))
                }
            }
            if byShift.keys.contains(where: { $0 != 0 }) && (line.days != .every || line.months != nil) {
                return .failure(.init(what: "some times move to another day in UTC, and the rule names days"))
            }
            let pairs = byShift.values.flatMap { $0 }.map { LocalTime(hour: $0.0, minute: $0.1) }
            for g in ExportClock.timeGroups(pairs) {
                lines.append(ClockRule.Line(seconds: [0], minutes: g.minutes, hours: g.hours, days: line.days, months: line.months))
            }
        }
        return .success(ClockRule(zone: "UTC", lines: lines, cronSource: offset == 0 ? rule.cronSource : nil, wildcard: rule.wildcard))
    }
}
