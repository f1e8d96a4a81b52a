/// E0205–E0207 and their E0211 ranges: times of day, dates, date-times and offsets.
extension DiagnosticMessage {
    // MARK: E0205 invalidTime

    /// `text` is quoted already.
    package static func timeInvalid(_ text: String) -> DiagnosticMessage {
        .init(.invalidTime, "invalid time \(text); write HH:MM or HH:MM:SS, e.g. '09:30'")
    }

    package static let timeFraction = DiagnosticMessage(.invalidTime, "fractional seconds are not supported; write HH:MM:SS")

    /// `rest` is quoted already.
    package static func timeTrailing(_ rest: String) -> DiagnosticMessage {
        .init(.invalidTime, "unexpected \(rest) after the time; write HH:MM or HH:MM:SS")
    }

    /// `hint` suggests the padded form (may be empty).
    package static func timeHourDigits(hint: String) -> DiagnosticMessage {
        .init(.invalidTime, "the hour of a time has two digits\(hint)")
    }

    package static let time24 = DiagnosticMessage(
        .invalidTime, "'24:00' is not a time of day; write '00:00' (midnight starts the day) or '23:59'")

    // MARK: E0206 invalidDate

    package static let dateWithoutTime = DiagnosticMessage(.invalidDate, "expected a date YYYY-MM-DD without a time")

    package static func dateForm(fixed: String) -> DiagnosticMessage { .init(.invalidDate, "write dates as YYYY-MM-DD: '\(fixed)'") }

    /// `text` is quoted already.
    package static func dateInvalid(_ text: String) -> DiagnosticMessage {
        .init(.invalidDate, "invalid date \(text); write YYYY-MM-DD, e.g. '2026-03-01'")
    }

    package static func dateDoesNotExist(_ text: String, month: String, year: Int, days: Int, last: String) -> DiagnosticMessage {
        .init(.invalidDate, "\(text) does not exist: \(month) \(year) has \(days) days; the last is \(last)")
    }

    // MARK: E0207 invalidDateTime

    /// `offset` is quoted already.
    package static func dateTimeWithOffset(_ offset: String) -> DiagnosticMessage {
        .init(.invalidDateTime, "expected a local date-time without an offset; remove \(offset)")
    }

    package static let instantNeedsOffset = DiagnosticMessage(
        .invalidDateTime, "an instant needs 'Z' or an offset such as '+01:00' after the time")

    package static func dateWithoutTimeOfDay(_ date: String) -> DiagnosticMessage {
        .init(.invalidDateTime, "a date alone has no time of day; write e.g. '\(date)T00:00'")
    }

    /// `text` is quoted already.
    package static func offsetInvalid(_ text: String) -> DiagnosticMessage {
        .init(.invalidDateTime, "invalid offset \(text); write 'Z' or ±HH:MM, e.g. '+01:00'")
    }

    // MARK: E0211 outOfRange (times, dates, offsets)

    package static func hourOutOfRange(_ hour: Int) -> DiagnosticMessage { .init(.outOfRange, "hour \(hour) is out of range 00–23") }
    package static func minuteOutOfRange(_ minute: Int) -> DiagnosticMessage {
        .init(.outOfRange, "minute \(minute) is out of range 00–59")
    }
    package static func secondOutOfRange(_ second: Int) -> DiagnosticMessage {
        .init(.outOfRange, "second \(second) is out of range 00–59 (leap seconds are not supported)")
    }
    package static func offsetOutOfRange(_ text: String) -> DiagnosticMessage {
        .init(.outOfRange, "offset \(text) is out of range: hours 00–23, minutes and seconds 00–59")
    }
    package static let yearZero = DiagnosticMessage(.outOfRange, "year 0000 is out of range 0001–9999")
    package static func monthOfDateOutOfRange(_ text: String) -> DiagnosticMessage {
        .init(.outOfRange, "month \(text) is out of range 01–12")
    }
    package static func dayZero(last: Int) -> DiagnosticMessage { .init(.outOfRange, "day 00 is out of range 01–\(last)") }
}
