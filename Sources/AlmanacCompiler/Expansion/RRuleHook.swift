import AlmanacModel
import AlmanacTime

/// The nominal times of an `rrule` trigger inside `[from, through]`, from the RRULE expander.
/// A UTC `UNTIL` is compared on the wall clock using the zone's offset at that instant.
func rruleNominals(
    _ trigger: RRuleTrigger, invalidDates: InvalidDatePolicy, table: OffsetTable,
    from: Int64, through: Int64
) -> NominalSource {
    var untilOffset = 0
    if case .utc(let instant)? = trigger.rule.until { untilOffset = table.offset(at: instant) }
    var expander = RRuleExpander(trigger, invalidDates: invalidDates, untilOffsetSeconds: untilOffset)
    // Jumps over the periods before the window when COUNT does not need them counted.
    expander.skip(to: LocalDateTime(wallSeconds: from))
    return RRuleNominals(expander, from: from, through: through)
}

/// Adapts the expander's ascending local date-times to the wall seconds the streams consume.
final class RRuleNominals: NominalSource {
    @exclusivity(unchecked) private var expander: RRuleExpander
    private let from: Int64
    private let through: Int64

    init(_ expander: RRuleExpander, from: Int64, through: Int64) {
        self.expander = expander
        self.from = from
        self.through = through
    }

    func next() -> Int64? {
        while let wall = expander.nextWallSeconds() {
            if wall > through { return nil }
            if wall >= from { return wall }
        }
        return nil
    }
}
