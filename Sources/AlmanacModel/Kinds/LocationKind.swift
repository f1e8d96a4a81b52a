/// `location`: entering or leaving a region, with a cooldown; an event, not a time.
extension LocationRule: TriggerRule {
    public static let kindName = "location"
    public var isWallClock: Bool { false }

    public func meaningDiagnostics(of trigger: Trigger, at: SourceRange?) -> [Diagnostic] {
        var out = ScheduleChecks.regionDiagnostics(region, at: at)
        if let cooldown, cooldown.seconds < 0 { out.append(Diagnostic(.cooldownNegative, at: at)) }
        return out
    }
}
