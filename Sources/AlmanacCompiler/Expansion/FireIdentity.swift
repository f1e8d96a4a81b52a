import AlmanacPlan
import AlmanacTime

/// Writes a trigger's fire ids (`trigger@YYYY-MM-DDTHH:MM:SS`, `~2` for a second pass) and derives
/// jitter from them with FNV-1a 64, a fixed hash, so that plans are the same in every process
/// (Swift's `Hasher` is seeded per process).
struct FireIdentity {
    let trigger: String
    private let prefixCount: Int
    /// `trigger@` followed by the last id's 19-byte date-time; reused from fire to fire.
    private var scratch: [UInt8]
    /// The day whose `YYYY-MM-DDT` is in `scratch`, so consecutive fires of a day skip the calendar math.
    private var idDay: Int64 = .min
    /// The day and civil date of the last fire's local wall time, likewise.
    private var localDay: Int64 = .min
    private var localDate = CivilDate(year: 1970, month: 1, day: 1)

    init(trigger: String) {
        self.trigger = trigger
        scratch = Array(trigger.utf8) + [UInt8(ascii: "@")]
        prefixCount = scratch.count
        scratch += Array(repeating: UInt8(ascii: "0"), count: 19)
        scratch.reserveCapacity(scratch.count + 2)
    }

    /// Puts the id's bytes in `scratch`.
    private mutating func write(nominal: Int64, secondPass: Bool) {
        let day = floorDiv(nominal, 86_400)
        let second = Int(nominal - day * 86_400)
        if scratch.count > prefixCount + 19 { scratch.removeLast(scratch.count - prefixCount - 19) }
        let start = prefixCount
        let newDate: CivilDate? = day == idDay ? nil : CivilDate(daysSinceEpoch: Int(day))
        idDay = day
        scratch.withUnsafeMutableBufferPointer { bytes in
            if let date = newDate {
                Self.put(date.year / 100, bytes, start)
                Self.put(date.year % 100, bytes, start + 2)
                bytes[start + 4] = UInt8(ascii: "-")
                Self.put(date.month, bytes, start + 5)
                bytes[start + 7] = UInt8(ascii: "-")
                Self.put(date.day, bytes, start + 8)
                bytes[start + 10] = UInt8(ascii: "T")
            }
            Self.put(second / 3600, bytes, start + 11)
            bytes[start + 13] = UInt8(ascii: ":")
            Self.put((second / 60) % 60, bytes, start + 14)
            bytes[start + 16] = UInt8(ascii: ":")
            Self.put(second % 60, bytes, start + 17)
        }
        if secondPass { scratch.append(contentsOf: [UInt8(ascii: "~"), UInt8(ascii: "2")]) }
    }

    @inline(__always)
    private static func put(_ value: Int, _ bytes: UnsafeMutableBufferPointer<UInt8>, _ at: Int) {
        bytes[at] = UInt8(truncatingIfNeeded: 48 + value / 10)
        bytes[at + 1] = UInt8(truncatingIfNeeded: 48 + value % 10)
    }

    mutating func id(nominal: Int64, secondPass: Bool) -> String {
        write(nominal: nominal, secondPass: secondPass)
        return String(decoding: scratch, as: UTF8.self)
    }

    /// A deterministic delay in `[0, jitter)` seconds for the fire with this id.
    mutating func jitter(nominal: Int64, secondPass: Bool, span: Int64) -> Int64 {
        guard span > 1 else { return 0 }
        write(nominal: nominal, secondPass: secondPass)
        return Int64(Self.fnv1a(scratch) % UInt64(span))
    }

    /// FNV-1a 64 of `bytes`.
    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return hash
    }

    /// The plan's fire for a candidate; `offset` is the zone's offset at `final`.
    mutating func fire(_ candidate: Candidate, offset: Int) -> Fire {
        let wall = candidate.final + Int64(offset)
        let day = floorDiv(wall, 86_400)
        if day != localDay {
            localDay = day
            localDate = CivilDate(daysSinceEpoch: Int(day))
        }
        let local = LocalDateTime(date: localDate, time: LocalTime(secondsOfDay: Int(wall - day * 86_400)))
        let moved = candidate.shifted || candidate.final != candidate.at
        return Fire(at: Instant(secondsSinceEpoch: candidate.final), trigger: trigger, local: local, offset: offset,
                    id: id(nominal: candidate.nominal, secondPass: candidate.secondPass),
                    nominal: moved ? LocalDateTime(wallSeconds: candidate.nominal) : nil)
    }
}
