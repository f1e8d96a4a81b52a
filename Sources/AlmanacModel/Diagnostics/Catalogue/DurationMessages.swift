/// E0208 invalidDuration: durations (`15m`, `1h30m`, ISO 8601 `PT15M`).
extension DiagnosticMessage {
    // MARK: E0208 invalidDuration — short forms

    package static let durationExpected = DiagnosticMessage(.invalidDuration, "expected a duration such as '15m', '2h' or 'PT15M'")

    /// `positive` is the text without its minus sign, quoted.
    package static func durationNegative(positive: String) -> DiagnosticMessage {
        .init(.invalidDuration, "a duration cannot be negative here; write \(positive)")
    }

    package static let durationZero = DiagnosticMessage(
        .invalidDuration, "the duration must be greater than zero; write at least '1s', e.g. '1m'")

    /// `text` is quoted already.
    package static func durationInvalid(_ text: String) -> DiagnosticMessage {
        .init(
            .invalidDuration,
            "invalid duration \(text); write a number and a unit (s, m, h, d, w) such as '15m' or '1h30m', or ISO 8601 'PT15M'")
    }

    package static func durationNumberTooLarge(_ digits: String) -> DiagnosticMessage {
        .init(.invalidDuration, "the number \(digits) is too large")
    }

    package static let durationFraction = DiagnosticMessage(
        .invalidDuration, "fractions are not supported; combine units instead, e.g. '1h30m'")

    /// Months and years (`name` in words): no fixed length.
    package static func durationCalendarUnit(_ name: String) -> DiagnosticMessage {
        .init(
            .invalidDuration,
            "\(name) have no fixed length, so they are not durations; write days or weeks (e.g. '30d', '4w'), or use a calendar rule")
    }

    package static func durationUnitAfterSpace(_ digits: String, unit: String) -> DiagnosticMessage {
        .init(.invalidDuration, "write the unit right after the number: '\(digits)\(unit)'")
    }

    package static func durationNeedsUnit(_ digits: String) -> DiagnosticMessage {
        .init(.invalidDuration, "\(digits) needs a unit: s, m, h, d or w (e.g. '\(digits)m')")
    }

    /// `hint` says what to write (`; write '5m'`, `; units are …`).
    package static func durationUnknownUnit(_ unit: String, hint: String) -> DiagnosticMessage {
        .init(.invalidDuration, "unknown duration unit '\(unit)'\(hint)")
    }

    package static func durationUnitTwice(_ unit: String) -> DiagnosticMessage {
        .init(.invalidDuration, "the unit '\(unit)' appears twice; write each unit once")
    }

    package static func durationUnitOrder(_ unit: String) -> DiagnosticMessage {
        .init(.invalidDuration, "units go from largest to smallest (w, d, h, m, s); '\(unit)' comes too late")
    }

    // MARK: E0208 invalidDuration — ISO 8601

    /// `found` is quoted already.
    package static func isoDurationExpectedNumber(at found: String) -> DiagnosticMessage {
        .init(.invalidDuration, "expected a number at \(found) in ISO 8601 duration; e.g. 'PT15M', 'P1DT2H'")
    }

    package static func isoDurationNumberTooLarge(_ digits: String) -> DiagnosticMessage {
        .init(.invalidDuration, "the number \(digits) is too large in ISO 8601 duration; e.g. 'PT15M', 'P1DT2H'")
    }

    package static func isoDurationNeedsDesignator(_ digits: String) -> DiagnosticMessage {
        .init(.invalidDuration, "\(digits) needs a designator (D, H, M, S…)")
    }

    package static let isoDurationFraction = DiagnosticMessage(.invalidDuration, "fractions are not supported; write e.g. 'PT1H30M'")

    /// `unit` is `years` or `months`.
    package static func isoDurationCalendarUnit(_ unit: String) -> DiagnosticMessage {
        .init(.invalidDuration, "\(unit) have no fixed length; write days or weeks (e.g. 'P30D'), or use a calendar rule")
    }

    package static func isoDurationDesignator(_ designator: String, inTime: Bool) -> DiagnosticMessage {
        let hint = inTime ? "after T use H, M or S" : "before T use W or D; put hours, minutes and seconds after T ('PT2H')"
        return .init(.invalidDuration, "unexpected designator '\(designator)'; \(hint)")
    }

    package static func isoDurationDesignatorOrder(_ designator: String) -> DiagnosticMessage {
        .init(.invalidDuration, "designator '\(designator)' is repeated or out of order")
    }

    /// `text` is quoted already.
    package static func isoDurationIncomplete(_ text: String) -> DiagnosticMessage {
        .init(.invalidDuration, "incomplete ISO 8601 duration \(text); e.g. 'PT15M', 'P1D'")
    }
}
