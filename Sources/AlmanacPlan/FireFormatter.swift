import AlmanacTime

/// Formats a fire as JSON straight into bytes, in the two forms that are hot paths: its line of a
/// plan file (the writer) and its fields as backends print them (a simulation prints every fire once
/// or twice). Why bytes: building that text as `String`s was a third of `almanac-exec simulate`'s
/// time (perf, 1,000,800 fires). The two forms share every field writer; only the order differs.
///
/// Fires arrive in time order, so consecutive fires mostly share a date: the formatted date of the
/// last day seen is kept for `at`, `local` and the nominal time, and only the time of day is
/// formatted anew. A fire the fast path does not handle (an id that is not the plain form of its
/// fields, a year outside 0…9999, a trigger that needs JSON escapes) is declined, and the caller
/// formats it the slow way.
public struct FireFormatter: Sendable {
    /// Empty until the first fire, so an idle formatter costs no allocation.
    private var buffer: [UInt8] = []
    private var dates = FireDates()

    public init() {}

    /// Calls `body` with the bytes of `fire`'s plan line, prefixed by `",\n    "` unless it is the
    /// first: `{"at": …, "trigger": …, "local": …, "id": …[, "nominal": …]}`. False when declined.
    mutating func withLine(_ fire: Fire, first: Bool, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows -> Bool {
        let length = format(fire) { cursor, dates in
            cursor.put(first ? "\n    {\"at\": \"" : ",\n    {\"at\": \"")
            guard cursor.putInstant(fire, &dates), cursor.putTrigger(fire, after: "Z\", \"trigger\": \""),
                cursor.putLocal(fire, after: "\", \"local\": \"", &dates)
            else { return false }
            cursor.put("\", \"id\": \"")
            guard cursor.putID(fire, &dates) else { return false }
            cursor.putNominal(fire, &dates)
            cursor.put("\"}")
            return true
        }
        guard let length else { return false }
        try buffer.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[0..<length])) }
        return true
    }

    /// Appends `fire`'s fields as backends print them to `out`:
    /// `"id": …, "trigger": …, "at": …, "local": …[, "nominal": …]`. False, appending nothing, when declined.
    public mutating func appendFields(_ fire: Fire, to out: inout [UInt8]) -> Bool {
        let length = format(fire) { cursor, dates in
            cursor.put("\"id\": \"")
            guard cursor.putID(fire, &dates), cursor.putTrigger(fire, after: "\", \"trigger\": \"") else { return false }
            cursor.put("\", \"at\": \"")
            guard cursor.putInstant(fire, &dates), cursor.putLocal(fire, after: "Z\", \"local\": \"", &dates) else { return false }
            cursor.putNominal(fire, &dates)
            cursor.put("\"")
            return true
        }
        guard let length else { return false }
        buffer.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[0..<length])) }
        return true
    }

    /// Runs `write` over a buffer large enough for any fire it accepts; the length written, or nil
    /// when the fire is declined (the remembered dates then stay as they were).
    @inline(__always)
    private mutating func format(_ fire: Fire, _ write: (inout ByteCursor, inout FireDates) -> Bool) -> Int? {
        // Ids that are not the plain form of the fire's fields (tests', far years) take the slow path.
        guard fire.hasStandardID else { return nil }
        let needed = 160 + 2 * fire.trigger.utf8.count
        if buffer.count < needed { buffer = [UInt8](repeating: 0, count: needed * 2) }
        var dates = self.dates
        let length = buffer.withUnsafeMutableBufferPointer { out -> Int? in
            var cursor = ByteCursor(out.baseAddress!)
            guard write(&cursor, &dates) else { return nil }
            return out.baseAddress!.distance(to: cursor.pointer)
        }
        if length != nil { self.dates = dates }
        return length
    }
}

/// The formatted dates a `FireFormatter` keeps between fires, one per field.
struct FireDates {
    var at = FormattedDate()
    var local = FormattedDate()
    var nominal = FormattedDate()
}

/// The `YYYY-MM-DD` text of one day, kept while consecutive fires fall on it.
struct FormattedDate {
    var day = Int64.min
    var bytes = (UInt64(0), UInt16(0))
}

/// A write position in a buffer known to be large enough.
struct ByteCursor {
    var pointer: UnsafeMutablePointer<UInt8>

    init(_ pointer: UnsafeMutablePointer<UInt8>) { self.pointer = pointer }

    mutating func put(_ literal: StaticString) {
        let count = literal.utf8CodeUnitCount
        pointer.update(from: literal.utf8Start, count: count)
        pointer += count
    }

