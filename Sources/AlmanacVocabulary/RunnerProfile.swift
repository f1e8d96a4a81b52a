/// What runs a spec's fires (`runs_on:` in a spec, `spec.runs_on` in a plan), which decides the
/// budgets that apply: a phone holds a few notifications and regions at a time and runs the app now
/// and then; a server's daemon waits for every fire itself.
public enum RunnerProfile: String, CaseIterable, Sendable {
    /// Notifications registered ahead on a device: `max_pending`, `min_coverage`, `refresh_by`,
    /// regions, and the platform's ceilings (`phonePendingCeiling`, `phoneRegionCeiling`).
    case phone
    /// A daemon (`almanac-exec run`) or another scheduler: no registration budget.
    case server

    /// A spec that does not say: the budgets the language was made for.
    public static let `default` = RunnerProfile.phone

    /// The most pending notification requests iOS keeps for an app.
    public static let phonePendingCeiling = 64
    /// The most regions iOS monitors for an app.
    public static let phoneRegionCeiling = 20
}
