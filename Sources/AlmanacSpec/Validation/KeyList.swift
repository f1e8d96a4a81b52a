/// The known keys of one kind of mapping, matched by their bytes packed into two words.
///
/// Why: a trigger's keys are looked up against these lists several times, and packing a key once
/// then comparing words is much cheaper than comparing strings. Comparing bytes gives the same
/// answer as `==` (canonical equivalence) because every known key is lowercase ASCII letters and
/// `_`, and no other string is canonically equivalent to such a word (the few characters that
/// decompose to ASCII, like the Kelvin sign, decompose to other characters).
struct KeyList: ExpressibleByArrayLiteral, Sendable {
    /// In the order given, which is also the order did-you-mean prefers on a tie.
    let names: [String]
    private let packed: [Packed]

    /// A key's bytes (at most 15) and length, or nothing for a longer or non-ASCII string.
    private struct Packed: Equatable, Sendable {
        var low: UInt64 = 0
        var high: UInt64 = 0

        @inline(__always)
        init?(_ s: String) {
            let n = s.utf8.count
            guard n <= 15 else { return nil }
            var words: (UInt64, UInt64) = (0, 0)
            let copied: Void? = s.utf8.withContiguousStorageIfAvailable { bytes in
                withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(bytes)) }
            }
            if copied == nil {
                withUnsafeMutableBytes(of: &words) { words in
                    for (i, b) in s.utf8.enumerated() { words[i] = b }
                }
            }
            guard (words.0 | words.1) & 0x8080_8080_8080_8080 == 0 else { return nil }
            low = words.0
            high = words.1 | UInt64(n) << 56
        }
    }

    init(_ names: [String]) {
        self.names = names
        packed = names.map { name in
            precondition(
                name.utf8.allSatisfy { $0 == UInt8(ascii: "_") || ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) },
                "known key '\(name)' must be lowercase ASCII letters and '_'")
            return Packed(name)!
        }
    }

    init(arrayLiteral names: String...) { self.init(names) }

    static func + (a: KeyList, b: KeyList) -> KeyList { KeyList(a.names + b.names) }

    /// The position of `key` in the list, if it is there.
    func index(of key: String) -> Int? {
        guard let p = Packed(key) else { return nil }
        return packed.firstIndex(of: p)
    }

    func contains(_ key: String) -> Bool { index(of: key) != nil }
}
