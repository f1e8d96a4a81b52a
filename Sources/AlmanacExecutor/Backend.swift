import AlmanacPlan

/// Where an executor sends its calls: a spy, stdout, a command, or a platform's notification centre.
public protocol Backend {
    mutating func cancelAll() throws
    mutating func schedule(_ fire: Fire, trigger: PlanTrigger) throws
    mutating func fire(_ fire: Fire, trigger: PlanTrigger) throws
    mutating func monitor(_ region: PlanRegion) throws
    mutating func unmonitor(_ region: PlanRegion) throws
}
