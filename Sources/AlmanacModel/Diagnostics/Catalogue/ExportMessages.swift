/// E09xx: exporting a spec to another scheduler (`almanac export`). A loss names what does not carry
/// over and what to do; without `--lossy` it is an error, with it a warning.
extension DiagnosticMessage {
    // MARK: E0901 exportLoss

    package static func exportLossCount(_ id: String, format: String, count: Int) -> DiagnosticMessage {
        .init(
            .exportLoss,
            "'\(id)' stops after count: \(count) fires; \(format) has no count and keeps firing: remove the exported job after its last fire, or drop `count`"
        )
    }

    package static func exportLossExcept(_ id: String, format: String) -> DiagnosticMessage {
        .init(
            .exportLoss,
            "'\(id)' skips the dates of its `except`; \(format) has no exceptions and fires on them: let the command check the date, or export to ics (fires, not rules)"
        )
    }

    package static func exportLossDuring(_ id: String, format: String) -> DiagnosticMessage {
        .init(
            .exportLoss,
            "'\(id)' fires only inside its `during` window; \(format) cannot filter by a window and fires outside it: fold the window into the rule, or let the command check the time"
        )
    }

    package static func exportLossBounds(_ id: String, format: String) -> DiagnosticMessage {
        .init(
            .exportLoss,
            "'\(id)' has a `start` or `end`; \(format) fires from the moment the job is installed and never stops: install and remove it at those dates, or drop the bounds"
        )
    }

    package static func exportLossJitter(_ id: String, format: String) -> DiagnosticMessage {
        .init(
            .exportLoss,
            "'\(id)' has `jitter`, which the plan seeds from the fire id; \(format) cannot be given those delays and fires without them: drop `jitter`, or sleep in the command"
        )
    }

    package static func exportLossJitterUnseeded(_ id: String, format: String) -> DiagnosticMessage {
        .init(
            .exportLoss,
            "'\(id)' has `jitter`, which the plan seeds from the fire id; \(format) draws its own fixed delay (RandomizedDelaySec with FixedRandomDelay, seeded by the machine and the unit name), so the delays differ from the plan's: drop `jitter` for exact times"
        )
    }

    /// `does` says what the target does with `times` on such a night, `theirs` is that as a policy;
    /// `policy` is the spec's.
    package static func exportLossDSTGap(
        _ id: String, format: String, times: String, zone: String, does: String, theirs: String, policy: String
    ) -> DiagnosticMessage {
        .init(
            .exportLoss,
            "'\(id)' at \(times) falls in the spring-forward gap in \(zone) on days it fires; \(format) \(does) (as dst.gap: \(theirs)), the spec says dst.gap: \(policy): write `dst: {gap: \(theirs)}` to match, or move the time out of the gap"
        )
    }

    /// A fixed-time crontab line at a clock change: what it does depends on the daemon's zone.
    package static func exportLossCrontabClockChange(_ id: String, times: String, zone: String, gap: Bool) -> DiagnosticMessage {
        let place = gap ? "the spring-forward gap" : "the repeated hour"
        let both =
            gap
            ? "cronie runs it right after the jump when its own clock is on \(zone), and not at all when it runs on another zone such as UTC"
            : "cronie runs it once when its own clock is on \(zone), and in both passes when it runs on another zone such as UTC"
        return .init(
            .exportLoss,
            "'\(id)' at \(times) falls in \(place) in \(zone) on days it fires, and a fixed-time crontab line does not behave the same on every machine there: \(both); export with --utc, or move the time out of \(place)"
        )
    }

    package static func exportLossDSTOverlap(
        _ id: String, format: String, times: String, zone: String, does: String, theirs: String, policy: String
    ) -> DiagnosticMessage {
        .init(
            .exportLoss,
            "'\(id)' at \(times) falls in the repeated hour in \(zone) on days it fires; \(format) \(does) (as dst.overlap: \(theirs)), the spec says dst.overlap: \(policy): write `dst: {overlap: \(theirs)}` to match, or move the time out of the repeated hour"
        )
    }

    /// systemd 252 skips the rest of the hour after a spring-forward gap that crosses an hour
    /// boundary (measured: Pacific/Chatham's 02:45–03:45 also loses 03:45–03:59).
    package static func exportLossSystemdAfterGap(_ id: String, times: String, zone: String, gap: String) -> DiagnosticMessage {
        .init(
            .exportLoss,
            "'\(id)' at \(times) comes right after the spring-forward gap in \(zone) (\(gap)) on days it fires; systemd does not fire then either (a gap across an hour boundary loses the rest of that hour), the plan does: move the time to the next whole hour or later, or export to ics"
        )
    }

    package static func exportLossRobfigClockChange(_ id: String, zone: String, days: String) -> DiagnosticMessage {
        .init(
            .exportLoss,
            "'\(id)': the CronJob controller (robfig/cron v3 adds real hours and minutes to find the next time) fires otherwise than the plan on clock-change days in \(zone): \(days); move the times away from the change or export to ics"
        )
    }

