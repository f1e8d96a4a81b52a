/// The values a list has given so far, to spot repeats. Lists are short, so a scan of a small
/// array beats hashing; a long list (hostile or generated) moves to a set and stays linear.
/// The first value is kept inline: most lists hold one value and then allocate nothing.
struct SeenValues<T: Hashable> {
    private var first: T?
    private var small: [T] = []
    private var large: Set<T>?

    /// Records `value`; false when it was already seen.
    mutating func insert(_ value: T) -> Bool {
        guard let first else {
            first = value
            return true
        }
        if large != nil { return large!.insert(value).inserted }
        if first == value || small.contains(value) { return false }
        small.append(value)
        if small.count > 16 {
            large = Set(small + [first])
            small = []
        }
        return true
    }
}

extension Array where Element: Comparable {
    /// The elements sorted, each once (what `Array(Set(self)).sorted()` gives, without hashing).
    func sortedUnique() -> [Element] {
        if count < 2 { return self }
        var out = sorted()
        var kept = 0
        for i in out.indices where i == 0 || out[i] != out[kept - 1] {
            out[kept] = out[i]
            kept += 1
        }
        out.removeLast(out.count - kept)
        return out
    }
}
