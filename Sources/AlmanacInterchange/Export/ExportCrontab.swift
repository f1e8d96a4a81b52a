import AlmanacEscaping
import AlmanacModel
import AlmanacTime

/// `almanac export crontab`: cronie lines grouped under a `CRON_TZ=` per zone, or in UTC (`--utc`)
/// where converting the times is exact.
enum ExportCrontab {
    static func export(_ schedule: Schedule, options: ExportOptions) -> ExportResult {
        var byZone: [String: [String]] = [:]
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
            diagnostics += ExportClock.diagnostics(trigger, issues)
            guard let rule, let cmd else { continue }
            let schedules = rule.cronSource.map { [$0] } ?? rule.lines.map(ExportFields.cron)
            for s in schedules { byZone[rule.zone, default: []].append("\(s) \(cmd)  # \(trigger.id)") }
        }
        guard !byZone.isEmpty else { return ExportResult(files: [], diagnostics: diagnostics) }
        var text =
            CrontabText.comment("\(schedule.name): exported by almanac export crontab (cronie: CRON_TZ= applies to the lines below it)")
            + "\n"
        for zone in byZone.keys.sorted() {
            text += "\nCRON_TZ=\(zone)\n" + byZone[zone]!.joined(separator: "\n") + "\n"
        }
        return ExportResult(files: [ExportFile(name: Exporter.safeName(schedule.name) + ".crontab", text: text)], diagnostics: diagnostics)
    }

    /// The same rule in UTC: the zone's offset must never change and be whole minutes, and a time
    /// that moves to another day needs day fields that do not care which day.
    static func toUTC(_ rule: ClockRule) -> Result<ClockRule, ExportClock.Refusal> {
        guard let table = OffsetTable(zone: rule.zone, covering: ExportClock.span.from, to: ExportClock.span.to) else {
            return .failure(.init(what: "its zone data cannot be read"))
        }
        guard table.changes.allSatisfy({ $0.instant < ExportClock.span.from || $0.instant >= ExportClock.span.to }) else {
            return .failure(.init(what: "its offset changes (daylight saving or a new standard offset)"))
        }
        let offset = table.offset(at: ExportClock.span.from)
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
