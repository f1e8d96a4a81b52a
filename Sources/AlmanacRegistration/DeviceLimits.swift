import AlmanacPlan

/// What a device can hold for a plan, whatever the plan's limits ask: an iPhone keeps 64 pending
/// notification requests and watches 20 regions per app, the app's own requests and regions
/// included. A registration takes the smaller of these and the plan's `max_pending`/`max_regions`.
public struct DeviceLimits: Hashable, Sendable {
    /// Pending notification requests the device keeps for this plan.
    public var pending: Int
    /// Regions the device watches for this plan.
    public var regions: Int

    public init(pending: Int, regions: Int) {
        self.pending = pending
        self.regions = regions
    }

    /// iOS: "the system keeps the soonest-firing 64 notifications … and discards the rest" (Apple's
    /// Local and Remote Notification Programming Guide, UILocalNotification); "Core Location limits
    /// to 20 the number of regions that may be simultaneously monitored by a single app" (Location
    /// and Maps Programming Guide, Region Monitoring).
    public static let iPhone = DeviceLimits(pending: 64, regions: 20)

    /// The pending budget of a registration: the plan's, within the device's.
    package static func pending(_ limits: PlanLimits, _ device: DeviceLimits?) -> Int {
        max(0, min(limits.maxPending, device?.pending ?? .max))
    }

    /// The region budget of a registration: the plan's, within the device's.
    package static func regions(_ limits: PlanLimits, _ device: DeviceLimits?) -> Int {
        max(0, min(limits.maxRegions, device?.regions ?? .max))
    }
}
