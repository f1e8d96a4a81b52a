import AlmanacModel
import AlmanacTime

/// A kind that says what it is as clock fields (crontab, systemd, k8s): its `ClockRule`, or a
/// refusal that says why not. A kind that is not one is refused by name (`ExportClock.translate`).
protocol ClockFieldsKind: TriggerRule {
    /// The clock rule of `trigger` (this rule's trigger) in `zone` for `target`, with what the
    /// kind itself loses; a nil rule with the refusal when it cannot be written.
    func clockRule(of trigger: Trigger, zone: String, target: ClockTarget, format: String) -> (ClockRule?, [ExportIssue])
}

extension CronExpression: ClockFieldsKind {
    func clockRule(of trigger: Trigger, zone: String, target: ClockTarget, format: String) -> (ClockRule?, [ExportIssue]) {
        (ExportClock.cronRule(self, zone: zone, target: target), [])
    }
}

extension CalendarRule: ClockFieldsKind {
    func clockRule(of trigger: Trigger, zone: String, target: ClockTarget, format: String) -> (ClockRule?, [ExportIssue]) {
        let id = trigger.id
        switch ExportClock.calendarRule(self, zone: zone, target: target) {
        case .success(let rule):
            guard trigger.invalidDates != .omit && ExportClock.mayBeInvalid(self) else { return (rule, []) }
            let policy = trigger.invalidDates.rawValue
            return (rule, [ExportIssue(message: .exportLossInvalidDates(id, format: format, policy: policy), refused: false)])
        case .failure(let why):
            return (nil, [ExportIssue(message: .exportRefusedCalendar(id, format: format, what: why.what), refused: true)])
        }
    }
}

extension EveryRule: ClockFieldsKind {
    func clockRule(of trigger: Trigger, zone: String, target: ClockTarget, format: String) -> (ClockRule?, [ExportIssue]) {
        guard let rule = ExportClock.everyRule(self, target: target) else {
            let interval = ExportClock.spanText(interval.seconds)
            return (nil, [ExportIssue(message: .exportRefusedEvery(trigger.id, format: format, interval: interval), refused: true)])
        }
        return (rule, [])
    }
}

extension OnceRule: ClockFieldsKind {
    func clockRule(of trigger: Trigger, zone: String, target: ClockTarget, format: String) -> (ClockRule?, [ExportIssue]) {
        guard target.canDates else { return (nil, [ExportIssue(message: .exportRefusedOnce(trigger.id, format: format), refused: true)]) }
        switch moment {
        case .instant(let i):
            let line = ExportClock.onceLine(LocalDateTime(wallSeconds: i.secondsSinceEpoch))
            return (ClockRule(zone: "UTC", lines: [line], wildcard: false), [])
        case .local(let l):
            let dst = ExportClock.onceDST(trigger, l, zone: zone, target: target, format: format)
            return (ClockRule(zone: zone, lines: [ExportClock.onceLine(l)], wildcard: false), dst)
        }
    }
}

extension RRuleTrigger: ClockFieldsKind {
    func clockRule(of trigger: Trigger, zone: String, target: ClockTarget, format: String) -> (ClockRule?, [ExportIssue]) {
        (nil, [ExportIssue(message: .exportRefusedRRule(trigger.id, format: format), refused: true)])
    }
}

extension LocationRule: ClockFieldsKind {
    func clockRule(of trigger: Trigger, zone: String, target: ClockTarget, format: String) -> (ClockRule?, [ExportIssue]) {
        (nil, [ExportIssue(message: .exportRefusedLocation(trigger.id, format: format), refused: true)])
    }
}
