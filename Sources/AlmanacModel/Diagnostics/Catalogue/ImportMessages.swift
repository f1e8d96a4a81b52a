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

    package static func importKubernetesSchedule(_ reason: String) -> DiagnosticMessage {
        .init(.importSyntax, "the CronJob controller's parser (robfig/cron v3) refuses this schedule: \(reason)")
    }

    package static let importKubernetesNever = DiagnosticMessage(
        .importSyntax,
        "robfig/cron reads a field of this schedule as empty (a list of nothing), so the CronJob never runs; write its values")

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

    package static func importICSUnknownZone(_ tzid: String) -> DiagnosticMessage {
        .init(
            .importNeedsZone,
            "TZID '\(tzid)' is not an IANA zone, a Windows zone name (Unicode CLDR) or an IANA name behind a vendor prefix, and no VTIMEZONE in the file defines it; write an IANA name such as `Europe/Paris`"
        )
    }

    // MARK: E0920 importZoneDefinition

    package static func importICSZoneDefinitionUnread(_ tzid: String) -> DiagnosticMessage {
        .init(
            .importZoneDefinition,
            "the VTIMEZONE '\(tzid)' uses a rule the importer does not read (it reads yearly rules by month with a weekday ordinal, weekdays within days, or days); use an IANA name as TZID"
        )
    }

    package static func importICSZoneDefinitionDiffers(_ tzid: String, zone: String, at: String) -> DiagnosticMessage {
        .init(
            .importZoneDefinition,
            "the VTIMEZONE '\(tzid)' gives another offset than \(zone) at \(at), and no IANA zone has its offsets; its events would move against any zone Almanac knows: fix the VTIMEZONE or use an IANA name as TZID"
        )
    }

    package static func importICSZoneDefinitionUnmatched(_ tzid: String, years: String) -> DiagnosticMessage {
        .init(
            .importZoneDefinition,
            "no IANA zone has the offsets of the VTIMEZONE '\(tzid)' over \(years); use an IANA name as TZID")
    }

    // MARK: W0921 importEndBeforeStart

    package static let importICSEndBeforeStart = DiagnosticMessage(
        .importEndBeforeStart,
        "DTEND is before DTSTART; recurring-ical-events swaps them, so the event is imported as starting at DTEND: fix the event if that is wrong"
    )

    // MARK: W0922 importUntilBeforeStart

    package static let importICSUntilBeforeStart = DiagnosticMessage(
        .importUntilBeforeStart,
        "UNTIL is before DTSTART: the rule gives no occurrence and DTSTART is none either (recurring-ical-events); only the RDATEs are imported"
    )

    // MARK: W0923 importEngineLoses

    package static func importSystemdAfterGap(times: String, zone: String, gap: String, first: String, days: Int) -> DiagnosticMessage {
        .init(
            .importEngineLoses,
            "systemd 252 does not elapse this at \(times) right after the spring-forward gap of \(zone) (\(gap); \(days) days from \(first) to 2039), the imported spec does; the spec fires where the timer did not"
        )
    }

    package static func importSystemdStops(zone: String, gap: String, date: String) -> DiagnosticMessage {
        .init(
            .importEngineLoses,
            "systemd 252 cannot compute this value's next elapse on \(date), the spring-forward gap of \(zone) (\(gap)): the timer stops for good there (\"Resource deadlock avoided\"); the imported spec goes on firing"
        )
    }

    package static func importKubernetesClockChange(zone: String, days: String) -> DiagnosticMessage {
        .init(
            .importEngineLoses,
            "the CronJob controller (robfig/cron v3, which adds real hours and minutes to find the next time) fires otherwise than the imported spec on clock-change days in \(zone): \(days)"
        )
    }

    // MARK: W0924 importZoneReadFloating

    package static func importICSZoneReadFloating(_ tzid: String, zone: String) -> DiagnosticMessage {
        .init(
            .importZoneReadFloating,
            "TZID '\(tzid)' names no zone (not IANA, Windows or vendor-prefixed) and no VTIMEZONE defines it; icalendar reads such times as floating, and so they are read in \(zone): write an IANA name if another zone was meant"
        )
    }

    // MARK: E0160 importTooLarge

    package static func importTooLarge(_ what: String, count: Int, limit: Int) -> DiagnosticMessage {
        .init(
            .importTooLarge,
            "the file has \(count) \(what); an imported spec holds at most \(limit) triggers: split the file and import each part")
    }

    package static func importFileTooLarge(bytes: Int, limit: Int) -> DiagnosticMessage {
        .init(
            .importTooLarge,
            "the file has \(bytes) bytes; an imported spec holds at most \(limit) bytes, so no import of it fits: split the file")
    }
}
