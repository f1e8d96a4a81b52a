import AlmanacPlan
import AlmanacPlanDiff
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Plan files on disk: whether a committed plan is up to date.
enum PlanFiles {
    static func sameBytes(_ a: String, _ b: String) -> Bool {
        guard let x = FileManager.default.contents(atPath: a), let y = FileManager.default.contents(atPath: b) else { return false }
        return x == y
    }

    /// Nil when the plan at `current` equals `fresh`; otherwise a description of what changed: the
    /// diff's summary line and its first fire changes per trigger. `command` is the compile that
    /// writes the fresh plan, window flags included, for the hint.
    static func staleness(current: String, fresh: String, command: String, colour: Bool = false) throws -> String? {
        guard FileManager.default.fileExists(atPath: current) else {
            return "\(current) does not exist; run `\(command)` to create it\n"
        }
        if sameBytes(current, fresh) { return nil }
        return "\(current) is out of date; run `\(command)` to refresh it\n" + summary(current, fresh, colour: colour)
    }

    /// The text diff from the committed plan to the fresh one, at most 10 fire changes per trigger.
    static func summary(_ old: String, _ new: String, colour: Bool) -> String {
        let committed: Plan
        do {
            committed = try PlanReader.read(contentsOfFile: old)
        } catch {
            return "  (the committed plan cannot be read as a plan v1: \(error))\n"
        }
        guard let compiled = try? PlanReader.read(contentsOfFile: new) else { return "  (the compiled plan cannot be read back)\n" }
        let options = PlanDiffOptions(oldLabel: old, newLabel: "compiled from the spec", limit: 10, colour: colour)
        return PlanDiffText.render(PlanDiff(old: committed, new: compiled), options)
    }
}
