/// BYSETPOS: appends to `out` the n-th (or n-th from last) members of the sorted `set`, sorted
/// and unique among themselves.
func pick(_ positions: [Int], from set: [Int], into out: inout [Int]) {
    let base = out.count
    for p in positions {
        let i = p > 0 ? p - 1 : set.count + p
        if i >= 0, i < set.count, !out[base...].contains(set[i]) { out.append(set[i]) }
    }
    out[base...].sort()
}

/// Two sorted arrays merged, keeping one of equal elements.
func mergeUnique<T: Comparable>(_ a: [T], _ b: [T]) -> [T] {
    if b.isEmpty { return a }
    if a.isEmpty { return b }
    var out: [T] = []
    out.reserveCapacity(a.count + b.count)
    var i = 0, j = 0
    while i < a.count || j < b.count {
        let next: T
        if j >= b.count || (i < a.count && a[i] <= b[j]) { next = a[i]; i += 1 } else { next = b[j]; j += 1 }
        if out.last != next { out.append(next) }
    }
    return out
}

/// Division rounding toward negative infinity.
func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }

/// The remainder of `floorDiv`, never negative for a positive `b`.
func mod(_ a: Int, _ b: Int) -> Int { ((a % b) + b) % b }
