// What an app does with the generated types: no trigger id or fire id is spelled as a string.

/// A notification arrived: which reminder, and for which occurrence?
func handle(identifier: String, userInfo: [String: Any]) -> String {
    guard let fire = MedicationFireID(identifier) else { return "not ours: \(identifier)" }
    let payload = MedicationPayload(userInfo)
    switch fire.trigger {
    case .morningPill: return "pill \(fire.day)/\(fire.month): \(payload.title ?? "?")"
    case .bloodPressure: return "blood pressure at \(fire.hour):\(fire.minute): \(payload.body ?? "")"
    case .refill: return "refill"
    }
}

print(MedicationTrigger.allCases.map(\.rawValue).joined(separator: " "))
print(handle(identifier: "morning-pill@2026-11-24T08:30:00", userInfo: ["title": "Vitamin D", "badge": 1]))
print(handle(identifier: "blood-pressure@2026-11-26T19:45:00", userInfo: ["body": "Log both readings"]))
print(handle(identifier: "someone-else@2026-11-26T19:45:00", userInfo: [:]))
