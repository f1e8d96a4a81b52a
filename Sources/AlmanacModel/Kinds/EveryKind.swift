/// `every`: a fixed interval of elapsed time from an anchor instant; no wall clock.
extension EveryRule: TriggerRule {
    public static let kindName = "every"
    public var isWallClock: Bool { false }

    public func meaningDiagnostics(of trigger: Trigger, at: SourceRange?) -> [Diagnostic] {
        [
            MeaningRules.everyInterval(interval, at: at),
            trigger.jitter.flatMap { MeaningRules.jitterAgainstInterval($0, interval: interval, at: at) },
        ].compactMap { $0 }
    }
}
