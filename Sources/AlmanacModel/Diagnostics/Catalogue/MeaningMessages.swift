/// The rules about what a schedule means (`MeaningRules`, `Schedule.validate()`): numbers, names,
/// bounds, durations, zones, regions, and rules that never fire.
extension DiagnosticMessage {
    // MARK: E0206 invalidDate (model)

    package static func notACalendarDate(_ date: String) -> DiagnosticMessage { .init(.invalidDate, "\(date) is not a calendar date") }

    // MARK: E0208 invalidDuration (model)

    /// `what` names the key in backquotes (`` `horizon` ``).
    package static func notAPositiveDuration(_ what: String) -> DiagnosticMessage {
        .init(.invalidDuration, "\(what) must be a positive duration")
    }

    package static func jitterNotPositive(_ written: String) -> DiagnosticMessage {
        .init(.invalidDuration, "`jitter` must be a positive duration, not \(written)")
    }

    package static func everyNotPositive(seconds: Int64) -> DiagnosticMessage {
        .init(.invalidDuration, "`every` must be a positive duration, not \(seconds) s")
    }

    package static let cooldownNegative = DiagnosticMessage(.invalidDuration, "`cooldown` must not be negative")

    // MARK: E0211 outOfRange (model)

    /// `bounds` says what is allowed (`1…64`, `at least 1`).
    package static func valueOutOfRange(_ what: String, _ value: Int, bounds: String) -> DiagnosticMessage {
        .init(.outOfRange, "\(what) \(value) is out of range; it must be \(bounds)")
    }

    package static func jitterTooLong(_ written: String, maxSeconds: Int64) -> DiagnosticMessage {
        .init(.outOfRange, "`jitter` \(written) is out of range; it must be at most 1d (\(maxSeconds) s)")
    }

    package static func jitterOverIntervals(_ intervals: Int, most: Int64) -> DiagnosticMessage {
        .init(
            .outOfRange,
            "`jitter` is more than \(intervals) times the `every` interval; make it at most \(most) s or the interval longer")
    }

    package static func dayOfMonthOutOfRange(_ day: Int) -> DiagnosticMessage {
        .init(.outOfRange, "day \(day) is out of range; use 1…31 or -31…-1 from the month's end")
    }

    // MARK: E0214 invalidTriggerID

    /// The length or the characters, with a suggestion.
    package static func triggerIDInvalid(_ id: String) -> DiagnosticMessage {
        .init(.invalidTriggerID, IdentifierSyntax.identifierProblem("trigger id", id))
    }

    // MARK: E0217 invalidName

    /// `what` is `region name`, `blackout name`, …: the length or the characters, with a suggestion.
    package static func nameInvalid(what: String, _ name: String) -> DiagnosticMessage {
        .init(.invalidName, IdentifierSyntax.identifierProblem(what, name))
    }

    package static func swiftTypeNameForm(_ name: String) -> DiagnosticMessage {
        .init(
            .invalidName,
            "`swift.type_name` '\(name)' is not an UpperCamelCase Swift type name; write ASCII letters and digits starting with a capital (`Medication`)"
        )
    }

    package static func scheduleNameForm(limit: Int) -> DiagnosticMessage {
        .init(.invalidName, "`name` must be one line of 1 to \(limit) characters")
    }

    // MARK: E0216 unsupportedVersion

    package static func versionUnsupported(_ version: String) -> DiagnosticMessage {
        .init(.unsupportedVersion, "spec version \(version) is not supported; this Almanac reads `version: 1`")
    }

    // MARK: E0107 duplicateKey (model)

    package static func triggerIDTwice(_ id: String) -> DiagnosticMessage {
        .init(.duplicateKey, "trigger id '\(id)' is used by two triggers; ids must be unique")
    }

    // MARK: E0219 invalidCoordinate

    package static func coordinateOutOfRange(_ key: String, _ text: String, allowed: String) -> DiagnosticMessage {
        .init(.invalidCoordinate, "`\(key)` \(text) is out of range; it must be \(allowed)")
    }

    // MARK: E0220 emptyList (model)

    package static let triggersEmpty = DiagnosticMessage(.emptyList, "`triggers` is empty; add at least one trigger")
    package static let duringWeekdaysEmpty = DiagnosticMessage(.emptyList, "`during.weekdays` is empty; leave it out to allow every day")

    // MARK: E0303 countNeedsStart

    package static let countNeedsStart = DiagnosticMessage(
        .countNeedsStart, "`count` needs `start`: fires are counted from it; add `start: <date>`")

    // MARK: E0304 endBeforeStart
    package static let endNotAfterStart = DiagnosticMessage(.endBeforeStart, "`end` is not after `start`; no fire could remain")

