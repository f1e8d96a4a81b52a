/// Comparison of a key with one name the validator knows (`m["weekdays"]`, weekday names);
/// `KeyList` classifies a key against a whole list.
///
/// Why: `==` on two different short strings calls into the runtime's general comparison, while
/// comparing UTF-8 lengths first settles most mismatches inline (known keys rarely share a length).
/// Only for lowercase ASCII names: canonically equal strings can differ in length (`é` and
/// `e` + U+0301; the Kelvin sign and `K`), so this is not `==` in general, and the composer's
/// duplicate-key check keeps `==`. No lowercase ASCII letter has such a twin.
package enum KeyMatching {
    /// Whether `a` and `b` are the same key; one of them must be a lowercase ASCII name.
    @inline(__always)
    @inlinable
    package static func same(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a == b
    }

    /// The position of `key` in `keys`, if it is there.
    @inlinable
    package static func index(of key: String, in keys: [String]) -> Int? {
        keys.firstIndex { same($0, key) }
    }
}
