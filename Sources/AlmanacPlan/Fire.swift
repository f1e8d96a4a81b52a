import AlmanacTime
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One concrete fire.
///
/// Stored as plain numbers so that a compiler can hand out millions of fires without building a
/// string each: the `id` text and the `local` date are derived when asked, and the plan writer
/// formats them straight into bytes.
public struct Fire: Hashable, Sendable {
    /// When it fires.
    public var at: Instant
    public var trigger: String
    /// The UTC offset of `local`, in seconds.
    public var offset: Int
    /// The rule's nominal wall time (see `LocalDateTime.wallSeconds`), which the id names.
    public var nominalWall: Int64
    /// The second pass of a repeated hour: the id ends in `~2`.
    public var secondPass: Bool
    /// The fire happens at another time than its nominal wall time (gap shift, jitter), so the plan
    /// records `nominal`.
    public var isMoved: Bool
    /// An id that is not `trigger@YYYY-MM-DDTHH:MM:SS[~2]` with the fields above (a test's, or a year
    /// past 9999); nil for every fire a compiler makes.
    private var customID: String?

    /// A fire from its fields; `id` and `nominal` follow from them.
    public init(at: Instant, trigger: String, offset: Int, nominalWall: Int64, secondPass: Bool = false, isMoved: Bool = false) {
        self.at = at
        self.trigger = trigger
        self.offset = offset
        self.nominalWall = nominalWall
        self.secondPass = secondPass
        self.isMoved = isMoved
        customID = nil
    }

    /// A fire from its plan-file form; `local` must be `at` shifted by `offset`.
    public init(at: Instant, trigger: String, local: LocalDateTime, offset: Int, id: String, nominal: LocalDateTime? = nil) {
        assert(local.wallSeconds - Int64(offset) == at.secondsSinceEpoch, "local \(local) is not at \(at) with offset \(offset)")
        var text = id
        let parsed = text.withUTF8 { Fire.parseID($0, trigger: trigger) }
        if let parsed, nominal == nil || nominal!.wallSeconds == parsed.wall {
            self.init(
                at: at, trigger: trigger, offset: offset, nominalWall: parsed.wall, secondPass: parsed.secondPass,
                isMoved: nominal != nil)
        } else {
            self.init(
                at: at, trigger: trigger, offset: offset, nominalWall: nominal?.wallSeconds ?? local.wallSeconds,
                isMoved: nominal != nil)
            customID = id
        }
    }

    /// The wall time at which it fires, in the trigger's zone (UTC for zone-less kinds).
    public var local: LocalDateTime { LocalDateTime(wallSeconds: at.secondsSinceEpoch + Int64(offset)) }

    /// The wall time `local` shows, in seconds (see `LocalDateTime.wallSeconds`).
    public var localWall: Int64 { at.secondsSinceEpoch + Int64(offset) }

    /// `trigger@YYYY-MM-DDTHH:MM:SS`, plus `~2` for the second pass of a repeated hour.
    public var id: String {
        if let customID { return customID }
        var bytes = Array(trigger.utf8)
        bytes.append(0x40)
        PlanTimestamp.appendWallTime(nominalWall, to: &bytes)
        if secondPass { bytes.append(contentsOf: [0x7E, 0x32]) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The rule's wall time when the fire moved off it (gap shift, jitter); nil otherwise.
    public var nominal: LocalDateTime? { isMoved ? LocalDateTime(wallSeconds: nominalWall) : nil }

    /// The id as a plan file wrote it, when it is not the text derived from the fields (see
    /// `customID`); nil for every fire a compiler makes.
    public var writtenID: String? { customID }

    /// Whether the id is the standard text of `nominalWall` and `secondPass` with a four-digit year,
    /// whose order as text is the order of those numbers.
    var hasStandardID: Bool {
        customID == nil && nominalWall >= Fire.firstWall && nominalWall < Fire.endWall
    }

    /// 0000-01-01T00:00:00 and 10000-01-01T00:00:00 as wall seconds.
    static let firstWall: Int64 = -62_167_219_200
    static let endWall: Int64 = 253_402_300_800

    /// The plan's fire order: `(at, trigger, id)`.
    public static func precedes(_ a: Fire, _ b: Fire) -> Bool {
        if a.at != b.at { return a.at < b.at }
        if a.trigger != b.trigger { return a.trigger.utf8.lexicographicallyPrecedes(b.trigger.utf8) }
        if a.hasStandardID && b.hasStandardID {
            if a.nominalWall != b.nominalWall { return a.nominalWall < b.nominalWall }
            return !a.secondPass && b.secondPass
        }
        return a.id.utf8.lexicographicallyPrecedes(b.id.utf8)
    }

    /// The nominal wall time and second-pass mark of an id `trigger@YYYY-MM-DDTHH:MM:SS[~2]`, or nil
    /// when `bytes` is not such an id of `trigger`.
    public static func parseID(_ bytes: UnsafeBufferPointer<UInt8>, trigger: String) -> (wall: Int64, secondPass: Bool)? {
        var cache = PlanTimestamp.DayCache()
        return parseID(bytes, trigger: trigger, cache: &cache)
    }

    static func parseID(
        _ bytes: UnsafeBufferPointer<UInt8>, trigger: String, cache: inout PlanTimestamp.DayCache
    ) -> (wall: Int64, secondPass: Bool)? {
        var trigger = trigger
        let t = trigger.utf8.count
        guard bytes.count == t + 20 || bytes.count == t + 22,
            t == 0 || trigger.withUTF8({ memcmp($0.baseAddress!, bytes.baseAddress!, t) == 0 }), bytes[t] == 0x40
        else { return nil }
        let secondPass = bytes.count == t + 22
        if secondPass && (bytes[t + 20] != 0x7E || bytes[t + 21] != 0x32) { return nil }
        let time = UnsafeBufferPointer(rebasing: bytes[(t + 1)..<(t + 20)])
        guard let wall = PlanTimestamp.parseWallTime(time, cache: &cache) else { return nil }
        return (wall, secondPass)
    }
}
