/// RFC 3339 timestamps, to the second: parsing instants and formatting UTC and zoned wall times.
///
/// Parsing accepts `YYYY-MM-DDTHH:MM[:SS][.fff](Z|±HH:MM)` (`T`/`t` and `Z`/`z` either case). A fraction
/// of a second is accepted only when it is all zeros (`.000`, as JavaScript's `toISOString` writes),
/// since plans are exact to the second; any other fraction is rejected rather than silently moving a
/// time. Leap seconds (`:60`) are rejected. Offsets are written `±HH:MM`; an offset of 0 is `+00:00`.
/// An offset that is not a whole number of minutes (local mean time: Europe/Dublin before 1916 is
/// `-00:25:21`, Africa/Monrovia before 1972 `-00:44:30`) is written and read as `±HH:MM:SS`, the ISO
/// 8601 extended form, so a wall time and its offset always denote the exact instant.
public enum RFC3339 {
    /// A timestamp split into its wall time and its offset (seconds east of UTC).
    public struct Timestamp: Hashable, Sendable {
        public var local: LocalDateTime
        public var offset: Int

        public init(local: LocalDateTime, offset: Int) {
            self.local = local
            self.offset = offset
        }

        public var instant: Instant {
            Instant(secondsSinceEpoch: local.wallSeconds - Int64(offset))
        }
    }

    /// The instant written as `text`; nil when it is not RFC 3339 with an offset or `Z`.
    /// An instant whose fraction of a second, if any, is dropped (`…T09:00:00.750Z` is 09:00:00):
    /// plans and fix feeds are exact to the second.
    public static func parseInstant(truncatingFraction text: String) -> Instant? {
        var bytes = Array(text.utf8)
        // `…:SS.fff…` → `…:SS`: the digits after the seconds' point are dropped, whatever they are.
        if bytes.count > 20, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t"),
            bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: ".")
        {
            var end = 20
            while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) { end += 1 }
            guard end > 20 else { return nil }
            bytes.removeSubrange(19..<end)
        }
        return parseInstant(String(decoding: bytes, as: UTF8.self))
    }

    public static func parseInstant(_ text: String) -> Instant? {
        parse(text)?.instant
    }

    /// The wall time and offset written as `text`; nil when it is not RFC 3339 with an offset or `Z`.
    public static func parse(_ text: String) -> Timestamp? {
        var reader = DigitReader(bytes: Array(text.utf8))
        guard let year = reader.number(4), reader.take(UInt8(ascii: "-")),
            let month = reader.number(2), reader.take(UInt8(ascii: "-")),
            let day = reader.number(2),
            reader.take(UInt8(ascii: "T")) || reader.take(UInt8(ascii: "t")),
            let hour = reader.number(2), reader.take(UInt8(ascii: ":")),
            let minute = reader.number(2)
        else { return nil }
        var second = 0
        if reader.take(UInt8(ascii: ":")) {
            guard let s = reader.number(2) else { return nil }
            second = s
            if reader.take(UInt8(ascii: ".")) {
                var digits = 0
                while let d = reader.digit() {
                    guard d == 0 else { return nil }
                    digits += 1
                }
                guard digits > 0 else { return nil }
            }
        }
        let offset: Int
        if reader.take(UInt8(ascii: "Z")) || reader.take(UInt8(ascii: "z")) {
            offset = 0
        } else {
            let sign: Int
            if reader.take(UInt8(ascii: "+")) { sign = 1 } else if reader.take(UInt8(ascii: "-")) { sign = -1 } else { return nil }
            guard let oh = reader.number(2), reader.take(UInt8(ascii: ":")), let om = reader.number(2),
                oh <= 23, om <= 59
            else { return nil }
            var os = 0
            if reader.take(UInt8(ascii: ":")) {
                guard let s = reader.number(2), s <= 59 else { return nil }
                os = s
            }
            offset = sign * (oh * 3600 + om * 60 + os)
        }
        let date = CivilDate(year: year, month: month, day: day)
        guard reader.atEnd, date.isValid, hour <= 23, minute <= 59, second <= 59 else { return nil }
        return Timestamp(
            local: LocalDateTime(date: date, time: LocalTime(hour: hour, minute: minute, second: second)),
            offset: offset)
    }

    /// `2026-11-23T05:00:00Z`.
    public static func format(_ instant: Instant) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20)
        append(instant, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `2026-11-23T09:00:00-05:00`.
    public static func format(_ local: LocalDateTime, offset: Int) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(25)
        append(local, offset: offset, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `2026-11-23T05:00:00Z`.
    @inlinable
    public static func append(_ instant: Instant, to bytes: inout [UInt8]) {
        appendWallSeconds(instant.secondsSinceEpoch, to: &bytes)
        bytes.append(UInt8(ascii: "Z"))
    }

    /// Appends `2026-11-23T09:00:00-05:00` (`1910-06-01T12:00:00-00:25:21` for an offset with seconds).
    @inlinable
    public static func append(_ local: LocalDateTime, offset: Int, to bytes: inout [UInt8]) {
        append(local, to: &bytes)
        let magnitude = abs(offset)
        bytes.append(offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
        appendTwoDigits(magnitude / 3600, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendTwoDigits((magnitude / 60) % 60, to: &bytes)
        if magnitude % 60 != 0 {
            bytes.append(UInt8(ascii: ":"))
            appendTwoDigits(magnitude % 60, to: &bytes)
        }
    }

    /// Appends the offset-less `2026-11-23T09:00:00` used in fire ids.
    @inlinable
    public static func append(_ local: LocalDateTime, to bytes: inout [UInt8]) {
        appendWallSeconds(local.wallSeconds, to: &bytes)
    }

    /// Appends the wall time `wall` (see `LocalDateTime.wallSeconds`) as `YYYY-MM-DDTHH:MM:SS`.
    @inlinable
    public static func appendWallSeconds(_ wall: Int64, to bytes: inout [UInt8]) {
        let days = wall >= 0 ? wall / 86_400 : (wall - 86_399) / 86_400
        let rest = Int(wall - days * 86_400)
        let date = CivilDate(daysSinceEpoch: Int(days))
        if date.year >= 0 && date.year <= 9999 {
            appendTwoDigits(date.year / 100, to: &bytes)
            appendTwoDigits(date.year % 100, to: &bytes)
        } else {
            // Outside RFC 3339's range; written so at least it round-trips through `description`.
            bytes.append(contentsOf: pad(date.year, 4).utf8)
        }
        bytes.append(UInt8(ascii: "-"))
        appendTwoDigits(date.month, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendTwoDigits(date.day, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        appendTwoDigits(rest / 3600, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendTwoDigits((rest / 60) % 60, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendTwoDigits(rest % 60, to: &bytes)
    }

    @inlinable
    static func appendTwoDigits(_ value: Int, to bytes: inout [UInt8]) {
        bytes.append(UInt8(truncatingIfNeeded: 48 + value / 10))
        bytes.append(UInt8(truncatingIfNeeded: 48 + value % 10))
    }
}

/// Reads fixed-width decimal fields from ASCII bytes.
struct DigitReader {
    let bytes: [UInt8]
    var position = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { position == bytes.count }

    mutating func take(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    mutating func digit() -> Int? {
        guard position < bytes.count, bytes[position] >= 48, bytes[position] <= 57 else { return nil }
        position += 1
        return Int(bytes[position - 1] - 48)
    }

    /// Exactly `width` digits.
    mutating func number(_ width: Int) -> Int? {
        var value = 0
        for _ in 0..<width {
            guard let d = digit() else { return nil }
            value = value * 10 + d
        }
        return value
    }
}
