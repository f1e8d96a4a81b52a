/// E07xx: expectation files (`NAME.expect.yaml`, read by `almanac test`): their form, then the
/// assertions that fail against the spec's fires.
extension DiagnosticMessage {
    // MARK: E0701 expectUnknownTrigger

    package static func expectUnknownTrigger(_ id: String, spec: String, hint: String) -> DiagnosticMessage {
        .init(.expectUnknownTrigger, "no trigger '\(id)' in \(spec)\(hint)")
    }

    // MARK: E0702 expectUnknownDay

    package static func expectUnknownDay(_ text: String, spec: String, hint: String) -> DiagnosticMessage {
        .init(
            .expectUnknownDay,
            "'\(text)' is not a date (YYYY-MM-DD), a weekday or range of weekdays (sat, mon-fri), or a blackout of \(spec)\(hint)")
    }

    package static func expectDayRangeForm() -> DiagnosticMessage {
        .init(.expectUnknownDay, "a range of dates is `{from: YYYY-MM-DD, to: YYYY-MM-DD}` (both days included)")
    }

    // MARK: E0703 expectAssertionForm

    package static func expectNoAssertion(kinds: [String]) -> DiagnosticMessage {
        .init(.expectAssertionForm, "an assertion needs one of \(kinds.joined(separator: ", "))")
    }

    package static func expectTwoAssertions(_ first: String, _ second: String) -> DiagnosticMessage {
        .init(.expectAssertionForm, "one assertion has both `\(first)` and `\(second)`; write each as its own item of `expect`")
    }

    package static func expectNeedsOneTrigger(_ kind: String) -> DiagnosticMessage {
        .init(.expectAssertionForm, "`\(kind)` is about one trigger: add `trigger: ID`")
    }

    package static func expectApartTriggers() -> DiagnosticMessage {
        .init(.expectAssertionForm, "`apart` takes two trigger ids, `[a, b]` (the same id twice compares a trigger's own fires)")
    }

    package static func expectKeyNotHere(_ key: String, kind: String) -> DiagnosticMessage {
        .init(.expectAssertionForm, "`\(key)` does not apply to `\(kind)`; remove it")
    }

    package static func expectApartNeedsBy() -> DiagnosticMessage {
        .init(.expectAssertionForm, "`apart` needs `by`, the least time between the two triggers' fires (`30m`, `2h`)")
    }

    // MARK: E0704 expectWindow

    package static func expectWindowFrom() -> DiagnosticMessage {
        .init(
            .expectWindow,
            "the window needs `from`, a date or an RFC 3339 instant (`today` and `now` would make the test depend on the day it runs)"
        )
    }

    package static func expectWindowToAndHorizon() -> DiagnosticMessage {
        .init(.expectWindow, "give `to` or `horizon`, not both")
    }

    package static func expectWindowEmpty() -> DiagnosticMessage {
        .init(.expectWindow, "the window is empty: `to` must be after `from`")
    }

    // MARK: E0710 expectUnlistedFires

    package static func expectUnlistedFires(_ trigger: String, count: Int) -> DiagnosticMessage {
        .init(
            .expectUnlistedFires,
            "trigger '\(trigger)' fires \(count == 1 ? "once" : "\(count) times") in the window at a time `fires` does not list; "
                + "list \(count == 1 ? "it" : "them"), or use `includes` to name only some fires")
    }

    // MARK: E0711 expectMissingFire

    package static func expectMissingFire(_ trigger: String, at time: String) -> DiagnosticMessage {
        .init(.expectMissingFire, "trigger '\(trigger)' does not fire at \(time)")
    }

    package static func expectMissingFireOutside(_ trigger: String, at time: String, window: String) -> DiagnosticMessage {
        .init(.expectMissingFire, "trigger '\(trigger)' does not fire at \(time), which is outside the window \(window)")
    }

    // MARK: E0712 expectFiresOnExcludedDay

    package static func expectFiresOnExcludedDay(_ subject: String, count: Int, day: String) -> DiagnosticMessage {
        .init(.expectFiresOnExcludedDay, "\(subject) fires \(count == 1 ? "once" : "\(count) times") on \(day)")
    }

    // MARK: E0713 expectTooManyPerDay

    package static func expectTooManyPerDay(_ subject: String, most: Int, date: String, limit: Int, days: Int) -> DiagnosticMessage {
        .init(
            .expectTooManyPerDay,
            "\(subject) fires \(most) times on \(date), more than \(limit)"
                + (days > 1 ? " (\(days) days are over)" : ""))
    }

    // MARK: E0714 expectFiresInQuietHours

    package static func expectFiresInQuietHours(_ subject: String, count: Int, hours: String) -> DiagnosticMessage {
        .init(.expectFiresInQuietHours, "\(subject) fires \(count == 1 ? "once" : "\(count) times") \(hours)")
    }

    // MARK: E0715 expectFiresTooClose

    package static func expectFiresTooClose(_ a: String, _ b: String, pairs: Int, least: String, closest: String) -> DiagnosticMessage {
        let times = pairs == 1 ? "once" : "\(pairs) times"
        return .init(
            .expectFiresTooClose,
            (a == b
                ? "\(pairs == 1 ? "a pair" : "\(pairs) pairs") of fires of trigger '\(a)' \(pairs == 1 ? "is" : "are") within \(least) of each other"
                : "triggers '\(a)' and '\(b)' fire within \(least) of each other \(times)")
                + " (the closest \(closest) apart)")
    }

    // MARK: E0716 expectCountDiffers

    package static func expectCountDiffers(_ subject: String, actual: Int, expected: Int) -> DiagnosticMessage {
        .init(
            .expectCountDiffers,
            "\(subject) fires \(actual) time\(actual == 1 ? "" : "s") in the window, not \(expected)")
    }
}