    /// Copies bytes that need no JSON escape; false when one does.
    mutating func putPlain(_ utf8: String.UTF8View) -> Bool {
        let copied = utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            for b in bytes where b < 0x20 || b == 0x22 || b == 0x5C { return false }
            if let base = bytes.baseAddress { pointer.update(from: base, count: bytes.count) }
            pointer += bytes.count
            return true
        }
        if let copied { return copied }
        for b in utf8 {
            if b < 0x20 || b == 0x22 || b == 0x5C { return false }
            pointer.pointee = b
            pointer += 1
        }
        return true
    }

    mutating func put2(_ value: Int) {
        pointer[0] = UInt8(truncatingIfNeeded: 0x30 + value / 10)
        pointer[1] = UInt8(truncatingIfNeeded: 0x30 + value % 10)
        pointer += 2
    }

    /// `YYYY-MM-DDTHH:MM:SS`, the date from `date` when it is the same day; false for years past 0…9999.
    mutating func putWallTime(_ wallSeconds: Int64, date: inout FormattedDate) -> Bool {
        let day = wallSeconds >= 0 ? wallSeconds / 86_400 : (wallSeconds - 86_399) / 86_400
        if day != date.day {
            let civil = CivilDate(daysSinceEpoch: Int(day))
            guard civil.year >= 0 && civil.year <= 9999 else { return false }
            var text = ByteCursor(pointer)
            text.put2(civil.year / 100)
            text.put2(civil.year % 100)
            text.pointer.pointee = 0x2D
            text.pointer += 1
            text.put2(civil.month)
            text.pointer.pointee = 0x2D
            text.pointer += 1
            text.put2(civil.day)
            date.day = day
            date.bytes = (
                UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self),
                UnsafeRawPointer(pointer + 8).loadUnaligned(as: UInt16.self)
            )
        } else {
            UnsafeMutableRawPointer(pointer).storeBytes(of: date.bytes.0, as: UInt64.self)
            UnsafeMutableRawPointer(pointer + 8).storeBytes(of: date.bytes.1, as: UInt16.self)
        }
        pointer += 10
        let second = Int(wallSeconds - day * 86_400)
        pointer.pointee = 0x54
        pointer += 1
        put2(second / 3600)
        pointer.pointee = 0x3A
        pointer += 1
        put2(second / 60 % 60)
        pointer.pointee = 0x3A
        pointer += 1
        put2(second % 60)
        return true
    }

    /// `after`, then the trigger id; false when it needs a JSON escape.
    @inline(__always)
    mutating func putTrigger(_ fire: Fire, after prefix: StaticString) -> Bool {
        put(prefix)
        return putPlain(fire.trigger.utf8)
    }

    /// The instant as UTC wall time (the caller writes the `Z`).
    @inline(__always)
    mutating func putInstant(_ fire: Fire, _ dates: inout FireDates) -> Bool {
        putWallTime(fire.at.secondsSinceEpoch, date: &dates.at)
    }

    /// `after`, then the local wall time and its offset.
    @inline(__always)
    mutating func putLocal(_ fire: Fire, after prefix: StaticString, _ dates: inout FireDates) -> Bool {
        put(prefix)
        guard putWallTime(fire.localWall, date: &dates.local) else { return false }
        putOffset(fire.offset)
        return true
    }

    /// `trigger@nominal`, with `~2` for the second pass of a repeated wall time.
    @inline(__always)
    mutating func putID(_ fire: Fire, _ dates: inout FireDates) -> Bool {
        guard putPlain(fire.trigger.utf8) else { return false }
        pointer.pointee = 0x40
        pointer += 1
        guard putWallTime(fire.nominalWall, date: &dates.nominal) else { return false }
        if fire.secondPass { put("~2") }
        return true
    }

    /// `", "nominal": …` for a fire daylight saving moved off its nominal time; nothing otherwise.
    @inline(__always)
    mutating func putNominal(_ fire: Fire, _ dates: inout FireDates) {
        guard fire.isMoved else { return }
        put("\", \"nominal\": \"")
        _ = putWallTime(fire.nominalWall, date: &dates.nominal)
    }

    /// `±HH:MM`, with `:SS` only for offsets that are not whole minutes.
    mutating func putOffset(_ offset: Int) {
        let magnitude = abs(offset)
        pointer.pointee = offset < 0 ? 0x2D : 0x2B
        pointer += 1
        put2(magnitude / 3600)
        pointer.pointee = 0x3A
        pointer += 1
        put2(magnitude / 60 % 60)
        if magnitude % 60 != 0 {
            pointer.pointee = 0x3A
            pointer += 1
            put2(magnitude % 60)
        }
    }
}
