import AlmanacModel
import AlmanacSpec

/// The parse benchmark: parse + validate a generated 10,000-trigger spec, as a multiple of the
/// bare libyaml event loop over the same bytes.
enum ParseBenchmark {
    /// A realistic large spec: every trigger kind, payloads, `during`, `except`.
    static func generateSpec(triggers: Int) -> [UInt8] {
        var s = "version: 1\nname: large\ntimezone: America/New_York\n"
        s += "blackouts:\n  holidays: [2026-11-26, 2026-12-25, {from: 2026-12-28, to: 2027-01-01}]\n"
        s += "defaults:\n  payload: {sound: default, category: reminder}\n  dst: {gap: shift, overlap: first}\ntriggers:\n"
        for i in 0..<triggers {
            let minute = i % 1440
            let hh = minute / 60, mm = minute % 60
            let time = (hh < 10 ? "0" : "") + "\(hh):" + (mm < 10 ? "0" : "") + "\(mm)"
            s += "  t\(i):\n"
            switch i % 4 {
            case 0: s += "    calendar: {weekdays: mon-fri, at: [\"\(time)\"]}\n    except: [holidays]\n"
            case 1: s += "    cron: \"\(mm) \(hh) * * *\"\n"
            case 2: s += "    calendar: {days: [1, 15, -1], at: \"\(time)\"}\n"
            default: s += "    every: 1d\n    anchor: 2026-01-01T\(time):00Z\n    during: {weekdays: [mon, tue, wed, thu, fri]}\n"
            }
            s += "    priority: \(i % 5)\n    payload: {title: \"Reminder \(i)\", body: \"Something to do at \(time)\", badge: \(i % 9)}\n"
        }
        return Array(s.utf8)
    }

    static func run() {
        let bytes = generateSpec(triggers: 10_000)
        let file = SourceFile(path: "large.yaml", bytes: bytes)
        let check = SpecLoader.load(file)
        precondition(!check.hasErrors, "generated spec must be valid: \(check.diagnostics.prefix(3))")
        // Interleaved rounds, so that a noisy stretch of the machine hits all three alike. Noise only
        // ever adds time, so the fastest round is printed beside the median.
        var raw: [Double] = [], compose: [Double] = [], full: [Double] = []
        for _ in 0..<15 {
            raw.append(seconds { _ = YAMLEventScan.count(bytes) })
            compose.append(
                seconds {
                    var bag = DiagnosticBag()
                    _ = YAMLComposer.compose(bytes, diagnostics: &bag)
                })
            full.append(seconds { _ = SpecLoader.load(file) })
        }
        func line(_ name: String, _ t: [Double], ratio: Bool) -> String {
            let sorted = t.sorted(), med = sorted[sorted.count / 2], best = sorted[0]
            let r = raw.sorted()
            let ratios = ratio ? String(format: "  %.2fx median, %.2fx fastest", med / r[r.count / 2], best / r[0]) : ""
            return "  \(name)\(ms(med)) median, \(ms(best)) fastest\(ratios)"
        }
        print("parse: \(bytes.count / 1024) KiB, 10,000 triggers, 15 interleaved rounds")
        print(line("libyaml event loop       ", raw, ratio: false))
        print(line("compose (located nodes)  ", compose, ratio: true))
        print(line("parse + validate         ", full, ratio: true) + "  (target <= 3x)")
    }

    /// `SpecLoader.load` of the generated spec `times` times, for a sampling profiler.
    static func loop(times: Int) {
        let file = SourceFile(path: "large.yaml", bytes: generateSpec(triggers: 10_000))
        var errors = 0
        for _ in 0..<times where SpecLoader.load(file).hasErrors { errors += 1 }
        print("loaded \(times) times, \(errors) with errors")
    }
}
