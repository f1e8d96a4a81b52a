import AlmanacCompiler
import AlmanacPlan
import AlmanacModel
import AlmanacSpec
import AlmanacTime
import Foundation

/// The workloads W1–W5 of docs/benchmarks.md (America/New_York, from 2026-01-01 local, end excluded):
/// rule built → list of instants, against python-dateutil measured in the same run.
enum ExpansionBenchmark {
    struct Workload {
        var name: String
        var spec: String
        var to: String
        var expected: Int
    }

    static let workloads: [Workload] = {
        var w5 = "version: 1\ntimezone: America/New_York\nlimits: {max_fires: 10000000}\ntriggers:\n"
        for i in 0..<10_000 {
            let m = i % 1440
            w5 += "  t\(i): {calendar: {hours: [\(m / 60)], minutes: [\(m % 60)]}}\n"
        }
        let head = "version: 1\ntimezone: America/New_York\nlimits: {max_fires: 10000000}\ntriggers:\n"
        return [
            Workload(
                name: "W1", spec: head + "  w: {calendar: {weekdays: mon-fri, at: [\"09:00\", \"17:30\"]}}\n", to: "2036-01-01",
                expected: 5_216),
            Workload(name: "W2", spec: head + "  w: {every: 5m}\n", to: "2027-01-01", expected: 105_120),
            Workload(
                name: "W3", spec: head + "  w: {rrule: \"FREQ=MONTHLY;BYDAY=2TU;BYHOUR=10\", start: 2026-01-01T00:00}\n", to: "2126-01-01",
                expected: 1_200),
            Workload(name: "W4", spec: head + "  w: {calendar: {days: [-1], at: \"23:00\"}}\n", to: "2126-01-01", expected: 1_200),
            Workload(name: "W5", spec: w5, to: "2026-01-31", expected: 300_000),
        ]
    }()

    /// Loads a spec that must be valid.
    static func schedule(_ text: String) -> (Schedule, [UInt8]) {
        let bytes = Array(text.utf8)
        let result = SpecLoader.load(SourceFile(path: "bench.yaml", bytes: bytes))
        guard let schedule = result.schedule else { fatalError("benchmark spec invalid: \(result.diagnostics.prefix(2))") }
        return (schedule, bytes)
    }

    /// `YYYY-MM-DD` → the start of that day (the benchmarks' windows are written as dates).
    static func day(_ text: String) -> TimePoint {
        let p = text.split(separator: "-").map { Int($0)! }
        return .date(CivilDate(year: p[0], month: p[1], day: p[2]))
    }

    static func window(_ schedule: Schedule, to: String) -> Window {
        WindowRequest(from: day("2026-01-01"), to: day(to))
            .resolve(now: Instant(secondsSinceEpoch: 0), zone: schedule.timezone, specHorizon: nil)!
    }

    /// Expansion only: prepare (offset tables, header) and every fire as a value, like `list(rrule)`.
    static func expand(_ schedule: Schedule, _ window: Window) throws -> Int {
        let expansion = try Compiler().prepare(schedule, specSHA256: "", window: window)
        var n = 0
        var sink: Int64 = 0
        _ = try expansion.run { fire in
            n += 1
            sink &+= fire.at.secondsSinceEpoch
        }
        if sink == 42 { print("") } // keeps the optimiser from dropping the loop
        return n
    }

    /// Parse → validate → expand → plan bytes, written to /dev/null.
    static func endToEnd(_ text: String, to: String) throws {
        let (schedule, bytes) = Self.schedule(text)
        let expansion = try Compiler().prepare(schedule, specSHA256: SHA256.hex(of: bytes), window: window(schedule, to: to))
        let fd = open("/dev/null", O_WRONLY)
        defer { close(fd) }
        var writer = PlanWriter(into: FileSink(fileDescriptor: fd))
        try writer.writeHeader(expansion.header)
        _ = try expansion.run { try writer.append($0) }
        _ = try writer.finish()
    }

