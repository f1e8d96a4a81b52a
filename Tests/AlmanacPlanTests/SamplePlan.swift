import AlmanacJSON
import AlmanacTime
@testable import AlmanacPlan

/// A small plan using every feature of the format, and its canonical text written out by hand.
enum SamplePlan {
    static func instant(_ text: String) -> Instant { PlanTimestamp.parseInstant(text)! }

    static func local(_ y: Int, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int, _ s: Int = 0) -> LocalDateTime {
        LocalDateTime(date: CivilDate(year: y, month: mo, day: d), time: LocalTime(hour: h, minute: mi, second: s))
    }

    static let plan = Plan(
        spec: SpecInfo(name: "team-reminders", sha256: String(repeating: "ab", count: 32)),
        window: Window(from: instant("2026-11-23T05:00:00Z"), to: instant("2026-12-23T05:00:00Z")),
        tzdata: "2025b",
        limits: PlanLimits(maxPending: 64, maxRegions: 20),
        triggers: [
            "standup": PlanTrigger(
                kind: "calendar", timezone: "America/New_York", priority: 0,
                payload: ["title": .string("Stand-up"), "body": .string("In 5 minutes"), "sound": .string("default")]),
            "backup": PlanTrigger(kind: "every", priority: -3, payload: [:], misfire: .once),
            "arrive": PlanTrigger(
                kind: "location", timezone: "America/New_York", priority: 2,
                payload: ["n": .number("1.50"), "tags": .array([.string("a\"b"), .bool(true)])]),
        ],
        regions: [
            PlanRegion(
                trigger: "arrive", on: .enter, latitude: "40.7484", longitude: "-73.9857", radius: "150",
                cooldown: 600,
                armed: [
                    Window(from: instant("2026-11-23T12:00:00Z"), to: instant("2026-11-23T15:00:00Z")),
                    Window(from: instant("2026-11-24T12:00:00Z"), to: instant("2026-11-24T15:00:00Z")),
                ])
        ],
        fires: [
            Fire(
                at: instant("2026-11-23T14:00:00Z"), trigger: "backup", local: local(2026, 11, 23, 14, 0), offset: 0,
                id: "backup@2026-11-23T14:00:00"),
            Fire(
                at: instant("2026-11-23T14:00:00Z"), trigger: "standup", local: local(2026, 11, 23, 9, 0), offset: -18_000,
                id: "standup@2026-11-23T09:00:00"),
            Fire(
                at: instant("2026-11-23T14:03:07Z"), trigger: "standup", local: local(2026, 11, 23, 9, 3, 7), offset: -18_000,
                id: "standup@2026-11-23T09:00:00~2", nominal: local(2026, 11, 23, 9, 0)),
            Fire(
                at: instant("2026-12-01T04:30:00Z"), trigger: "standup", local: local(2026, 12, 1, 10, 0), offset: 19_800,
                id: "standup@2026-12-01T10:00:00"),
        ]
    )

    static let text = """
        {
          "plan": 1,
          "spec": {"name": "team-reminders", "sha256": "\(String(repeating: "ab", count: 32))"},
          "window": {"from": "2026-11-23T05:00:00Z", "to": "2026-12-23T05:00:00Z"},
          "tzdata": "2025b",
          "limits": {"max_pending": 64, "max_regions": 20},
          "triggers": {
            "arrive": {"kind": "location", "timezone": "America/New_York", "priority": 2, "payload": {"n": 1.50, "tags": ["a\\"b", true]}},
            "backup": {"kind": "every", "misfire": "once", "priority": -3, "payload": {}},
            "standup": {"kind": "calendar", "timezone": "America/New_York", "priority": 0, "payload": {"body": "In 5 minutes", "sound": "default", "title": "Stand-up"}}
          },
          "regions": [
            {"trigger": "arrive", "on": "enter", "latitude": 40.7484, "longitude": -73.9857, "radius": 150, "cooldown": 600, "armed": [{"from": "2026-11-23T12:00:00Z", "to": "2026-11-23T15:00:00Z"}, {"from": "2026-11-24T12:00:00Z", "to": "2026-11-24T15:00:00Z"}]}
          ],
          "fires": [
            {"at": "2026-11-23T14:00:00Z", "trigger": "backup", "local": "2026-11-23T14:00:00+00:00", "id": "backup@2026-11-23T14:00:00"},
            {"at": "2026-11-23T14:00:00Z", "trigger": "standup", "local": "2026-11-23T09:00:00-05:00", "id": "standup@2026-11-23T09:00:00"},
            {"at": "2026-11-23T14:03:07Z", "trigger": "standup", "local": "2026-11-23T09:03:07-05:00", "id": "standup@2026-11-23T09:00:00~2", "nominal": "2026-11-23T09:00:00"},
            {"at": "2026-12-01T04:30:00Z", "trigger": "standup", "local": "2026-12-01T10:00:00+05:30", "id": "standup@2026-12-01T10:00:00"}
          ]
        }

        """

    /// The empty plan: no triggers, regions or fires.
    static let empty = Plan(
        spec: SpecInfo(name: "nothing", sha256: String(repeating: "0", count: 64)),
        window: Window(from: instant("2026-01-01T00:00:00Z"), to: instant("2026-01-02T00:00:00Z")),
        tzdata: "2025b", limits: PlanLimits())

    static let emptyText = """
        {
          "plan": 1,
          "spec": {"name": "nothing", "sha256": "\(String(repeating: "0", count: 64))"},
          "window": {"from": "2026-01-01T00:00:00Z", "to": "2026-01-02T00:00:00Z"},
          "tzdata": "2025b",
          "limits": {"max_pending": 64, "max_regions": 20},
          "triggers": {},
          "regions": [],
          "fires": []
        }

        """
}
