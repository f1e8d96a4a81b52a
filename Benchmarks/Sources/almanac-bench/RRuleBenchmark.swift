import AlmanacCompiler
import AlmanacModel
import AlmanacSpec
import AlmanacTime
import Foundation

/// The RRULE benchmark: the RRULE expander over 1,000 random rules from the dateutil oracle
/// fixture, the same rules and horizons python-dateutil expands in the same run.
enum RRuleBenchmark {
    struct Case {
        var trigger: RRuleTrigger
        var end: LocalDateTime
        var expected: Int
    }

    static func local(_ s: String) -> LocalDateTime {
        let d = Array(s.utf8).map { Int($0) - 48 }
        func n(_ r: Range<Int>) -> Int { r.reduce(0) { $0 * 10 + d[$1] } }
        return LocalDateTime(
            date: CivilDate(year: n(0..<4), month: n(4..<6), day: n(6..<8)),
            time: LocalTime(hour: n(9..<11), minute: n(11..<13), second: n(13..<15)))
    }

    static func load(_ path: String) -> [Case] {
        guard let data = FileManager.default.contents(atPath: path),
            let items = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]
        else { return [] }
        return items.compactMap { item in
            guard let text = item["rule"] as? String, case let (rule?, errors) = RRuleParser.parse(text),
                !errors.contains(where: { $0.severity == .error })
            else { return nil }
            let trigger = RRuleTrigger(
                rule: rule, start: local(item["start"] as! String),
                rdates: (item["rdates"] as? [String] ?? []).map(local),
                exdates: (item["exdates"] as? [String] ?? []).map(local))
            return Case(trigger: trigger, end: local(item["end"] as! String), expected: item["count"] as? Int ?? -1)
        }
    }

    static func expand(_ cases: [Case]) -> Int {
        var total = 0
        for c in cases {
            // The compiler's path: wall seconds, no LocalDateTime built per occurrence.
            var expander = RRuleExpander(c.trigger, invalidDates: .omit)
            let end = c.end.wallSeconds
            while let next = expander.nextWallSeconds(), next <= end { total += 1 }
        }
        return total
    }

    static func run(casesPath: String, peer: (seconds: Double, fires: Int)?) {
        let cases = load(casesPath)
        guard !cases.isEmpty else {
            print("rrule: no cases at \(casesPath) (run through scripts/bench/compiler.sh)")
            return
        }
        let fires = expand(cases)
        let expected = cases.reduce(0) { $0 + $1.expected }
        precondition(fires == expected, "rrule benchmark: \(fires) fires, the oracle says \(expected)")
        let t = median(runs: 5) { _ = expand(cases) }
        let ratio = peer.map { String(format: "%.0fx", $0.seconds / t) } ?? "n/a"
        print(
            "rrule, \(cases.count) random rules (oracle fixture), \(fires) fires: \(ms(t)), "
                + String(format: "%.1f M fires/s", Double(fires) / t / 1e6)
                + "; dateutil \(peer.map { ms($0.seconds) } ?? "n/a") -> \(ratio) (target >= 20x)")
        print(
            "| mixed RRULEs (1,000) | \(fires) | \(ms(t)) | \(String(format: "%.1f M/s", Double(fires) / t / 1e6)) | \(peer.map { ms($0.seconds) } ?? "n/a") | \(ratio) |"
        )
    }
}
