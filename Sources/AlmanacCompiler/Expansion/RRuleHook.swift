import AlmanacSpec
import AlmanacTime

// TODO(lead): wire in the RRULE expander once `Sources/AlmanacCompiler/RRule/RRuleExpander.swift`
// (`init(_ trigger: RRuleTrigger, invalidDates: InvalidDatePolicy)`, `mutating func next() -> LocalDateTime?`)
// is merged. Replace the body of `rruleNominals` with:
//
//     return RRuleNominals(RRuleExpander(trigger, invalidDates: invalidDates), from: from, through: through)
//
// and add this adapter (nominal times strictly ascending, inside [from, through]):
//
//     final class RRuleNominals: NominalSource {
//         private var expander: RRuleExpander
//         private let from: Int64, through: Int64
//         init(_ expander: RRuleExpander, from: Int64, through: Int64) { … }
//         func next() -> Int64? {
//             while let local = expander.next() {
//                 let wall = local.wallSeconds
//                 if wall > through { return nil }
//                 if wall >= from { return wall }
//             }
//             return nil
//         }
//     }
//
// Until then a spec with an `rrule` trigger stops with a located error instead of a silently empty plan.

/// The nominal times of an `rrule` trigger inside `[from, through]`.
func rruleNominals(_ trigger: RRuleTrigger, invalidDates: InvalidDatePolicy, from: Int64, through: Int64,
                   at range: SourceRange) throws -> NominalSource {
    throw CompileError(Diagnostic(.triggerKind, "rrule triggers cannot be expanded yet (the RRULE expander is not wired in)",
                                  at: range))
}
