import AlmanacPlan
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a committed plan file is what its spec compiles to now (`almanac compile --check`): the
/// two files' bytes compared, and when they differ, what a reader needs to act — the command that
/// refreshes the plan and the diff's summary with the first fire changes per trigger.
public enum PlanStaleness {
    /// Nil when the plan at `current` equals the plan at `fresh`; otherwise a description of what
    /// changed. `command` is the compile that writes the fresh plan, window flags included, for the hint.
    public static func check(current: String, fresh: String, command: String, colour: Bool = false) -> String? {
        var info = stat()
        guard stat(current, &info) == 0 else { return "\(current) does not exist; run `\(command)` to create it\n" }
        if FileComparison.sameBytes(current, fresh) { return nil }
        return "\(current) is out of date; run `\(command)` to refresh it\n" + summary(current, fresh, colour: colour)
    }

    /// The text diff from the committed plan to the fresh one, at most 10 fire changes per trigger;
    /// a committed file that is not a plan says so instead.
    public static func summary(_ old: String, _ new: String, colour: Bool) -> String {
        let options = PlanDiffOptions(oldLabel: old, newLabel: "compiled from the spec", limit: 10, colour: colour)
        let committed: PlanFireSource
        do {
            committed = try PlanFireSource.open(path: old)
        } catch {
            return "  (the committed plan cannot be read as a plan v1: \(error))\n"
        }
        guard let compiled = try? PlanFireSource.open(path: new) else { return "  (the compiled plan cannot be read back)\n" }
        do {
            return PlanDiffText.render(try PlanDiff(old: committed, new: compiled, listing: options.limit), options)
        } catch let error as FireMerge.ReadError where error.side == .old {
            return "  (the committed plan cannot be read as a plan v1: \(error.error))\n"
        } catch {
            return "  (the compiled plan cannot be read back)\n"
        }
    }
}
