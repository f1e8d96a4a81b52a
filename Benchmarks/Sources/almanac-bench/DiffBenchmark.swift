#if canImport(Glibc)
import AlmanacModel
import AlmanacPlanDiff
import Glibc
#endif
import AlmanacPlan
import AlmanacTime
import Foundation

/// The diff benchmark: `almanac diff` of two large plans (read both files' bytes + diff), at
/// 250k, 500k and 1M fires, to show that time and memory grow linearly.
///
/// The edit is a realistic review: the window moved by a week (fires leave at one end and arrive
/// at the other) and one trigger in fifty got a jitter (its fires moved by five minutes).
enum DiffBenchmark {
    static let triggers = 1000

    /// A plan of about `fires` fires: trigger `tNNN` fires daily at second `86·NNN` of the UTC day.
    static func plan(fires: Int, startDay: Int, jittered: Bool) -> Plan {
        let days = fires / triggers
        let from = Instant(secondsSinceEpoch: Int64(startDay) * 86_400)
        var plan = Plan(
            spec: SpecInfo(name: "bench", sha256: String(repeating: "0", count: 64)),
            window: Window(from: from, to: from.adding(TimeSpan(seconds: Int64(days) * 86_400))),
            tzdata: "bench", limits: PlanLimits())
        let names = (0..<triggers).map { i in "t" + String(String(i + 1000).dropFirst()) }
        for name in names { plan.triggers[name] = PlanTrigger(kind: "calendar", timezone: "UTC") }
        plan.fires.reserveCapacity(days * triggers)
        for day in startDay..<(startDay + days) {
            for (i, name) in names.enumerated() {
                let nominal = LocalDateTime(wallSeconds: Int64(day) * 86_400 + Int64(86 * i))
                let moved = jittered && i % 50 == 0
                let local = moved ? LocalDateTime(wallSeconds: nominal.wallSeconds + 300) : nominal
                plan.fires.append(
                    Fire(
                        at: Instant(secondsSinceEpoch: local.wallSeconds), trigger: name, local: local,
                        offset: 0, id: "\(name)@\(nominal)", nominal: moved ? nominal : nil))
            }
        }
        return plan
    }

    /// Resets the kernel's peak-RSS mark (Linux `clear_refs` 5), so each size reports its own peak.
    static func resetPeak() {
        let fd = open("/proc/self/clear_refs", O_WRONLY)
        guard fd >= 0 else { return }
        _ = write(fd, "5", 1)
        close(fd)
    }

    static func run() {
        print("diff: two plans, read both + diff (window moved 7 d, 2% of triggers jittered)")
        for fires in [250_000, 500_000, 1_000_000] {
            let startDay = 20_500
            let oldBytes = PlanWriter.render(plan(fires: fires, startDay: startDay, jittered: false))
            let newBytes = PlanWriter.render(plan(fires: fires, startDay: startDay + 7, jittered: true))
            resetPeak()
            let baseline = peakRSSMiB()
            var summary = ""
            let time = median(runs: 3) {
                guard let old = try? PlanReader.read(oldBytes), let new = try? PlanReader.read(newBytes) else {
                    fatalError("generated plans must read back")
                }
                summary = PlanDiff(old: old, new: new).summary
            }
            let peak = peakRSSMiB() - baseline
            // The diff's own cost, with both plans already in memory.
            let diffOnly: Double, diffPeak: Double
            do {
                let old = try PlanReader.read(oldBytes), new = try PlanReader.read(newBytes)
                resetPeak()
                let held = peakRSSMiB()
                diffOnly = median(runs: 3) { summary = PlanDiff(old: old, new: new).summary }
                diffPeak = peakRSSMiB() - held
            } catch {
                fatalError("generated plans must read back: \(error)")
            }
            let mib = Double(oldBytes.count + newBytes.count) / 1_048_576
            print(
                "  \(fires / 1000)k fires (\(String(format: "%.0f", mib)) MiB of plans)"
                    + "  read + diff \(ms(time)), peak +\(String(format: "%.0f", peak)) MiB"
                    + "  | diff alone \(ms(diffOnly)), peak +\(String(format: "%.1f", max(0, diffPeak))) MiB")
            print("    \(summary)")
        }
    }
}
