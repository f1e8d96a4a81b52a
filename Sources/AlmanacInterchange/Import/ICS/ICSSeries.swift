/// The VEVENTs that share a UID, as recurring-ical-events (and the CalDAV servers it follows) read
/// them: the event without RECURRENCE-ID with the highest SEQUENCE is the series (later edits of an
/// event raise SEQUENCE), and per RECURRENCE-ID the override with the highest SEQUENCE replaces that
/// occurrence. Equal SEQUENCEs keep the first in the file. Events without a UID are series alone.
struct ICSSeries {
    var core: ICSDocument.Component?
    /// One per RECURRENCE-ID, in file order.
    var overrides: [ICSDocument.Component] = []
    /// Older versions, left out: (the one left out, the one that replaces it).
    var superseded: [(old: ICSDocument.Component, by: ICSDocument.Component)] = []

    /// The series of `events`, in the order their first VEVENT appears.
    static func group(_ events: [ICSDocument.Component]) -> [ICSSeries] {
        var order: [String] = []
        var byUID: [String: ICSSeries] = [:]
        // Per series, the override chosen for each RECURRENCE-ID (its index in `overrides`).
        var overrideIndex: [String: [String: Int]] = [:]
        for event in events {
            let uid = event.first("UID")?.value ?? "\u{0}line \(event.line)"
            if byUID[uid] == nil {
                order.append(uid)
                byUID[uid] = ICSSeries()
            }
            if let rid = event.first("RECURRENCE-ID") {
                let key = (rid.parameters["TZID"] ?? "") + ":" + rid.value
                if let i = overrideIndex[uid]?[key] {
                    let current = byUID[uid]!.overrides[i]
                    if sequence(event) > sequence(current) {
                        byUID[uid]!.superseded.append((current, event))
                        byUID[uid]!.overrides[i] = event
                    } else {
                        byUID[uid]!.superseded.append((event, current))
                    }
                } else {
                    overrideIndex[uid, default: [:]][key] = byUID[uid]!.overrides.count
                    byUID[uid]!.overrides.append(event)
                }
            } else if let current = byUID[uid]!.core {
                if sequence(event) > sequence(current) {
                    byUID[uid]!.superseded.append((current, event))
                    byUID[uid]!.core = event
                } else {
                    byUID[uid]!.superseded.append((event, current))
                }
            } else {
                byUID[uid]!.core = event
            }
        }
        return order.map { byUID[$0]! }
    }

    static func sequence(_ event: ICSDocument.Component) -> Int {
        event.first("SEQUENCE").flatMap { Int($0.value.trimmingCharacters(in: " ")) } ?? 0
    }

    static func isCancelled(_ event: ICSDocument.Component) -> Bool {
        event.first("STATUS")?.value.uppercased() == "CANCELLED"
    }
}
