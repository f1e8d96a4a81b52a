import AlmanacModel
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
        if small.isEmpty { small.reserveCapacity(4) }
        small.append(value)
        if small.count > 16 {
            large = Set(small + [first])
            small = []
        }
        return true
    }
}

extension Array where Element: Comparable {
    /// Sorts the elements in place, keeping each once (what `Array(Set(self)).sorted()` gives,
    /// without hashing or a second array).
    mutating func sortUnique() {
        guard count > 1 else { return }
        sort()
        var kept = 0
        for i in indices where i == 0 || self[i] != self[kept - 1] {
            self[kept] = self[i]
            kept += 1
        }
        removeLast(count - kept)
    }
}
