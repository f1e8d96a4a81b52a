import AlmanacTime

/// Formats a fire's fields as backends print them — `"id": …, "trigger": …, "at": …, "local": …`
/// and `, "nominal": …` for a moved fire — straight into bytes, as `FireLineFormatter` does for the
/// plan's own lines. Why: a simulation prints every fire once or twice, and building that text as
/// `String`s was a third of `almanac-exec simulate`'s time (perf, 1,000,800 fires).
public struct FireFieldsFormatter: Sendable {
    private var buffer: [UInt8] = []
    private var atDate = FormattedDate()
    private var localDate = FormattedDate()
    private var nominalDate = FormattedDate()

    public init() {}

    /// Appends `fire`'s fields to `out`; false, appending nothing, for the rare fire it does not
    /// handle (an id that is not the plain form of its fields, a year outside 0…9999, a trigger
    /// that would need JSON escapes), which the caller formats the slow way.
    public mutating func append(_ fire: Fire, to out: inout [UInt8]) -> Bool {
        guard fire.hasStandardID else { return false }
        let trigger = fire.trigger.utf8
        let needed = 160 + 2 * trigger.count
        if buffer.count < needed { buffer = [UInt8](repeating: 0, count: needed * 2) }
        var atDate = self.atDate, localDate = self.localDate, nominalDate = self.nominalDate
        let length = buffer.withUnsafeMutableBufferPointer { text -> Int? in
            var cursor = ByteCursor(text.baseAddress!)
            cursor.put("\"id\": \"")
            guard cursor.putPlain(trigger) else { return nil }
            cursor.pointer.pointee = 0x40
            cursor.pointer += 1
            guard cursor.putWallTime(fire.nominalWall, date: &nominalDate) else { return nil }
            if fire.secondPass { cursor.put("~2") }
            cursor.put("\", \"trigger\": \"")
            _ = cursor.putPlain(trigger)
            cursor.put("\", \"at\": \"")
            guard cursor.putWallTime(fire.at.secondsSinceEpoch, date: &atDate) else { return nil }
            cursor.put("Z\", \"local\": \"")
            guard cursor.putWallTime(fire.localWall, date: &localDate) else { return nil }
            cursor.putOffset(fire.offset)
            if fire.isMoved {
                cursor.put("\", \"nominal\": \"")
                _ = cursor.putWallTime(fire.nominalWall, date: &nominalDate)
            }
            cursor.put("\"")
            return text.baseAddress!.distance(to: cursor.pointer)
        }
        self.atDate = atDate
        self.localDate = localDate
        self.nominalDate = nominalDate
        guard let length else { return false }
        buffer.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[0..<length])) }
        return true
    }
}
