/// Weekdays, months, integers and time zones: E0203, E0204, E0209, E0211, E0213, E0221, W0223, W0224.
extension DiagnosticMessage {
    // MARK: E0203 unknownWeekday

    package static let weekdayExpected = DiagnosticMessage(.unknownWeekday, "expected a weekday (mon…sun) here")

    /// `rest` is quoted already; `fix` shows the list with commas (may be empty).
    package static func weekdayTrailing(_ rest: String, after first: String, fix: String) -> DiagnosticMessage {
        .init(.unknownWeekday, "unexpected \(rest) after '\(first)'; separate weekdays with commas\(fix)")
    }

    package static func weekdayUnknown(_ text: String, hint: String) -> DiagnosticMessage {
        .init(.unknownWeekday, "unknown weekday '\(text)'\(hint.isEmpty ? "; write mon, tue, wed, thu, fri, sat or sun" : hint)")
    }

    // MARK: E0204 unknownMonth

    package static let monthExpected = DiagnosticMessage(.unknownMonth, "expected a month (jan…dec or 1–12) here")

    /// `shown` is quoted already.
    package static func monthUnknown(_ shown: String, hint: String) -> DiagnosticMessage {
        .init(.unknownMonth, "unknown month \(shown)\(hint.isEmpty ? "; write jan…dec or 1–12" : hint)")
    }

    // MARK: E0209 invalidNumber

    /// `shown` is quoted already (or `nothing`).
    package static func integerExpected(for what: String, found shown: String) -> DiagnosticMessage {
        .init(.invalidNumber, "expected an integer for \(what), found \(shown)")
    }

    // MARK: E0211 outOfRange (values)

    package static func integerOutOfRange(_ what: String, _ text: String, _ range: ClosedRange<Int>) -> DiagnosticMessage {
        .init(.outOfRange, "\(what) \(text) is out of range \(range.lowerBound)–\(range.upperBound)")
    }

    package static let dayZeroOfMonth = DiagnosticMessage(
        .outOfRange, "day 0 does not exist; days count from 1, or from -1 for the month's last day")

    package static func monthOutOfRange(_ text: String) -> DiagnosticMessage { .init(.outOfRange, "month \(text) is out of range 1–12") }

    // MARK: E0213 unknownTimeZone

    /// `hint` is a suggestion or the forms to use; empty where the zone was checked before (the compiler).
    package static func zoneUnknown(_ name: String, hint: String = "") -> DiagnosticMessage {
        .init(.unknownTimeZone, "unknown time zone '\(name)'\(hint)")
    }

    package static func zoneAbbreviation(_ name: String, zone: String) -> DiagnosticMessage {
        .init(
            .unknownTimeZone,
            "'\(name)' is an abbreviation, not an IANA time zone name; write the zone it belongs to, such as '\(zone)', so daylight saving is followed"
        )
    }

    // MARK: E0221 invalidOrdinal

    package static func ordinalOutOfRange(_ text: String) -> DiagnosticMessage {
        .init(.invalidOrdinal, "ordinal \(text) is out of range: a weekday occurs at most 5 times in a month; use 1…5 or -1…-5")
    }

    package static let ordinalExpected = DiagnosticMessage(.invalidOrdinal, "expected an ordinal such as '-1fri' or '2tue'")

    package static func ordinalNotAllowed(_ text: String, write: String) -> DiagnosticMessage {
        .init(.invalidOrdinal, "an ordinal like '\(text)' is not allowed here; write '\(write)'")
    }

    package static let ordinalOnRange = DiagnosticMessage(
        .invalidOrdinal, "an ordinal cannot apply to a range; list each weekday, e.g. '2mon, 2tue'")

    // MARK: W0223 duplicateValue

    package static func weekdayTwice(_ name: String) -> DiagnosticMessage { .init(.duplicateValue, "weekday '\(name)' is listed twice") }
    package static func monthTwice(_ name: String) -> DiagnosticMessage { .init(.duplicateValue, "month '\(name)' is listed twice") }

    // MARK: W0224 fixedOffsetZone

    package static func zoneFixedOffset(_ name: String, offset: String, meaning: String, write: String) -> DiagnosticMessage {
        .init(
            .fixedOffsetZone,
            "'\(name)' is a fixed \(offset) offset that never changes for daylight saving; if you mean \(meaning), write '\(write)'")
    }
}
