extension ValueSyntax {
    /// A month list in one scalar: names `jan`…`dec` (or full, case-insensitive), numbers 1–12, ranges
    /// `jan-mar` or `3-5` (a range may wrap the year end: `nov-feb`), separated by commas. Months are
    /// returned as 1…12 in the order written; a month given twice is a warning.
    public static func months(_ text: String) -> ([Int]?, [SyntaxError]) {
        let t = ScalarText(text)
        var result: [Int] = []
        var problems: [SyntaxError] = []
        for item in t.split(t.trimmed(t.whole), on: ",") {
            switch readMonthItem(t, item) {
            case .failure(let e): problems.append(e)
            case .success(let months):
                for m in months {
                    if result.contains(m) {
                        problems.append(SyntaxError(.monthTwice(monthNames[m - 1]), at: item))
                    } else {
                        result.append(m)
                    }
                }
            }
        }
        return (problems.contains { $0.severity == .error } ? nil : result, problems)
    }

    private static func readMonthItem(_ t: ScalarText, _ r: Range<Int>) -> Result<[Int], SyntaxError> {
        guard !r.isEmpty else { return .failure(SyntaxError(.monthExpected, at: r)) }
        let dash = t.firstIndex(of: "-", in: r)
        let firstRange = r.lowerBound..<(dash ?? r.upperBound)
        let start: Int
        switch readMonth(t, firstRange) {
        case .failure(let e): return .failure(e)
        case .success(let m): start = m
        }
        guard let dash else { return .success([start]) }
        let end: Int
        switch readMonth(t, t.trimmed(dash + 1..<r.upperBound)) {
        case .failure(let e): return .failure(e)
        case .success(let m): end = m
        }
        var months: [Int] = []
        var m = start
        while true {
            months.append(m)
            if m == end { break }
            m = m % 12 + 1
        }
        return .success(months)
    }

    /// One month, by name or number.
    private static func readMonth(_ t: ScalarText, _ r: Range<Int>) -> Result<Int, SyntaxError> {
        let r = t.trimmed(r)
        if !r.isEmpty, t.digitRun(from: r.lowerBound) == r {
            guard let n = t.number(r), (1...12).contains(n) else {
                return .failure(SyntaxError(.monthOutOfRange(t.string(r)), at: r))
            }
            return .success(n)
        }
        let word = t.lowercased(r)
        if let i = monthNames.firstIndex(of: word) ?? monthFullNames.firstIndex(of: word) { return .success(i + 1) }
        let hint = nameHint(for: word, short: monthNames, full: monthFullNames)
        let shown = r.isEmpty ? "''" : "'\(t.string(r))'"
        return .failure(
            SyntaxError(.monthUnknown(shown, hint: hint), at: r.isEmpty ? r.lowerBound..<r.lowerBound + 1 : r))
    }
}
