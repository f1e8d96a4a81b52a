import AlmanacTime

/// Formats one fire's line of a plan file straight into bytes: the writer's hot path.
///
/// Fires arrive in time order, so consecutive fires mostly share a date: the formatted date of the
/// last day seen is kept for `at` and for `local`, and only the time of day is formatted anew.
struct FireLineFormatter {
    /// Empty until the first fire, so an idle formatter costs no allocation.
    private var buffer: [UInt8] = []
    private var atDate = FormattedDate()
    private var localDate = FormattedDate()
    private var nominalDate = FormattedDate()

    /// Calls `body` with the bytes of `fire`'s line, prefixed by `",\n    "` unless it is the first.
    /// Returns nil, without calling `body`, for the rare fire the fast path does not handle (a string
    /// that needs JSON escapes, a year outside 0…9999); the caller formats those the slow way.
    mutating func withLine(_ fire: Fire, first: Bool, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows -> Bool {
        // Ids that are not the plain form of the fire's fields (tests', far years) take the slow path.
        guard fire.hasStandardID else { return false }
        let trigger = fire.trigger.utf8
        let needed = 160 + 2 * trigger.count
        if buffer.count < needed { buffer = [UInt8](repeating: 0, count: needed * 2) }
        var atDate = self.atDate, localDate = self.localDate, nominalDate = self.nominalDate
        let length = buffer.withUnsafeMutableBufferPointer { out -> Int? in
            var cursor = ByteCursor(out.baseAddress!)
            cursor.put(first ? "\n    {\"at\": \"" : ",\n    {\"at\": \"")
            guard cursor.putWallTime(fire.at.secondsSinceEpoch, date: &atDate) else { return nil }
            cursor.put("Z\", \"trigger\": \"")
            guard cursor.putPlain(trigger) else { return nil }
            cursor.put("\", \"local\": \"")
            guard cursor.putWallTime(fire.localWall, date: &localDate) else { return nil }
            cursor.putOffset(fire.offset)
            cursor.put("\", \"id\": \"")
            // The trigger was checked above: it needs no escape.
            _ = cursor.putPlain(trigger)
            cursor.pointer.pointee = 0x40
            cursor.pointer += 1
            guard cursor.putWallTime(fire.nominalWall, date: &nominalDate) else { return nil }
            if fire.secondPass { cursor.put("~2") }
            if fire.isMoved {
                cursor.put("\", \"nominal\": \"")
                _ = cursor.putWallTime(fire.nominalWall, date: &nominalDate)
            }
            cursor.put("\"}")
            return out.baseAddress!.distance(to: cursor.pointer)
        }
        self.atDate = atDate
        self.localDate = localDate
        self.nominalDate = nominalDate
        guard let length else { return false }
        try buffer.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[0..<length])) }
        return true
    }
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
