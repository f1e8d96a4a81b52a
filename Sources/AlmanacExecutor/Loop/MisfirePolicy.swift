import AlmanacPlan

/// What to do with fires the executor could not deliver on time: the plan's word (`PlanMisfire`),
/// the default of `--misfire`; a trigger's own `misfire` in the plan comes first.
public typealias MisfirePolicy = PlanMisfire
