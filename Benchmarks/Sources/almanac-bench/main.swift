import Foundation
import AlmanacModel
import AlmanacSpec

// almanac-bench [parse] [expand PEER.json] [rrule CASES.json PEER.json] [diff] [memory] [split W1-W5] [parseloop N] [sizes]: prints figures and ratios against peers
// measured in the same run (scripts/bench/compiler.sh supplies the dateutil figures).
let args = Array(CommandLine.arguments.dropFirst())
let all = args.isEmpty

if all || args.contains("parse") {
    ParseBenchmark.run()
    print()
}
if let i = args.firstIndex(of: "parseloop") {
    ParseBenchmark.loop(times: i + 1 < args.count ? Int(args[i + 1]) ?? 50 : 50)
}
if all || args.contains("expand") {
    var peer: [String: (seconds: Double, fires: Int)] = [:]
    if let i = args.firstIndex(of: "expand"), i + 1 < args.count,
        let data = FileManager.default.contents(atPath: args[i + 1]),
        let object = try? JSONSerialization.jsonObject(with: data) as? [String: [String: Double]]
    {
        for (k, v) in object { peer[k] = (v["seconds"] ?? 0, Int(v["fires"] ?? 0)) }
    }
    ExpansionBenchmark.run(peer: peer)
}
if let i = args.firstIndex(of: "split") {
    ExpansionBenchmark.split(i + 1 < args.count ? args[i + 1] : "W5")
}
if let i = args.firstIndex(of: "rrule"), i + 2 < args.count {
    var peer: (seconds: Double, fires: Int)?
    if let data = FileManager.default.contents(atPath: args[i + 2]),
        let object = try? JSONSerialization.jsonObject(with: data) as? [String: [String: Double]], let m = object["mixed"]
    {
        peer = (m["seconds"] ?? 0, Int(m["fires"] ?? 0))
    }
    RRuleBenchmark.run(casesPath: args[i + 1], peer: peer)
    print()
}
if all || args.contains("diff") {
    DiffBenchmark.run()
    print()
}
if all || args.contains("memory") {
    ExpansionBenchmark.memory()
}
if args.contains("sizes") {
    // Value sizes on the validator's path. A Trigger is one reference to its copy-on-write fields, so
    // moving it costs a retain; the rules inside TriggerKind are copied when a trigger is first written.
    let sizes: [(String, Int)] = [
        ("Trigger", MemoryLayout<Trigger>.size), ("TriggerKind", MemoryLayout<TriggerKind>.size),
        ("RRuleTrigger", MemoryLayout<RRuleTrigger>.size), ("LocationRule", MemoryLayout<LocationRule>.size),
        ("CalendarRule", MemoryLayout<CalendarRule>.size), ("During", MemoryLayout<During>.size),
        ("Schedule", MemoryLayout<Schedule>.size),
    ]
    for (name, size) in sizes { print("\(name): \(size) bytes") }
}
