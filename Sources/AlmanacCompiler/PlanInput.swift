import AlmanacPlan

/// An input of the commands that take a plan or a spec (`diff`, `render`, `export`): a plan file,
/// read as it is, or a spec, compiled in memory over a window the sides share.
public enum PlanInput: Hashable, Sendable {
    case plan(String)
    case spec(String)

    /// A `.yaml` or `.yml` path is a spec; any other path is a plan file.
    public init(_ path: String) {
        self = path.hasSuffix(".yaml") || path.hasSuffix(".yml") ? .spec(path) : .plan(path)
    }

    public var isSpec: Bool {
        if case .spec = self { return true }
        return false
    }

    /// The window the sides that are specs compile over, so that both sides cover the same span:
    /// none when no side is a spec; the window the flags name when they are given; else the window
    /// of the first side that is a plan (a spec compared with a plan is compiled over the plan's
    /// window); else the spec's own default. `requested` resolves the flags (or the default).
    public static func sharedWindow(
        specs: Int, flagsGiven: Bool, planWindows: [Window], requested: () throws -> Window
    ) rethrows -> Window? {
        guard specs > 0 else { return nil }
        if !flagsGiven, let plan = planWindows.first { return plan }
        return try requested()
    }
}
