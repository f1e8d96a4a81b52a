import AlmanacPlan
import AlmanacTime

/// Builds a trigger's fires and derives their jitter from the id text (`trigger@YYYY-MM-DDTHH:MM:SS`,
/// `~2` for a second pass) with FNV-1a 64, a fixed hash, so that plans are the same in every process
/// (Swift's `Hasher` is seeded per process).
struct FireIdentity {
    let trigger: String
    private let prefixCount: Int
    /// `trigger@` followed by the last id's 19-byte date-time; reused from fire to fire.
    private var scratch: [UInt8]
    /// The day whose `YYYY-MM-DDT` is in `scratch`, so consecutive fires of a day skip the calendar math.
    private var idDay: Int64 = .min

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
    func fire(_ candidate: Candidate, offset: Int) -> Fire {
        Fire(
            at: Instant(secondsSinceEpoch: candidate.final), trigger: trigger, offset: offset,
            nominalWall: candidate.nominal, secondPass: candidate.secondPass,
            isMoved: candidate.shifted || candidate.final != candidate.at)
    }
}