    // MARK: E0305 missingTimeZone

    /// `who` ends with its verb (`trigger 't' needs`).
    package static func zoneMissing(who: String, why: String, whereTo: String) -> DiagnosticMessage {
        .init(.missingTimeZone, "\(who) a time zone: \(why); add `timezone:` to \(whereTo) (Almanac never uses the machine's zone)")
    }

    // MARK: E0306 neverFires (calendar, cron model)

    /// `policyNote` names a non-default `invalid_dates`; `hint` the policies that would help (both may be empty).
    package static func calendarNeverFires(policyNote: String, hint: String) -> DiagnosticMessage {
        .init(
            .neverFires,
            "this calendar can never fire: no month has a day matching all of its fields\(policyNote); fix `days`/`months`/`weekdays`\(hint)"
        )
    }

    // MARK: E0308 emptyWindow

    package static func betweenEmpty(_ time: String) -> DiagnosticMessage {
        .init(.emptyWindow, "`between` starts and ends at \(time), so the window is empty; omit `between` to allow the whole day")
    }

    // MARK: E0301 unknownBlackout

    package static func blackoutUnknown(_ name: String, hint: String) -> DiagnosticMessage {
        .init(.unknownBlackout, "unknown blackout '\(name)'\(hint)")
    }

    // MARK: E0302 unknownRegion

    package static func regionUnknown(_ name: String, hint: String) -> DiagnosticMessage {
        .init(.unknownRegion, "unknown region '\(name)'\(hint)")
    }

    // MARK: E0307 startRequired

    package static let rruleNeedsStart = DiagnosticMessage(
        .startRequired, "an `rrule` trigger needs `start` (its DTSTART), like `start: 2026-01-09T15:00`")
    package static let rruleStartIsLocal = DiagnosticMessage(
        .startRequired, "an `rrule` `start` is a local date-time in the trigger's zone, without an offset")

    // MARK: W0311 unusedDefinition

    package static func blackoutUnused(_ name: String) -> DiagnosticMessage {
        .init(.unusedDefinition, "blackout '\(name)' is never used in an `except:`")
    }

    package static func regionUnused(_ name: String) -> DiagnosticMessage {
        .init(.unusedDefinition, "region '\(name)' is never used by a location trigger")
    }

    // MARK: W0312 wholeDaysDrift

    package static func wholeDaysDrift(every: String, seconds: Int64, zone: String, rewrite: String) -> DiagnosticMessage {
        .init(
            .wholeDaysDrift,
            "`every: \(every)` counts elapsed time (\(seconds) s), but \(zone) changes its clocks: these fires "
                + "move an hour on the wall clock at each DST change. For the same local time write \(rewrite); to mean "
                + "elapsed time, give `anchor` as an instant with an offset")
    }

    // MARK: E0309 reversedRange

    package static func dateRangeReversed(from: String, to: String) -> DiagnosticMessage {
        .init(.reversedRange, "date range ends (\(to)) before it starts (\(from)); swap `from` and `to`")
    }

    // MARK: E0309 reversedRange (model)

    package static func exceptRangeNotReal(from: String, to: String) -> DiagnosticMessage {
        .init(.reversedRange, "an `except` range must be real dates, from before to; \(from)…\(to) is not")
    }

    // MARK: E0221 invalidOrdinal (model)

    package static func weekdayOrdinalOutOfRange(_ n: Int) -> DiagnosticMessage {
        .init(.invalidOrdinal, "weekday ordinal \(n) is out of range; use 1…5 or -5…-1")
    }

    // MARK: E0220 emptyList, E0205 invalidTime (calendar model)

    package static let atEmpty = DiagnosticMessage(.emptyList, "`at` is an empty list; give at least one time")

    package static func notATimeOfDay(_ time: String) -> DiagnosticMessage { .init(.invalidTime, "\(time) is not a time of day") }

    // MARK: E0502 rruleInvalidValue (model)

    package static func rruleValueOutOfRange(_ part: String, _ value: Int) -> DiagnosticMessage {
        .init(.rruleInvalidValue, "\(part) value \(value) is out of range")
    }

    package static func rruleAtLeastOne(_ part: String, not value: Int) -> DiagnosticMessage {
        .init(.rruleInvalidValue, "\(part) must be at least 1, not \(value)")
    }

    // MARK: E0402 cronOutOfRange (model)

    package static func cronFieldSelectsNothing(_ field: String) -> DiagnosticMessage {
        .init(.cronOutOfRange, "the cron \(field) field selects no value or one out of its range")
    }
}
