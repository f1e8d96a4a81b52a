/// E05xx: RRULE strings (RFC 5545).
extension DiagnosticMessage {
    // MARK: E0501 rruleUnknownPart

    package static let rruleSkip = DiagnosticMessage(
        .rruleUnknownPart, "SKIP (RFC 7529) is written as the trigger's invalid_dates: omit, backward or forward")
    package static let rruleRScale = DiagnosticMessage(
        .rruleUnknownPart, "RSCALE (RFC 7529) is not supported: rules use the Gregorian calendar")

    /// DTSTART or TZID written inside the rule.
    package static func rruleNotAPart(_ name: String) -> DiagnosticMessage {
        .init(.rruleUnknownPart, "\(name) is not part of an RRULE; write the trigger's start and timezone fields")
    }

    /// `hint` is a suggestion, else empty and the parts are listed.
    package static func rruleUnknownPart(_ text: String, parts: [String], hint: String) -> DiagnosticMessage {
        .init(
            .rruleUnknownPart,
            "unknown RRULE part '\(text)'\(hint.isEmpty ? "; RFC 5545 parts are \(parts.joined(separator: ", "))" : hint)")
    }

    // MARK: E0502 rruleInvalidValue

    package static func rruleNoValue(_ name: String) -> DiagnosticMessage { .init(.rruleInvalidValue, "\(name) has no value") }

    package static func rruleUnknownFreq(_ text: String, hint: String) -> DiagnosticMessage {
        .init(
            .rruleInvalidValue,
            "unknown FREQ '\(text)'\(hint.isEmpty ? "; write SECONDLY, MINUTELY, HOURLY, DAILY, WEEKLY, MONTHLY or YEARLY" : hint)")
    }

    /// `found` is quoted already.
    package static func rruleNotAPositiveNumber(_ name: String, found: String) -> DiagnosticMessage {
        .init(.rruleInvalidValue, "\(name) must be a whole number of at least 1, found \(found)")
    }

    package static func rruleWeekStart(hint: String) -> DiagnosticMessage {
        .init(.rruleInvalidValue, "WKST must be one of MO, TU, WE, TH, FR, SA, SU\(hint)")
    }

    package static func rruleZero(_ name: String) -> DiagnosticMessage {
        .init(.rruleInvalidValue, "\(name) cannot be 0; count from 1, or from -1 at the end")
    }

    /// `found` is quoted already, or `nothing`.
    package static func rruleNotIntegers(_ name: String, found: String) -> DiagnosticMessage {
        .init(.rruleInvalidValue, "\(name) expects integers, found \(found)")
    }

    /// A number outside its part's bounds, worded by the integer reader (`E0211`), under this code.
    package static func rruleOutOfRange(_ reading: SyntaxError) -> DiagnosticMessage { .init(.rruleInvalidValue, reading.message) }

    /// `found` is quoted already.
    package static func rruleByDay(found: String, hint: String) -> DiagnosticMessage {
        .init(
            .rruleInvalidValue,
            "BYDAY expects MO, TU, WE, TH, FR, SA or SU, optionally with an ordinal such as 2TU or -1FR; found \(found)\(hint)")
    }

    package static func rruleByDayOrdinal(_ ordinal: String) -> DiagnosticMessage {
        .init(.rruleInvalidValue, "BYDAY ordinal '\(ordinal)' must be 1…53 or -1…-53")
    }

    package static let rruleWeekdayOrdinalInMonth = DiagnosticMessage(
        .rruleInvalidValue, "within a month a weekday occurs at most 5 times; use 1…5 or -1…-5")
    package static let rruleUntilForms = DiagnosticMessage(
        .rruleInvalidValue,
        "UNTIL must be a date '20261231', a local date-time '20261231T235959' or UTC '20261231T235959Z' (RFC 5545 basic form)")

    package static func rruleUntilDate(_ digits: String) -> DiagnosticMessage {
        .init(.rruleInvalidValue, "UNTIL date \(digits) does not exist")
    }

