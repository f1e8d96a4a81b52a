import AlmanacExecutor
import AlmanacMetrics
import AlmanacTime
import Testing

/// What `/metrics` says: each fire counted once, a HELP and TYPE line per metric, and the time left
/// in the plan computed at the scrape.
@Suite struct PrometheusExpositionTests {
    func text(_ exposition: PrometheusExposition, now: Double) -> String {
        String(decoding: exposition.render(now: now), as: UTF8.self)
    }

    func value(_ name: String, in text: String) -> String? {
        text.split(separator: "\n").first { $0.hasPrefix(name + " ") }.map { String($0.dropFirst(name.count + 1)) }
    }

    /// An exec fire is journaled when it starts and again when its command ends: one fire, one count.
    @Test(arguments: [true, false]) func eachFireIsCountedOnceByHowItEnded(runsCommands: Bool) {
        let exposition = PrometheusExposition()
        let journal = JournalMetrics(ExecutorMetrics(factory: exposition.factory), countsOutcomes: runsCommands)
        let at = Instant(secondsSinceEpoch: 1_795_410_000)
        for n in 0..<3 {
            journal.observe(.fire(id: "t@\(n)", trigger: "t", at: at, now: at), now: 1_795_410_000.2)
            if runsCommands { journal.observe(.outcome(FireOutcome(fireID: "t@\(n)", status: n == 2 ? .exited(1) : .exited(0))), now: 0) }
        }
        journal.observe(.skip(id: "t@9", trigger: "t", at: at, now: at, reason: "misfire"), now: 0)
        let text = text(exposition, now: 0)
        let fires = text.split(separator: "\n").filter { $0.hasPrefix("almanac_fires_total{") }.sorted()
        #expect(
            fires
                == (runsCommands
                    ? [
                        "almanac_fires_total{outcome=\"failed\"} 1", "almanac_fires_total{outcome=\"ok\"} 2",
                        "almanac_fires_total{outcome=\"skipped\"} 1",
                    ]
                    : ["almanac_fires_total{outcome=\"delivered\"} 3", "almanac_fires_total{outcome=\"skipped\"} 1"]),
            "\(text)")
        #expect(value("almanac_fire_lateness_seconds_count", in: text) == "3")
    }

    @Test func everyMetricHasItsHelpAndTypeLine() {
        let exposition = PrometheusExposition()
        let metrics = ExecutorMetrics(factory: exposition.factory)
        metrics.fire("ok")
        metrics.started(lateness: 0.01)
        metrics.claimed(2)
        metrics.leaseLost()
        metrics.foundInDoubt(1)
        metrics.planEnds(at: 2_000)
        metrics.journalSynced()
        // What `serve` sets at each scrape from the store.
        exposition.setGauge(ExecutorMetrics.storeFiresName, labels: [("spec", "s"), ("state", "pending")], to: 3)
        exposition.setGauge(ExecutorMetrics.specRemainingName, labels: [("spec", "s")], to: 60)
        let text = text(exposition, now: 1_000)
        let names = Set(
            text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
                String(line.prefix { $0 != "{" && $0 != " " }).replacingOccurrences(of: "_bucket", with: "")
                    .replacingOccurrences(of: "_count", with: "").replacingOccurrences(of: "_sum", with: "")
            })
        #expect(names == Set(ExecutorMetrics.help.keys), "\(text)")
        for name in names {
            #expect(text.contains("# HELP \(name) \(ExecutorMetrics.help[name]!)\n"), "\(name)")
            #expect(text.contains("# TYPE \(name) "), "\(name)")
        }
    }

    /// A value set when the plan was loaded would stand still while its deadline comes closer.
    @Test func planRemainingFollowsTheClockOfEachScrape() {
        let exposition = PrometheusExposition()
        #expect(value(ExecutorMetrics.planRemainingName, in: text(exposition, now: 0)) == nil)
        ExecutorMetrics(factory: exposition.factory).planEnds(at: 1_795_413_600)
        #expect(value(ExecutorMetrics.planRemainingName, in: text(exposition, now: 1_795_410_000)) == "3600.0")
        #expect(value(ExecutorMetrics.planRemainingName, in: text(exposition, now: 1_795_410_025)) == "3575.0")
        #expect(value(ExecutorMetrics.planRemainingName, in: text(exposition, now: 1_795_413_610)) == "-10.0")
        #expect(value(ExecutorMetrics.planEndName, in: text(exposition, now: 0)) == "1795413600.0")
    }
}
