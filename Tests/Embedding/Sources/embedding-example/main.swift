// The code of docs/embedding.md, verbatim between the markers (scripts/ci/embedding.sh compares them).
// BEGIN EXAMPLE
import AlmanacCompiler
import AlmanacExecutor
import AlmanacModel
import AlmanacPlan
import AlmanacRegistration
import AlmanacTime
import Foundation

// 1. Build a schedule in code (an app could also ship a spec file and read it with AlmanacSpec).
let schedule = Schedule(
    name: "medication", timezone: "Europe/Berlin",
    triggers: [
        Trigger(
            id: "morning-pill", kind: .calendar(CalendarRule(times: [LocalTime(hour: 8, minute: 0)])),
            timezone: "Europe/Berlin", payload: ["title": "Take the morning pill"]),
        Trigger(
            id: "water", kind: .every(EveryRule(interval: TimeSpan(seconds: 2 * 3_600))),
            during: During(between: (LocalTime(hour: 9, minute: 0), LocalTime(hour: 21, minute: 0)))),
    ])

// 2. Check it: the same rules and codes as `almanac check` (the compiler refuses it otherwise).
let problems = schedule.validate()
guard problems.isEmpty else { fatalError("\(problems)") }

// 3. Choose a window: the next 7 days from now, days counted in the schedule's zone.
let now = Instant(Date())
guard let window = schedule.window(length: .days(7), now: now) else { fatalError("unknown zone") }

// 4. Compile in process: the plan an executor or a phone registers from.
let plan = try Compiler().compile(schedule, window: window).plan

// 5. Hand it to a backend: cancel everything, then register the next fires (at most max_pending).
final class NotificationCentre: Backend {
    var registered: [Fire] = []
    func cancelAll() { registered = [] }
    func schedule(_ fire: Fire, trigger: PlanTrigger) { registered.append(fire) }
    func fire(_ fire: Fire, trigger: PlanTrigger) {}
    func monitor(_ region: PlanRegion) {}
    func unmonitor(_ region: PlanRegion) {}
}
let centre = NotificationCentre()
let registration = try Reconciler.reconcile(plan, now: now, backend: centre)
print("registered \(centre.registered.count) of \(registration.futureFires); reconcile again by \(registration.refreshBy)")
// END EXAMPLE

// What the example must show, checked here so that the CI job fails loudly when it does not.
precondition(plan.fires.count == 7 + 7 * 6, "7 pills and 6 glasses of water a day, got \(plan.fires.count)")
precondition(centre.registered.count == min(plan.fires.filter { $0.at > now }.count, plan.limits.maxPending))
precondition(centre.registered.allSatisfy { $0.at > now && $0.at < window.to }, "a registered fire outside (now, window end)")
precondition(plan.spec.sha256 == nil, "a schedule built in code has no spec bytes to hash")
