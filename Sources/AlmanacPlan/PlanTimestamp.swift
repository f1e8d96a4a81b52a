import AlmanacTime

/// The three timestamp forms of a plan file, formatted into and parsed from raw bytes:
/// instants `2026-11-23T14:00:00Z`, offset wall times `2026-11-23T09:00:00-05:00` and nominal wall
/// times `2026-11-23T09:00:00`. Both directions avoid `String` so the fire loop stays allocation-free.
public enum PlanTimestamp {
    /// Appends `YYYY-MM-DDTHH:MM:SS` for the wall time `wallSeconds` (seconds since 1970-01-01T00:00:00).
    static func appendWallTime(_ wallSeconds: Int64, to out: inout [UInt8]) {
        let days = wallSeconds >= 0 ? wallSeconds / 86_400 : (wallSeconds - 86_399) / 86_400
        let secondOfDay = Int(wallSeconds - days * 86_400)
        let date = CivilDate(daysSinceEpoch: Int(days))
        appendYear(date.year, to: &out)
        out.append(0x2D)
        append2(date.month, to: &out)
        out.append(0x2D)
        append2(date.day, to: &out)
        out.append(0x54)
        append2(secondOfDay / 3600, to: &out)
        out.append(0x3A)
        append2(secondOfDay / 60 % 60, to: &out)
        out.append(0x3A)
        append2(secondOfDay % 60, to: &out)
    }

    /// Appends the instant in UTC with `Z`.
    static func appendInstant(_ instant: Instant, to out: inout [UInt8]) {
        appendWallTime(instant.secondsSinceEpoch, to: &out)
        out.append(0x5A)
    }

    /// Appends the wall time followed by its offset (`+00:00` for UTC; `±HH:MM:SS` only for the rare
    /// historical offsets that are not whole minutes).
    static func appendLocal(_ local: LocalDateTime, offset: Int, to out: inout [UInt8]) {
        appendWallTime(local.wallSeconds, to: &out)
        let magnitude = abs(offset)
        out.append(offset < 0 ? 0x2D : 0x2B)
        append2(magnitude / 3600, to: &out)
        out.append(0x3A)
        append2(magnitude / 60 % 60, to: &out)
        if magnitude % 60 != 0 {
            out.append(0x3A)
            append2(magnitude % 60, to: &out)
        }
    }

    static func append2(_ value: Int, to out: inout [UInt8]) {
        out.append(UInt8(truncatingIfNeeded: 0x30 + value / 10))
        out.append(UInt8(truncatingIfNeeded: 0x30 + value % 10))
    }

    /// Four digits for years 0…9999; other years (which the reader rejects) are written in full.
    static func appendYear(_ year: Int, to out: inout [UInt8]) {
        if year >= 0 && year <= 9999 {
            append2(year / 100, to: &out)
            append2(year % 100, to: &out)
        } else {
            out.append(contentsOf: String(year).utf8)
        }
    }

    /// The instant written as `YYYY-MM-DDTHH:MM:SSZ`, or nil.
    public static func parseInstant(_ bytes: UnsafeBufferPointer<UInt8>) -> Instant? {
        var cache = DayCache()
        return parseInstant(bytes, cache: &cache)
    }

    static func parseInstant(_ bytes: UnsafeBufferPointer<UInt8>, cache: inout DayCache) -> Instant? {
        guard bytes.count == 20, bytes[19] == 0x5A, let wall = parseWallTime(bytes, cache: &cache) else { return nil }
        return Instant(secondsSinceEpoch: wall)
    }

    /// The wall time and offset written as `YYYY-MM-DDTHH:MM:SS±HH:MM[:SS]`, or nil.
    public static func parseLocal(_ bytes: UnsafeBufferPointer<UInt8>) -> (local: LocalDateTime, offset: Int)? {
        var cache = DayCache()
        return parseLocal(bytes, cache: &cache)
    }

