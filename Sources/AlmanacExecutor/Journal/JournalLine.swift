import AlmanacJSON
import AlmanacPlan
import AlmanacTime

/// The JSON-lines form of journal entries, documented in docs/executor.md.
package enum JournalLine {
    package static func format(_ entry: Journal.Entry) -> String {
        switch entry {
        case .start(let now):
            return "{\"event\": \"start\", \"now\": \"\(now)\"}"
        case .fire(let id, let trigger, let at, let now):
            return
                "{\"event\": \"fire\", \"id\": \(JSONWriter.quoted(id)), \"trigger\": \(JSONWriter.quoted(trigger)), \"at\": \"\(at)\", \"now\": \"\(now)\"}"
        case .skip(let id, let trigger, let at, let now, let reason):
            return
                "{\"event\": \"skip\", \"id\": \(JSONWriter.quoted(id)), \"trigger\": \(JSONWriter.quoted(trigger)), \"at\": \"\(at)\", \"now\": \"\(now)\", \"reason\": \(JSONWriter.quoted(reason))}"
        case .outcome(let outcome):
            let head = "{\"event\": \"outcome\", \"id\": \(JSONWriter.quoted(outcome.fireID)), "
            switch outcome.status {
            case .exited(let code): return head + "\"exit\": \(code)}"
            case .signalled(let signal): return head + "\"signal\": \(signal)}"
            case .timedOut(let seconds):
                return head
                    + "\"timeout\": \(seconds == seconds.rounded(.towardZero) && abs(seconds) < 1e15 ? String(Int64(seconds)) : String(seconds))}"
            case .replaced: return head + "\"stopped\": \"replaced\"}"
            case .stopped: return head + "\"stopped\": \"executor\"}"
            case .failedToStart(let message): return head + "\"error\": \(JSONWriter.quoted(message))}"
            }
        }
    }

    package static func parse(_ bytes: [UInt8]) -> Journal.Entry? {
        guard let value = try? JSONReader.parse(bytes), let event = value["event"]?.stringValue else { return nil }
        func instant(_ key: String) -> Instant? { value[key]?.stringValue.flatMap(PlanTimestamp.parseInstant) }
        let id = value["id"]?.stringValue
        switch event {
        case "start":
            return instant("now").map { .start(now: $0) }
        case "fire":
            guard let id, let trigger = value["trigger"]?.stringValue, let at = instant("at"), let now = instant("now") else { return nil }
            return .fire(id: id, trigger: trigger, at: at, now: now)
        case "skip":
            guard let id, let trigger = value["trigger"]?.stringValue, let at = instant("at"), let now = instant("now"),
                let reason = value["reason"]?.stringValue
            else { return nil }
            return .skip(id: id, trigger: trigger, at: at, now: now, reason: reason)
        case "outcome":
            guard let id else { return nil }
            // Out-of-range numbers make the line unreadable (reported), never a trap.
            if let exit = value["exit"] {
                return exit.intValue.flatMap(Int32.init(exactly:)).map { .outcome(FireOutcome(fireID: id, status: .exited($0))) }
            }
            if let signal = value["signal"] {
                return signal.intValue.flatMap(Int32.init(exactly:)).map { .outcome(FireOutcome(fireID: id, status: .signalled($0))) }
            }
            // Older journals wrote `"timeout": true`, without the seconds.
            if let timeout = value["timeout"] {
                if timeout.boolValue == true { return .outcome(FireOutcome(fireID: id, status: .timedOut(after: 0))) }
                guard let seconds = timeout.doubleValue, seconds.isFinite, seconds >= 0 else { return nil }
                return .outcome(FireOutcome(fireID: id, status: .timedOut(after: seconds)))
            }
            if let stopped = value["stopped"]?.stringValue {
                return .outcome(FireOutcome(fireID: id, status: stopped == "replaced" ? .replaced : .stopped))
            }
            if let message = value["error"]?.stringValue { return .outcome(FireOutcome(fireID: id, status: .failedToStart(message))) }
            return nil
        default:
            return nil
        }
    }
}
