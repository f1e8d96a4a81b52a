/// E091x: reading another scheduler's files (`almanac import`).
extension DiagnosticMessage {
    // MARK: E0911 importSyntax

    package static func importCrontabTooFewFields(system: Bool) -> DiagnosticMessage {
        .init(
            .importSyntax,
            system
                ? "a system crontab line needs 5 time fields, a user and a command (`0 3 * * * root /usr/bin/backup`)"
                : "a crontab line needs 5 time fields and a command (`0 3 * * * /usr/bin/backup`)")
    }

    package static func importSystemdSyntax(_ problem: String) -> DiagnosticMessage {
        .init(.importSyntax, "OnCalendar= value not understood: \(problem); write it as `systemd-analyze calendar` accepts it")
    }

    package static func importSystemdTimeSpan(_ text: String) -> DiagnosticMessage {
        .init(.importSyntax, "'\(text)' is not a systemd time span; write seconds or units such as `30s`, `5min`, `1h 30min`")
    }

    package static func importICSSyntax(_ problem: String) -> DiagnosticMessage {
        .init(.importSyntax, "iCalendar: \(problem)")
    }

    package static func importKubernetesField(_ path: String, expected: String) -> DiagnosticMessage {
        .init(.importSyntax, "`\(path)` must be \(expected)")
    }

    package static func importKubernetesMissing(_ path: String) -> DiagnosticMessage {
        .init(.importSyntax, "a CronJob needs `\(path)`")
    }

    // MARK: E0912 importUnsupported

    package static let importKubernetesCronTZ = DiagnosticMessage(
        .importUnsupported, "Kubernetes refuses CRON_TZ= and TZ= in `spec.schedule`; put the zone in `spec.timeZone` instead")

    package static let importUnsupportedEvery = DiagnosticMessage(
        .importUnsupported,
        "'@every' counts from when the controller loaded the CronJob, which no file says; write an `every:` trigger with its `anchor` by hand"
    )

    package static func importSystemdNotExpressible(_ what: String) -> DiagnosticMessage {
        .init(.importUnsupported, "\(what) has no exact Almanac equivalent (neither `calendar:` nor `cron:`); rewrite the timer without it")
    }

    package static let importSystemdNoCalendar = DiagnosticMessage(
        .importUnsupported,
        "this timer has no OnCalendar=; OnBootSec=, OnStartupSec= and OnUnitActiveSec= count from events, which Almanac cannot plan")

    package static func importICSNotExpressible(_ what: String) -> DiagnosticMessage {
        .init(.importUnsupported, "iCalendar: \(what) has no Almanac equivalent; the event is not imported")
    }

    package static let importNothing = DiagnosticMessage(
        .importUnsupported, "nothing to import: the file holds no job, timer, CronJob or event")

    // MARK: E0913 importNeedsZone

    package static let importCrontabNeedsZone = DiagnosticMessage(
        .importNeedsZone,
        "cron runs this line in the machine's time zone, which Almanac never guesses; pass `--timezone ZONE` or add a `CRON_TZ=` line above it"
    )

    package static let importSystemdNeedsZone = DiagnosticMessage(
        .importNeedsZone,
        "systemd reads this OnCalendar= in the machine's time zone, which Almanac never guesses; pass `--timezone ZONE` or end the value with a zone"
    )

    package static let importICSNeedsZone = DiagnosticMessage(
        .importNeedsZone,
        "this DTSTART is floating (no TZID, no Z): it happens at that wall time wherever the reader is; pass `--timezone ZONE`")

    package static func importUnknownZone(_ zone: String) -> DiagnosticMessage {
        .init(.importNeedsZone, "'\(zone)' is not a zone of the IANA database; write a name such as `Europe/Paris` or `UTC`")
    }
}