    static func parseLocal(_ bytes: UnsafeBufferPointer<UInt8>, cache: inout DayCache) -> (local: LocalDateTime, offset: Int)? {
        guard bytes.count == 25 || bytes.count == 28, let wall = parseWallTime(bytes, cache: &cache) else { return nil }
        let sign: Int
        switch bytes[19] {
        case 0x2B: sign = 1
        case 0x2D: sign = -1
        default: return nil
        }
        guard let hours = digits2(bytes, 20), bytes[22] == 0x3A, let minutes = digits2(bytes, 23),
            hours <= 23, minutes <= 59
        else { return nil }
        var seconds = 0
        if bytes.count == 28 {
            guard bytes[25] == 0x3A, let s = digits2(bytes, 26), s <= 59, s != 0 else { return nil }
            seconds = s
        }
        let offset = sign * (hours * 3600 + minutes * 60 + seconds)
        // `-00:00` means "offset unknown" in RFC 3339; a plan always knows it.
        if offset == 0 && sign < 0 { return nil }
        return (LocalDateTime(wallSeconds: wall), offset)
    }

    /// The wall time written as `YYYY-MM-DDTHH:MM:SS` (nothing after it), or nil.
    public static func parseNominal(_ bytes: UnsafeBufferPointer<UInt8>) -> LocalDateTime? {
        var cache = DayCache()
        return parseNominal(bytes, cache: &cache)
    }

    static func parseNominal(_ bytes: UnsafeBufferPointer<UInt8>, cache: inout DayCache) -> LocalDateTime? {
        guard bytes.count == 19, let wall = parseWallTime(bytes, cache: &cache) else { return nil }
        return LocalDateTime(wallSeconds: wall)
    }

    /// The last `YYYY-MM-DD` parsed, as raw bytes, and its day number. A fire's line holds its date
    /// three or four times and consecutive fires mostly share it: looking the day up here instead
    /// of checking the calendar again took a simulation of 1,000,800 fires from 0.47 to 0.43 s.
    struct DayCache {
        /// Zero bytes are no date, so a fresh cache never matches.
        var text: (UInt64, UInt16) = (0, 0)
        var day: Int64 = 0
    }

    /// Seconds since 1970-01-01T00:00:00 of the leading `YYYY-MM-DDTHH:MM:SS`, checked field by field.
    static func parseWallTime(_ b: UnsafeBufferPointer<UInt8>) -> Int64? {
        var cache = DayCache()
        return parseWallTime(b, cache: &cache)
    }

    static func parseWallTime(_ b: UnsafeBufferPointer<UInt8>, cache: inout DayCache) -> Int64? {
        guard b.count >= 19, let base = b.baseAddress else { return nil }
        let text = (UnsafeRawPointer(base).loadUnaligned(as: UInt64.self), UnsafeRawPointer(base + 8).loadUnaligned(as: UInt16.self))
        let day: Int64
        if text == cache.text {
            day = cache.day
        } else {
            guard let c = digits2(b, 0), let y = digits2(b, 2), b[4] == 0x2D,
                let month = digits2(b, 5), b[7] == 0x2D, let dayOfMonth = digits2(b, 8)
            else { return nil }
            let date = CivilDate(year: c * 100 + y, month: month, day: dayOfMonth)
            guard date.isValid else { return nil }
            day = Int64(date.daysSinceEpoch)
            cache = DayCache(text: text, day: day)
        }
        guard b[10] == 0x54, let hour = digits2(b, 11), b[13] == 0x3A, let minute = digits2(b, 14), b[16] == 0x3A,
            let second = digits2(b, 17), hour <= 23, minute <= 59, second <= 59
        else { return nil }
        return day * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }

    static func digits2(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int? {
        let hi = b[i] &- 0x30, lo = b[i + 1] &- 0x30
        guard hi <= 9, lo <= 9 else { return nil }
        return Int(hi) * 10 + Int(lo)
    }

    /// String conveniences for tests and messages.
    public static func parseInstant(_ text: String) -> Instant? {
        Array(text.utf8).withUnsafeBufferPointer { parseInstant($0) }
    }

    /// The canonical text of an instant.
    public static func format(_ instant: Instant) -> String {
        var out: [UInt8] = []
        appendInstant(instant, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The canonical text of a wall time with its offset.
    public static func format(_ local: LocalDateTime, offset: Int) -> String {
        var out: [UInt8] = []
        appendLocal(local, offset: offset, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
