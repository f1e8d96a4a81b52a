/// `once`: one local date-time (read on the wall clock) or one instant.
extension OnceRule: TriggerRule {
    public static let kindName = "once"
    public var isWallClock: Bool { if case .local = moment { return true } else { return false } }

    public func meaningDiagnostics(of trigger: Trigger, at: SourceRange?) -> [Diagnostic] {
        guard case .local(let l) = moment, !l.date.isValid else { return [] }
        return [Diagnostic(.notACalendarDate("\(l.date)"), at: at)]
    }
}
