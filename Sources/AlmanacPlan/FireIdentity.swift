/// What a fire's id says, as a key: two fires have equal identities exactly when their `id` texts
/// are equal, without building the text for the fires a compiler makes.
///
/// A plan diff pairs a removed fire with an added one by id (a move); keying its tables by this
/// rather than by `id` spares a string allocation per fire left over.
public struct FireIdentity: Hashable, Sendable {
    public let trigger: String
    /// The nominal wall time and second-pass mark the standard id names.
    let wall: Int64
    let secondPass: Bool
    /// The id's text when it is not the standard text of a wall time with a four-digit year.
    let text: String?

    /// A deterministic 64-bit mix of the identity (the same in every process, unlike `hashValue`),
    /// for splitting fires into groups.
    public var stableHash: UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in trigger.utf8 { h = (h ^ UInt64(byte)) &* 0x100_0000_01B3 }
        if let text {
            for byte in text.utf8 { h = (h ^ UInt64(byte)) &* 0x100_0000_01B3 }
        } else {
            h ^= UInt64(bitPattern: wall) &* 0x9E37_79B9_7F4A_7C15 ^ (secondPass ? 1 : 0)
        }
        // A final avalanche, so groups by `h % n` use every bit.
        h ^= h >> 33
        h = h &* 0xFF51_AFD7_ED55_8CCD
        return h ^ (h >> 33)
    }
}

extension Fire {
    /// The fire's id as a key (see `FireIdentity`).
    public var identity: FireIdentity {
        if hasStandardID { return FireIdentity(trigger: trigger, wall: nominalWall, secondPass: secondPass, text: nil) }
        let text = id
        // A kept-as-written id whose text is the standard one of some wall time must meet that fire's key.
        if let parsed = Array(text.utf8).withUnsafeBufferPointer({ Fire.parseID($0, trigger: trigger) }),
            parsed.wall >= Fire.firstWall, parsed.wall < Fire.endWall
        {
            let standard = Fire(at: at, trigger: trigger, offset: offset, nominalWall: parsed.wall, secondPass: parsed.secondPass)
            if standard.id == text { return FireIdentity(trigger: trigger, wall: parsed.wall, secondPass: parsed.secondPass, text: nil) }
        }
        return FireIdentity(trigger: trigger, wall: 0, secondPass: false, text: text)
    }
}

extension Fire {
    /// Whether two fires have the same `id` text, compared without building it when both ids are standard.
    public static func sameID(_ a: Fire, _ b: Fire) -> Bool {
        if a.hasStandardID && b.hasStandardID {
            return a.nominalWall == b.nominalWall && a.secondPass == b.secondPass && a.trigger == b.trigger
        }
        return a.id == b.id
    }
}