    package static func rruleUntilTime(_ digits: String) -> DiagnosticMessage {
        .init(.rruleInvalidValue, "UNTIL time \(digits) is not a time of day (HHMMSS, 000000–235959)")
    }

    package static func rruleUntilExtendedForm(basic: String) -> DiagnosticMessage {
        .init(.rruleInvalidValue, "UNTIL is written in RFC 5545 basic form, without '-' or ':'; write '\(basic)'")
    }

    // MARK: E0503 rruleDuplicatePart

    package static func rruleDuplicatePart(_ name: String) -> DiagnosticMessage {
        .init(.rruleDuplicatePart, "\(name) is given twice; keep one")
    }

    // MARK: E0504 rruleMissingFreq

    package static let rruleMissingFreq = DiagnosticMessage(
        .rruleMissingFreq, "the rule has no FREQ; start it with FREQ=DAILY, WEEKLY, MONTHLY or YEARLY")

    // MARK: E0505 rruleCountAndUntil

    package static let rruleCountAndUntil = DiagnosticMessage(.rruleCountAndUntil, "COUNT and UNTIL cannot both be given; keep one")

    // MARK: E0506 rruleSetPosAlone

    package static let rruleSetPosAlone = DiagnosticMessage(
        .rruleSetPosAlone, "BYSETPOS picks among the occurrences another BY part makes; add one, e.g. BYDAY=MO,TU,WE,TH,FR")

    // MARK: E0507 rrulePartNotAllowed

    package static func rruleWeekNoNeedsYearly(freq: String) -> DiagnosticMessage {
        .init(.rrulePartNotAllowed, "BYWEEKNO is allowed only with FREQ=YEARLY, not \(freq)")
    }

    package static func rruleYearDayNotWith(freq: String) -> DiagnosticMessage {
        .init(.rrulePartNotAllowed, "BYYEARDAY is not allowed with FREQ=\(freq); use YEARLY, or HOURLY and finer")
    }

    package static let rruleMonthDayWeekly = DiagnosticMessage(
        .rrulePartNotAllowed, "BYMONTHDAY is not allowed with FREQ=WEEKLY; use DAILY or MONTHLY")

    package static func rruleByDayOrdinalNotWith(freq: String) -> DiagnosticMessage {
        .init(.rrulePartNotAllowed, "a BYDAY ordinal is allowed only with FREQ=MONTHLY or YEARLY, not \(freq)")
    }

    package static let rruleByDayOrdinalWithWeekNo = DiagnosticMessage(
        .rrulePartNotAllowed, "a BYDAY ordinal is not allowed together with BYWEEKNO")

    // MARK: E0508 rruleUntilForm

    package static func rruleUntilDateWithTime(_ date: String) -> DiagnosticMessage {
        .init(
            .rruleUntilForm,
            "UNTIL as a date is ambiguous when start has a time of day (the start or the end of that day?); write '\(date)T235959' to include the day or '\(date)T000000' to end before it"
        )
    }

    // MARK: E0509 rruleSyntax

    package static let rruleEmptyPart = DiagnosticMessage(.rruleSyntax, "empty part; write NAME=VALUE between the ';'")

    /// `found` is quoted already; `fix` says what to write (may be empty).
    package static func rruleNotNameValue(found: String, fix: String) -> DiagnosticMessage {
        .init(.rruleSyntax, "expected NAME=VALUE, found \(found)\(fix)")
    }

    // MARK: W0510 rruleRarelyFires

    package static let rruleFebruary29Weekday = DiagnosticMessage(
        .rruleRarelyFires, "February 29 falls on a given weekday about once in 28 years; this rule rarely fires")
    package static let rruleWeek53 = DiagnosticMessage(
        .rruleRarelyFires, "week 53 exists only in some years (about one in six); this rule rarely fires")

    // MARK: E0306 neverFires (RRULE)

    package static func rruleSelectsNoDay(_ combination: String) -> DiagnosticMessage {
        .init(.neverFires, "\(combination) selects no day of any year; this rule never fires")
    }
}