    static func run(peer: [String: (seconds: Double, fires: Int)]) {
        print("expansion (rule built -> list of instants), median wall time, fires/s, x dateutil in the same run:")
        print("  workload  fires      almanac      fires/s      dateutil     ratio   (target >= 20x)")
        var rows: [String] = []
        for w in workloads {
            let (schedule, _) = schedule(w.spec)
            let window = window(schedule, to: w.to)
            var fires = 0
            do { fires = try expand(schedule, window) } catch {
                print("  \(w.name)  failed: \(error)")
                continue
            }
            precondition(fires == w.expected, "\(w.name): \(fires) fires, expected \(w.expected)")
            let t = median(runs: w.name == "W5" ? 5 : 9) { _ = try? expand(schedule, window) }
            let rate = Double(fires) / t
            let p = peer[w.name]
            let ratio = p.map { String(format: "%.0fx", $0.seconds / t) } ?? "n/a"
            let peerText = p.map { ms($0.seconds) } ?? "n/a"
            let row =
                "  \(w.name)        \(pad(fires, 9))  \(pad(ms(t), 11))  \(pad(String(format: "%.1f M/s", rate / 1e6), 11))  \(pad(peerText, 11))  \(ratio)"
            print(row)
            rows.append("| \(w.name) | \(fires) | \(ms(t)) | \(String(format: "%.1f M/s", rate / 1e6)) | \(peerText) | \(ratio) |")
        }
        let w5 = workloads[4]
        let e2e = median(runs: 3) { try? endToEnd(w5.spec, to: w5.to) }
        let peerW5 = peer["W5"].map { ms($0.seconds) } ?? "n/a"
        print("  W5 end to end (parse -> plan bytes): \(ms(e2e)) vs dateutil expansion alone \(peerW5)")
        print("\nmarkdown:\n| workload | fires | almanac | fires/s | dateutil | ratio |\n|---|---|---|---|---|---|")
        rows.forEach { print($0) }
    }

    /// A workload's expansion split into `prepare` (offset tables, header) and `run` (every fire),
    /// for profiling.
    static func split(_ name: String) {
        guard let w = workloads.first(where: { $0.name == name }) else { return print("no workload \(name)") }
        let (schedule, _) = schedule(w.spec)
        let window = window(schedule, to: w.to)
        let prepare = median(runs: 9) { _ = try? Compiler().prepare(schedule, specSHA256: "", window: window) }
        let expansion = try! Compiler().prepare(schedule, specSHA256: "", window: window)
        let run = median(runs: 9) {
            var sink: Int64 = 0
            _ = try? expansion.run { sink &+= $0.at.secondsSinceEpoch }
            if sink == 42 { print("") }
        }
        let short = try! Compiler().prepare(schedule, specSHA256: "", window: Self.window(schedule, to: "2026-01-02"))
        let runShort = median(runs: 9) {
            var sink: Int64 = 0
            _ = try? short.run { sink &+= $0.at.secondsSinceEpoch }
            if sink == 42 { print("") }
        }
        print(
            String(
                format: "%@ split: prepare %.3f ms, run %.3f ms (one day: %.3f ms), sum %.3f ms", name, prepare * 1e3, run * 1e3,
                runShort * 1e3, (prepare + run) * 1e3))
    }

    static func pad(_ s: String, _ n: Int) -> String { s + String(repeating: " ", count: max(0, n - s.count)) }
    static func pad(_ i: Int, _ n: Int) -> String { pad(String(i), n) }

    /// Memory: peak RSS of a 10,000,000-fire compile, streamed to /dev/null.
    static func memory() {
        let spec =
            "version: 1\ntimezone: America/New_York\nlimits: {max_fires: 10000000}\ntriggers:\n  a: {every: 1m}\n  b: {calendar: {seconds: [0, 30]}}\n"
        let before = peakRSSMiB()
        let t = median(runs: 1) { try? endToEnd(spec, to: "2032-07-01") }
        print(
            "\n10 M-fire compile to /dev/null: \(String(format: "%.1f s", t)), peak RSS \(String(format: "%.0f", peakRSSMiB())) MiB (before: \(String(format: "%.0f", before)) MiB; target <= 100 MB)"
        )
    }
}
