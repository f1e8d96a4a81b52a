import AlmanacModel
/// The keys of one large mapping by text, to find a repeated key: open addressing with each key's
/// hash kept, so growing never hashes a key again.
///
/// Why not `Dictionary`: the 10,000-key `triggers:` mapping spent a sixth of composing in
/// `Dictionary` growth. Hashes are Swift's own (seeded, and equal for keys `==` calls equal).
final class YAMLKeyTable {
    private var keys: [String] = []
    private var ranges: [SourceRange] = []
    private var hashes: [Int] = []
    /// Positions in `keys`, or -1 for an empty slot; the count is a power of two.
    private var slots: [Int32]

    init() {
        slots = [Int32](repeating: -1, count: 64)
    }

    /// Where `key` was first written, if it already is a key.
    func range(of key: String) -> SourceRange? {
        let h = key.hashValue
        var i = h & (slots.count - 1)
        while slots[i] >= 0 {
            let k = Int(slots[i])
            if hashes[k] == h, keys[k] == key { return ranges[k] }
            i = (i + 1) & (slots.count - 1)
        }
        return nil
    }

    /// Adds `key`, which must not be in the table yet.
    func insert(_ key: String, at range: SourceRange) {
        if (keys.count + 1) * 2 > slots.count { grow() }
        let h = key.hashValue
        place(Int32(keys.count), hash: h)
        keys.append(key)
        ranges.append(range)
        hashes.append(h)
    }

    private func place(_ position: Int32, hash h: Int) {
        var i = h & (slots.count - 1)
        while slots[i] >= 0 { i = (i + 1) & (slots.count - 1) }
        slots[i] = position
    }

    private func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        for (k, h) in hashes.enumerated() { place(Int32(k), hash: h) }
    }
}
