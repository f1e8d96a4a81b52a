// The whole app path of docs/apps.md, against the documented fakes of UserNotifications (on a phone:
// `UserNotificationsCenter()` from AlmanacApple): authorization → reconcile → delivery → tap → typed
// payload. No trigger id, fire id or payload key is spelled as a string.
import AlmanacApple
import AlmanacExecutor
import AlmanacPhoneTesting
import AlmanacPlan
import AlmanacTime

/// A tapped notification: which reminder, for which occurrence, with what payload.
func handle(identifier: String, userInfo: [AnyHashable: Any]) -> String {
    guard let fire = MedicationFireID(identifier) else { return "not ours: \(identifier)" }
    let payload = MedicationPayload(userInfo: userInfo)
    switch fire.trigger {
    case .morningPill:
        return "pill \(fire.day)/\(fire.month): \(payload.title ?? "?"), \(payload.doseMg ?? 0) mg, badge \(payload.badge ?? 0)"
    case .bloodPressure: return "blood pressure at \(fire.hour):\(fire.minute): \(payload.body ?? ""), \(payload.readings ?? [])"
    case .refill: return "refill: \(payload.title ?? "")"
    }
}

// The plan compiled from medication.almanac.yaml (an app ships or downloads it), and the device.
let plan = try PlanFireSource.open(path: CommandLine.arguments[1])
let center = FakeNotificationCenter(now: Instant(secondsSinceEpoch: 1_795_392_000), authorization: .notDetermined)
let clock = center.clock
let phone = PhoneReconciler(center: center, clock: { clock.now })

// 1. Launch: the system asks the user (once), then the next fires are registered.
let launch = try await phone.reconcile(plan, now: clock.now)
let registration = launch.registration!
print(
    "authorization: \(launch.authorization.rawValue) (asked: alert \(launch.asked!.contains(.alert)), sound \(launch.asked!.contains(.sound)), badge \(launch.asked!.contains(.badge)))"
)
print("registered \(launch.added) of \(registration.futureFires); reconcile again by \(registration.refreshBy)")

// 2. The first two reminders come due and are delivered; 3. the user taps them.
for fire in registration.fires.prefix(2) {
    await center.advance(to: fire.at)
    let notification = await center.deliveredNotifications().last!
    let userInfo = Dictionary(uniqueKeysWithValues: notification.userInfo.map { (AnyHashable($0.key), $0.value.anyValue) })
    print(handle(identifier: notification.identifier, userInfo: userInfo))
    // A tap opens the app, which reconciles: only what changed is touched.
    let tap = try await phone.reconcile(plan, now: clock.now)
    print("  reconcile after the tap: \(tap.added) added, \(tap.removed) removed, \(tap.unchanged) unchanged")
}
print(handle(identifier: "someone-else@2026-11-26T19:45:00", userInfo: [:]))
print(MedicationTrigger.allCases.map(\.rawValue).joined(separator: " "))
