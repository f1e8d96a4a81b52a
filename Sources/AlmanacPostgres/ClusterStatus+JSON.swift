import AlmanacJSON
import Foundation

extension ClusterStatus {
    /// `almanac-exec status --format json`: the schema version, each spec (identity, revision, fires
    /// by state) and each executor (condition, counters, lateness in seconds with six decimals, null
    /// when unknown). Keys are sorted by the writer, so the bytes follow from the values alone.
    public var json: JSONValue {
        func number(_ d: Double?) -> JSONValue { d.map { .number(String(format: "%.6f", $0)) } ?? .null }
        func text(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
        return .object([
            "schema": .number(String(schema)),
            "specs": .array(
                specs.map { s in
                    .object([
                        "spec": .string(s.id), "name": .string(s.name), "revision": .number(String(s.revision)),
                        "published": text(s.published), "sha256": text(s.currentSHA256), "window_to": text(s.windowTo),
                        "last_beat": text(s.lastBeat), "next_due": text(s.nextDue),
                        "fires": .object(s.states.mapValues { .number(String($0)) }),
                    ])
                }),
            "executors": .array(
                executors.map { e in
                    .object([
                        "id": .string(e.id), "last_seen": .string(e.lastSeen), "condition": .string(e.condition.rawValue),
                        "stopped": .bool(e.condition == .stopped), "lost": .bool(e.condition == .lost),
                        "standing_by": text(e.standingBy), "specs": .string(e.specs),
                        "claimed": .number(String(e.claimed)), "started": .number(String(e.started)), "holding": .number(String(e.holding)),
                        "claims_lost": .number(String(e.leaseLosses)), "last_lateness": number(e.lastLateness),
                        "max_lateness": number(e.maxLateness),
                    ])
                }),
        ])
    }
}
