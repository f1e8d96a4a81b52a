/// Key comparison for the validator's scans of small mappings against known keys.
///
/// Why: `==` on two different short strings calls into the runtime's general comparison, while
/// comparing UTF-8 lengths first settles most mismatches inline (known keys rarely share a length).
enum KeyMatching {
    /// Whether `a` and `b` are the same key.
    @inline(__always)
    static func same(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a == b
    }

    /// The position of `key` in `keys`, if it is there.
    static func index(of key: String, in keys: [String]) -> Int? {
        keys.firstIndex { same($0, key) }
    }
}
