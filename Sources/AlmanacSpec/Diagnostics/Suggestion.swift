/// Did-you-mean: the closest candidate by edit distance, when it is close enough to be a typo.
public enum Suggestion {
    /// The best candidate within `max(1, word.count / 3)` edits (case-insensitive), or one that
    /// `word` is a prefix of; nil when nothing is close.
    public static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
        let w = Array(word.lowercased().unicodeScalars)
        guard !w.isEmpty else { return nil }
        let budget = max(1, w.count / 3)
        var best: (String, Int)?
        for candidate in candidates {
            let c = Array(candidate.lowercased().unicodeScalars)
            let d = distance(w, c)
            let score = (c.starts(with: w) && w.count >= 3) ? min(d, budget) : d
            if score <= budget, best == nil || score < best!.1 {
                best = (candidate, score)
            }
        }
        return best?.0
    }

    /// `"; did you mean 'x'?"` or the empty string.
    public static func hint(for word: String, among candidates: some Sequence<String>) -> String {
        closest(to: word, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Damerau–Levenshtein (optimal string alignment) distance.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var prev2 = [Int](repeating: 0, count: b.count + 1)
        var prev = Array(0...b.count)
        var cur = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            cur[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    cur[j] = min(cur[j], prev2[j - 2] + 1)
                }
            }
            (prev2, prev, cur) = (prev, cur, prev2)
        }
        return prev[b.count]
    }
}
