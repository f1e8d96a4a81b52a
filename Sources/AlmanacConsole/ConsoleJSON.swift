import AlmanacJSON
import AlmanacTime

/// The API's JSON (`/api/…`): the same facts as the pages, instants in RFC 3339 UTC, seconds as
/// numbers; documented by `schemas/console-api.schema.json`. Absent facts are `null`, never left out.
enum ConsoleJSON {
    static func moment(_ m: ConsoleMoment?) -> JSONValue {
        guard let m else { return .null }
        let whole = RFC3339.format(m.instant)
        let micro = m.microseconds - m.instant.secondsSinceEpoch * 1_000_000
        guard micro != 0 else { return .string(whole) }
        let digits = String(micro), padded = String(repeating: "0", count: 6 - digits.count) + digits
        return .string(whole.dropLast() + "." + padded + "Z")
    }

    static func number(_ n: Int64) -> JSONValue { .number(String(n)) }
    static func number(_ n: Int) -> JSONValue { .number(String(n)) }
    static func number(_ d: Double?) -> JSONValue {
        guard let d, d.isFinite else { return .null }
        // Swift's shortest form (`0.25`, `1e-05`) is a JSON number.
        return .number(String(d))
    }
    static func string(_ s: String?) -> JSONValue { s.map { .string($0) } ?? .null }

    static func list<T>(_ list: ConsoleList<T>, _ item: (T) -> JSONValue) -> JSONValue {
        .object(["items": .array(list.items.map(item)), "next": string(list.next?.text)])
    }

    static func spec(_ s: ConsoleSpec, now: ConsoleMoment) -> JSONValue {
        .object([
            "id": .string(s.id), "name": .string(s.name), "revision": number(s.revision), "sha256": string(s.sha256),
            "window_from": moment(s.window?.from), "window_to": moment(s.window?.to),
            "remaining_seconds": s.window.map { number(Double($0.to.microseconds - now.microseconds) / 1e6) } ?? .null,
            "zone": .string(s.zone), "published_at": moment(s.published?.at), "published_by": string(s.published?.by),
            "fires": .object(s.states.mapValues { number($0) }), "next_due": moment(s.nextDue), "last_beat": moment(s.lastBeat),
            "triggers": .array(
                s.triggers.map { t in
                    .object([
                        "id": .string(t.id), "kind": .string(t.kind), "timezone": string(t.timezone), "payload": t.payload,
                        "paused": .bool(t.paused != nil), "paused_by": string(t.paused?.by), "paused_at": moment(t.paused?.at),
                    ])
                }),
        ])
    }

    static func fire(_ f: ConsoleFire) -> JSONValue {
        .object([
            "spec": .string(f.spec), "id": .string(f.id), "trigger": .string(f.trigger), "due": moment(f.due), "state": .string(f.state),
            "failed": .bool(f.state == "done" && !ConsoleFire.succeeded(f.outcome)), "attempt": number(f.attempt),
            "executor": string(f.executor), "lateness_seconds": number(f.lateness), "finished": moment(f.finished),
            "outcome": string(f.outcome),
        ])
    }

    static func detail(_ d: ConsoleFireDetail) -> JSONValue {
        guard case .object(var o) = fire(d.fire) else { return .null }
        o["plan_sha256"] = string(d.planSHA256)
        o["planned"] = moment(d.planned)
        o["payload"] = d.payload
        o["paused"] = .bool(d.paused)
        o["history"] = .array(
            d.history.map { e in
                .object([
                    "at": moment(e.at), "event": .string(e.event), "attempt": e.attempt.map { number($0) } ?? .null,
                    "actor": string(e.actor),
                    "detail": string(e.detail),
                ])
            })
        return .object(o)
    }

    static func executor(_ e: ConsoleExecutor) -> JSONValue {
        .object([
            "id": .string(e.id), "condition": .string(e.condition), "standing_by": string(e.standingBy), "last_seen": moment(e.lastSeen),
            "seconds_since_seen": number(e.secondsSinceSeen), "specs": .string(e.specs), "claimed": number(e.claimed),
            "started": number(e.started), "holding": number(e.holding), "claims_lost": number(e.leaseLosses),
            "last_lateness_seconds": number(e.lastLateness), "max_lateness_seconds": number(e.maxLateness),
        ])
    }

    static func error(_ message: String) -> JSONValue { .object(["error": .string(message)]) }
}
