// The mistakes of Tests/Embedding/mistakes.yaml, made in code. Prints one code per line, sorted, for
// scripts/ci/embedding.sh to compare with what `almanac check` says about the YAML.
import AlmanacModel
import AlmanacTime

func every(_ id: String, _ seconds: Int64, zone: String? = nil, _ edit: (inout Trigger) -> Void = { _ in }) -> Trigger {
    var trigger = Trigger(id: id, kind: .every(EveryRule(interval: TimeSpan(seconds: seconds))), timezone: zone)
    edit(&trigger)
    return trigger
}

let schedule = Schedule(
    name: "mistakes", timezone: "Europe/Berlin",
    triggers: [
        every("Not An Id!", 3_600),
        every("zero", 0),
        every("late", 3_600) {
            $0.start = .date(CivilDate(year: 2027, month: 2, day: 1))
            $0.end = .date(CivilDate(year: 2027, month: 1, day: 1))
        },
        every("counted", 3_600) { $0.count = 3 },
        every("mars", 3_600, zone: "Mars/Olympus"),
        Trigger(id: "february", kind: .calendar(CalendarRule(months: [2], days: [31]))),
        every("jittery", 3_600) { $0.jitter = TimeSpan(seconds: 2 * 86_400) },
    ])
for code in schedule.validate().map(\.code.rawValue).sorted() { print(code) }
