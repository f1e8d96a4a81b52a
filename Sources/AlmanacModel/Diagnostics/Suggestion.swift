/// Did-you-mean: the closest candidate by edit distance, when it is close enough to be a typo.
///
/// Bounded whatever the input: a word longer than `maxWordLength` gets no suggestion (no typo
/// of a name is that long), candidates whose length alone puts them out of reach are skipped,
/// and the distance is computed only within the budget's band, stopping once a row exceeds it.
public enum Suggestion {
    /// Longest word, in Unicode scalars, for which a suggestion is looked for.
    public static let maxWordLength = 64

    /// The best candidate within `max(1, word.count / 3)` edits (case-insensitive), or one that
    /// `word` is a prefix of; nil when nothing is close.
    public static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
        guard !word.isEmpty, word.unicodeScalars.count <= maxWordLength else { return nil }
        let w = Array(word.lowercased().unicodeScalars)
        let budget = max(1, w.count / 3)
        var best: (String, Int)?
        for candidate in candidates {
            // A prefix match scores at most the budget, whatever the candidate's length.
            let c = Array(candidate.lowercased().unicodeScalars)
            let isPrefix = c.starts(with: w) && w.count >= 3
            let limit = isPrefix ? budget : min(budget, (best?.1 ?? budget + 1) - 1)
            guard isPrefix || abs(c.count - w.count) <= limit else { continue }
            let d = isPrefix ? min(distance(w, c, limit: budget), budget) : distance(w, c, limit: limit)
            if d <= budget, best == nil || d < best!.1 {
                best = (candidate, d)
            }
        }
        return best?.0
    }

    /// `"; did you mean 'x'?"` or the empty string.
    public static func hint(for word: String, among candidates: some Sequence<String>) -> String {
        closest(to: word, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Damerau–Levenshtein (optimal string alignment) distance, or `limit + 1` as soon as it is
    /// known to exceed `limit`.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int = .max) -> Int {
        let over = limit == .max ? Int.max : limit + 1
        if a.isEmpty { return min(b.count, over) }
        if b.isEmpty { return min(a.count, over) }
        if abs(a.count - b.count) > limit { return over }
        var prev2 = [Int](repeating: 0, count: b.count + 1)
        var prev = Array(0...b.count)
        var cur = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            cur[0] = i
            var rowMin = cur[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    cur[j] = min(cur[j], prev2[j - 2] + 1)
                }
                rowMin = min(rowMin, cur[j])
            }
            // Every later row is at least this row's minimum less one (a transposition reaches
            // two rows back), so two rows over the limit settle it.
            if rowMin > limit, i > 1, prev.min()! > limit { return over }
            (prev2, prev, cur) = (prev, cur, prev2)
        }
        return min(prev[b.count], over)
    }
}
