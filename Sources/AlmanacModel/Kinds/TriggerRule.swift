/// What a kind of trigger says about itself, so that the lists and answers about kinds come from
/// the kind: its name, whether it reads a wall clock, its checks, when it fires in a day.
///
/// A rule conforms in its own file under `Kinds/`; modules above the model add what they know of
/// a kind by extending its rule the same way (words, exports), with an answer for a kind that
/// says nothing yet.
public protocol TriggerRule: Sendable {
    /// The key in the spec and the `kind` in the plan.
    static var kindName: String { get }
    /// Evaluated on the wall clock of a zone, which the trigger therefore needs.
    var isWallClock: Bool { get }
    /// The mistakes of meaning in the rule, for a schedule however built (`Schedule.validate()`);
    /// `trigger` is the whole trigger, `at` where its diagnostics point.
    func meaningDiagnostics(of trigger: Trigger, at: SourceRange?) -> [Diagnostic]
    /// When the rule fires in a day, or nil when its times are not a daily set.
    func dailyShape(of trigger: Trigger) -> DailyShape?
    /// Whether the rule fires at least hourly around a clock change: it has a rhythm to keep
    /// through it rather than one fire a day (or a few) to keep.
    func firesHourly(in trigger: Trigger) -> Bool
}

extension TriggerRule {
    public func meaningDiagnostics(of trigger: Trigger, at: SourceRange?) -> [Diagnostic] { [] }
    public func dailyShape(of trigger: Trigger) -> DailyShape? { nil }
    public func firesHourly(in trigger: Trigger) -> Bool { dailyShape(of: trigger)?.firesHourly ?? false }
}

extension Trigger {
    /// When the trigger fires in a day, by its kind; nil for kinds whose times are not a daily set.
    public var dailyShape: DailyShape? { kind.rule.dailyShape(of: self) }
    /// Whether the trigger fires at least hourly around a clock change (the daylight-saving lint's
    /// choice of fix, and its words).
    public var firesHourly: Bool { kind.rule.firesHourly(in: self) }
}
