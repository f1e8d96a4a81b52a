import AlmanacExecutor

/// The rules of Core Location's region monitoring the phone adapter relies on, as checks any
/// `RegionMonitorClient` can be put through: `FakeRegionMonitor` in `swift test`, `CoreLocationRegions`
/// in an app-hosted test (docs/apps.md, the Apple job). Run it in an app that watches no regions of
/// its own; each check stops what it started (identifiers start with `conformance-`).
public enum RegionMonitorConformance {
    /// A rule: its name, where Apple says it, and its check (nil: held; otherwise what was seen).
    public struct Rule: Sendable {
        public var name: String
        public var citation: String
        public var check: @Sendable (any RegionMonitorClient) async throws -> String?
    }

    /// Runs every rule (all need region monitoring allowed; otherwise each is reported skipped).
    public static func run(_ monitor: any RegionMonitorClient) async -> [NotificationCenterConformance.Outcome] {
        var outcomes: [NotificationCenterConformance.Outcome] = []
        for rule in rules {
            guard await monitor.authorization().allowsMonitoring else {
                outcomes.append(.init(rule: rule.name, verdict: .broken("region monitoring is not authorized; grant Always first")))
                continue
            }
            do {
                let seen = try await rule.check(monitor)
                outcomes.append(.init(rule: rule.name, verdict: seen.map { .broken($0) } ?? .held))
            } catch {
                outcomes.append(.init(rule: rule.name, verdict: .broken("threw \(error)")))
            }
            for region in await monitor.monitoredRegions() where region.identifier.hasPrefix("conformance-") {
                await monitor.stopMonitoring(identifier: region.identifier)
            }
        }
        return outcomes
    }

    public static let rules: [Rule] = [
        Rule(
            name: "identifier-replaces",
            citation: "startMonitoring(for:): an existing region with the same identifier is replaced by the new one"
        ) { monitor in
            try await monitor.startMonitoring(region("conformance-a", radius: 150))
            try await monitor.startMonitoring(region("conformance-a", radius: 300))
            let listed = await monitor.monitoredRegions().filter { $0.identifier.hasPrefix("conformance-") }
            return listed.map(\.radius) == [300] ? nil : "after two starts under one identifier: \(listed.map(\.radius))"
        },
        Rule(
            name: "capacity-refuses-one-more",
            citation: "Core Location limits to 20 the number of regions monitored by a single app; past it, regionMonitoringFailure"
        ) { monitor in
            for i in 0..<monitor.capacity { try await monitor.startMonitoring(region("conformance-\(100 + i)", radius: 200)) }
            do {
                try await monitor.startMonitoring(region("conformance-extra", radius: 200))
                return "a region past the capacity was accepted"
            } catch RegionMonitorError.capacityExceeded {
                let count = await monitor.monitoredRegions().count { $0.identifier.hasPrefix("conformance-") }
                return count == monitor.capacity ? nil : "refused, and \(count) are watched"
            }
        },
        Rule(name: "stop-removes", citation: "stopMonitoring(for:) stops monitoring the region") { monitor in
            try await monitor.startMonitoring(region("conformance-s", radius: 200))
            await monitor.stopMonitoring(identifier: "conformance-s")
            let listed = await monitor.monitoredRegions().map(\.identifier).filter { $0.hasPrefix("conformance-") }
            return listed.isEmpty ? nil : "still watched: \(listed)"
        },
    ]

    static func region(_ identifier: String, radius: Double) -> MonitoredRegion {
        MonitoredRegion(
            identifier: identifier, latitude: 48.8584, longitude: 2.2945, radius: radius, notifyOnEntry: true, notifyOnExit: false)
    }
}
