import AlmanacJSON
import AlmanacPlan
import AlmanacTime

/// What a journal store knows, in memory: baseline, watermark, done ids with their `at`, and the
/// last deliveries. Shared by the stores so they agree on every rule; not thread-safe by itself.
package struct JournalIndex {
    package var baseline: Instant?
    package var watermark: Instant?
    var done: [String: Instant] = [:]
    /// The last deliveries, newest last; trimmed to `Journal.recentLimit` in batches.
    private var recentEntries: [Journal.Entry] = []
    package var entriesSinceCompaction = 0

    package init() {}

    package mutating func apply(_ entry: Journal.Entry) {
        entriesSinceCompaction += 1
        switch entry {
        case .start(let now):
            if baseline == nil { baseline = now }
        case .fire(let id, _, let at, _), .skip(let id, _, let at, _, _):
            done[id] = at
            recentEntries.append(entry)
            if recentEntries.count >= 2 * Journal.recentLimit { recentEntries.removeFirst(Journal.recentLimit) }
        case .outcome:
            break
        }
    }

    package func isDone(_ id: String) -> Bool { done[id] != nil }

    package func recent(_ count: Int) -> [Journal.Entry] {
        Array(recentEntries.suffix(max(0, min(count, Journal.recentLimit))))
    }

    package mutating func compact(watermark proposed: Instant) {
        let watermark = max(proposed, self.watermark ?? proposed)
        self.watermark = watermark
        done = done.filter { $0.value >= watermark }
        recentEntries = recent(Journal.recentLimit)
        entriesSinceCompaction = 0
    }

    /// The compacted state as lines: the baseline's start, the watermark, every id still needed,
    /// then the last deliveries (for `pending`). Reading them back gives this index again.
    package func snapshotLines() -> [String] {
        var lines: [String] = []
        if let baseline { lines.append(JournalLine.format(.start(now: baseline))) }
        if let watermark { lines.append("{\"event\": \"watermark\", \"before\": \"\(watermark)\"}") }
        for (id, at) in done.sorted(by: { ($0.value, $0.key) < ($1.value, $1.key) }) {
            lines.append("{\"event\": \"done\", \"id\": \(JSONWriter.quoted(id)), \"at\": \"\(at)\"}")
        }
        lines.append(contentsOf: recent(Journal.recentLimit).map(JournalLine.format))
        return lines
    }

    /// Applies one snapshot or journal line; false when it cannot be read.
    package mutating func apply(line: [UInt8]) -> Bool {
        if let entry = JournalLine.parse(line) {
            apply(entry)
            return true
        }
        // The two snapshot-only lines.
        guard let value = try? JSONReader.parse(line), let event = value["event"]?.stringValue else { return false }
        switch event {
        case "watermark":
            guard let before = value["before"]?.stringValue.flatMap(PlanTimestamp.parseInstant) else { return false }
            watermark = max(before, watermark ?? before)
            return true
        case "done":
            guard let id = value["id"]?.stringValue, let at = value["at"]?.stringValue.flatMap(PlanTimestamp.parseInstant) else {
                return false
            }
            done[id] = at
            return true
        default:
            return false
        }
    }
}
