import AlmanacPlan
import AlmanacTime

/// Writes a trigger's fire ids (`trigger@YYYY-MM-DDTHH:MM:SS`, `~2` for a second pass) and derives
/// jitter from them with FNV-1a 64, a fixed hash, so that plans are the same in every process
/// (Swift's `Hasher` is seeded per process).
struct FireIdentity {
    let trigger: String
    private let prefix: [UInt8]
    private var scratch: [UInt8]

    init(trigger: String) {
        self.trigger = trigger
        prefix = Array(trigger.utf8) + [UInt8(ascii: "@")]
        scratch = prefix
        scratch.reserveCapacity(prefix.count + 21)
    }

    /// The id's bytes, in a buffer reused from call to call.
    private mutating func write(nominal: Int64, secondPass: Bool) {
        scratch.removeSubrange(prefix.count...)
        RFC3339.appendWallSeconds(nominal, to: &scratch)
        if secondPass { scratch.append(contentsOf: [UInt8(ascii: "~"), UInt8(ascii: "2")]) }
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
        let local = LocalDateTime(wallSeconds: candidate.final + Int64(offset))
        let moved = candidate.shifted || candidate.final != candidate.at
        return Fire(at: Instant(secondsSinceEpoch: candidate.final), trigger: trigger, local: local, offset: offset,
                    id: id(nominal: candidate.nominal, secondPass: candidate.secondPass),
                    nominal: moved ? LocalDateTime(wallSeconds: candidate.nominal) : nil)
    }
}
