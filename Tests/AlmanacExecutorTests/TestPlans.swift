import AlmanacExecutor
import AlmanacJSON
import AlmanacPlan
import AlmanacTime

/// Plans built in code for the executor's tests.
enum TestPlans {
    static let base = Instant(secondsSinceEpoch: 1_795_410_000) // 2026-11-23T05:00:00Z

    static func at(_ seconds: Int64) -> Instant { Instant(secondsSinceEpoch: base.secondsSinceEpoch + seconds) }

    /// A fire of `trigger` at `base + seconds`, in UTC.
    static func fire(_ trigger: String, _ seconds: Int64) -> Fire {
        let instant = at(seconds)
        let local = LocalDateTime(wallSeconds: instant.secondsSinceEpoch)
        return Fire(at: instant, trigger: trigger, local: local, offset: 0, id: "\(trigger)@\(local)")
    }

    /// A plan over `[base, base + length)` with the given fires (sorted here) and trigger priorities.
    static func plan(
        _ fires: [Fire], priorities: [String: Int] = [:], maxPending: Int = 64, maxRegions: Int = 20,
        regions: [PlanRegion] = [], length: Int64 = 86_400
    ) -> Plan {
        var triggers: [String: PlanTrigger] = [:]
        for name in Set(fires.map(\.trigger)).union(regions.map(\.trigger)) {
            triggers[name] = PlanTrigger(kind: "every", priority: priorities[name] ?? 0, payload: ["name": .string(name)])
        }
        return Plan(
            spec: SpecInfo(name: "test", sha256: String(repeating: "0", count: 64)),
            window: Window(from: base, to: at(length)), tzdata: "test",
            limits: PlanLimits(maxPending: maxPending, maxRegions: maxRegions),
            triggers: triggers, regions: regions, fires: fires.sorted(by: Fire.precedes))
    }

    /// Fires of `trigger` every `step` seconds in `[from, to)`.
    static func every(_ trigger: String, step: Int64, from: Int64 = 0, to: Int64) -> [Fire] {
        stride(from: from, to: to, by: Int(step)).map { fire(trigger, $0) }
    }

    /// A scratch directory unique to this process and `name`, emptied.
    static func scratchDirectory(_ name: String) -> String {
        let path = "/tmp/almanac-executor-tests-\(getpid())-\(name)"
        _ = try? FileManagerLite.removeTree(path)
        return path
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Just enough file removal for scratch directories, without Foundation.
enum FileManagerLite {
    static func removeTree(_ path: String) throws {
        guard let dir = opendir(path) else {
            unlink(path)
            return
        }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { try removeTree(path + "/" + name) }
        }
        closedir(dir)
        rmdir(path)
    }
}
