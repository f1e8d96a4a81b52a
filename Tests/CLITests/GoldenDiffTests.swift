import AlmanacTestSupport
import Testing

/// The golden differ: a mismatch reads as a unified diff, and applying its edit script gives back
/// the new text, on hand-made and random cases.
@Suite struct GoldenDiffTests {
    @Test func aChangedLineShowsWithItsContext() {
        let old = (1...10).map { "line \($0)" }.joined(separator: "\n")
        let new = old.replacingOccurrences(of: "line 5", with: "line five")
        #expect(
            Golden.unifiedDiff(old, new) == """
                @@ -2,7 +2,7 @@
                 line 2
                 line 3
                 line 4
                -line 5
                +line five
                 line 6
                 line 7
                 line 8
                """)
    }

    @Test func distantChangesMakeTwoHunksAndLongDiffsAreCut() {
        let old = (1...40).map { "l\($0)" }.joined(separator: "\n")
        let new = old.replacingOccurrences(of: "l2\n", with: "").replacingOccurrences(of: "l30\n", with: "l30\nnew\n")
        let diff = Golden.unifiedDiff(old, new)
        #expect(diff.components(separatedBy: "\n").filter { $0.hasPrefix("@@") }.count == 2)
        #expect(diff.contains("-l2") && diff.contains("+new"))
        let many = Golden.unifiedDiff(old, (1...40).map { "x\($0)" }.joined(separator: "\n"), limit: 10)
        #expect(many.components(separatedBy: "\n").count == 11)
        #expect(many.hasSuffix("more lines of diff"))
    }

    @Test func theScriptRebuildsTheNewText() {
        var random = SplitMix(seed: 7)
        for _ in 0..<300 {
            let old = (0..<Int(random.next() % 12)).map { _ in "v\(random.next() % 4)" }
            var new = old
            for _ in 0..<Int(random.next() % 5) {
                if !new.isEmpty, random.next() % 2 == 0 {
                    new.remove(at: Int(random.next() % UInt64(new.count)))
                } else {
                    new.insert("w\(random.next() % 3)", at: Int(random.next() % UInt64(new.count + 1)))
                }
            }
            let diff = Golden.unifiedDiff(old.joined(separator: "\n"), new.joined(separator: "\n"), context: 1_000, limit: 1_000)
            guard old != new else { continue }
            let rebuilt = diff.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("@@") && !$0.hasPrefix("-") }
                .map { String($0.dropFirst()) }
            #expect(rebuilt.joined(separator: "\n") == new.joined(separator: "\n"), "\(old) → \(new)\n\(diff)")
        }
    }
}