    package static func exportLossPayload(_ id: String, format: String, what: String) -> DiagnosticMessage {
        .init(.exportLoss, "'\(id)' has \(what); the \(format) job is written without it: change the payload, or run the job another way")
    }

    package static func exportLossCrontabInherited(_ id: String, assignment: String) -> DiagnosticMessage {
        .init(
            .exportLoss,
            "'\(id)' runs with `\(assignment)`, which a job above it needs: a crontab assignment applies to every line below it and cron cannot unset it; give '\(id)' the same environment, or export it to its own crontab"
        )
    }

    package static func exportLossSystemdStops(_ id: String, zone: String, gap: String, date: String) -> DiagnosticMessage {
        .init(
            .exportLoss,
            "'\(id)' fires in the hour of the spring-forward gap of \(zone) (\(gap), first on \(date)) only at minutes the gap skips; there systemd 252 cannot compute the next elapse (\"Resource deadlock avoided\") and the timer stops for good: add a minute before the gap to that hour, or export to ics"
        )
    }

    package static func exportLossConcurrency(_ id: String, format: String, policy: String, does: String) -> DiagnosticMessage {
        .init(
            .exportLoss,
            "'\(id)' has concurrency: \(policy); \(format) \(does): choose a concurrency \(format) has, or serialise runs in the command")
    }

    package static func exportLossInvalidDates(_ id: String, format: String, policy: String) -> DiagnosticMessage {
        .init(
            .exportLoss,
            "'\(id)' moves days a month does not have (invalid_dates: \(policy)); \(format) skips them: write the days explicitly, or use invalid_dates: omit"
        )
    }

    package static func exportLossMisfire(_ id: String, format: String, misfire: String, does: String) -> DiagnosticMessage {
        .init(.exportLoss, "'\(id)' has misfire: \(misfire); \(format) \(does): choose the misfire \(format) has, or export to systemd")
    }

    package static func exportLossMisfireAll(_ id: String, format: String) -> DiagnosticMessage {
        .init(
            .exportLoss,
            "'\(id)' asks to catch up every missed fire (misfire: all); \(format) with Persistent=true runs a missed timer once: use misfire: once"
        )
    }

    // MARK: E0902 exportRefused

    package static func exportRefusedRRule(_ id: String, format: String) -> DiagnosticMessage {
        .init(
            .exportRefused,
            "'\(id)' is an RRULE, which \(format) cannot express: rewrite it as `calendar` or `cron` if it is a simple rule, or export to ics (fires, not rules)"
        )
    }

    package static func exportRefusedKind(_ id: String, format: String, kind: String) -> DiagnosticMessage {
        .init(.exportRefused, "'\(id)' is a `\(kind)` trigger, which \(format) export does not know: export to ics (fires, not rules)")
    }

    package static func exportRefusedLocation(_ id: String, format: String) -> DiagnosticMessage {
        .init(
            .exportRefused,
            "'\(id)' is a location trigger, which \(format) cannot express (it has no regions): export to ics to see its armed windows, or run it with almanac-exec"
        )
    }

    package static func exportRefusedOnce(_ id: String, format: String) -> DiagnosticMessage {
        .init(
            .exportRefused,
            "'\(id)' fires once; \(format) has no year field and would fire every year: export to systemd or ics, or use `at`")
    }

    package static func exportRefusedEvery(_ id: String, format: String, interval: String) -> DiagnosticMessage {
        .init(
            .exportRefused,
            "'\(id)' fires every \(interval) of elapsed time, which \(format) cannot express on its clock fields (only intervals that divide a minute, an hour or a day, on whole minutes): choose such an interval, or export to ics"
        )
    }

    /// `what` names the part of the calendar rule with no equivalent.
    package static func exportRefusedCalendar(_ id: String, format: String, what: String) -> DiagnosticMessage {
        .init(
            .exportRefused,
            "'\(id)' uses \(what), which \(format) cannot express: export to systemd or ics, or rewrite the rule without it")
    }

    package static func exportRefusedUTC(_ id: String, zone: String, why: String) -> DiagnosticMessage {
        .init(
            .exportRefused,
            "'\(id)' cannot be converted from \(zone) to UTC: \(why); export without --utc (a CRON_TZ= line carries the zone)")
    }

    package static func exportRefusedPlanRules(format: String) -> DiagnosticMessage {
        .init(
            .exportRefused,
            "a plan holds fires, not rules; \(format) needs the rules: export the spec the plan was compiled from")
    }

    // MARK: E0903 exportMissingInput

    package static func exportMissingCommand(_ id: String, format: String, key: String) -> DiagnosticMessage {
        .init(
            .exportMissingInput,
            "'\(id)' has no command for \(format): add `\(key)` to its payload, name another key with --command-key, or give --exec CMD")
    }

    package static func exportMissingImage(_ id: String) -> DiagnosticMessage {
        .init(.exportMissingInput, "'\(id)' has no container image for k8s: add `image` to its payload, or give --image IMAGE")
    }
}
