import Foundation

/// Plans with fires relative to the real clock, for tests of the daemon: `rate` triggers (`t0`,
/// `t1`, … or one named trigger) firing every second from `start` for `seconds` seconds, in plan
/// order, written as a plan file (`scripts/lib/make-tick-plan.sh` and `make-dense-plan.py` write
/// the same form for the shell tests).
public enum TickPlan {
    /// The plan's text. With one trigger it is named `trigger`; with more, `t0`, `t1`, ….
    public static func text(start: Int, seconds: Int, triggers: [String] = ["tick"]) -> String {
        func utc(_ t: Int) -> String {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate]
            formatter.timeZone = TimeZone(identifier: "UTC")
            return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(t)))
        }
        var text = "{\n  \"plan\": 1,\n  \"spec\": {\"name\": \"ticks\", \"sha256\": \"\(String(repeating: "0", count: 64))\"},\n"
        text += "  \"window\": {\"from\": \"\(utc(start))Z\", \"to\": \"\(utc(start + seconds))Z\"},\n"
        text += "  \"tzdata\": \"test\",\n  \"limits\": {\"max_pending\": 64, \"max_regions\": 20},\n  \"triggers\": {\n"
        text += triggers.enumerated().map { "    \"\($1)\": {\"kind\": \"every\", \"priority\": 0, \"payload\": {\"n\": \($0)}}" }
            .joined(separator: ",\n")
        text += "\n  },\n  \"regions\": [],\n  \"fires\": ["
        var lines: [String] = []
        // Fires at one instant are in plan order: by trigger id.
        for s in 0..<seconds {
            let t = utc(start + s)
            for trigger in triggers.sorted() {
                lines.append(
                    "\n    {\"at\": \"\(t)Z\", \"trigger\": \"\(trigger)\", \"local\": \"\(t)+00:00\", \"id\": \"\(trigger)@\(t)\"}")
            }
        }
        text += lines.isEmpty ? "]\n}\n" : lines.joined(separator: ",") + "\n  ]\n}\n"
        return text
    }

    /// Writes the plan to `path` by a rename, so a watcher never reads half of it.
    public static func write(to path: String, start: Int, seconds: Int, triggers: [String] = ["tick"]) throws {
        try Data(text(start: start, seconds: seconds, triggers: triggers).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// The next whole second of the real clock, plus `after` seconds.
    public static func now(after: Int = 1) -> Int { Int(Date().timeIntervalSince1970.rounded(.down)) + after }
}
