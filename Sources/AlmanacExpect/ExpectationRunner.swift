import AlmanacCompiler
import AlmanacModel
import AlmanacPlan
import AlmanacTime

/// One assertion's outcome: no diagnostics when it holds.
public struct AssertionResult: Sendable {
    public var assertion: Assertion
    /// Located in the expectation file, in source order.
    public var failures: [Diagnostic]

    public var passed: Bool { failures.isEmpty }
}

/// Checks expectations against the fires a schedule has over their window.
///
/// The fires are streamed from the compiler past every assertion once, never collected: each
/// assertion keeps what its verdict needs (counts, the first offending fires it lists, per-day
/// totals, or the fires within `apart`'s distance), so a hundred-year window costs what a week does.
public enum ExpectationRunner {
    /// Offending fires listed under a failure, at most; the rest are counted.
    public static let listed = 5

    public enum Outcome: Sendable {
        /// Every assertion, in file order, with its failures.
        case ran([AssertionResult])
        /// The expectation file's window is empty (located there).
        case badWindow(Diagnostic)
        /// Compiling the window failed (`max_fires`); the diagnostics are the spec's.
        case compileFailed([Diagnostic])
    }

    public static func run(_ expectations: Expectations, on schedule: Schedule) -> Outcome {
        // `from` is a date or an instant, so `now` plays no part.
        guard
            let window = expectations.window.resolve(
                now: Instant(secondsSinceEpoch: 0), zone: schedule.timezone ?? "UTC", specHorizon: schedule.horizon)
        else { return .badWindow(Diagnostic(.expectWindowEmpty(), at: expectations.windowRange)) }
        var zones: [String: String] = [:]
        for t in schedule.triggers { zones[t.id] = t.timezone ?? "UTC" }
        let wording = ExpectationWording(window: window, zones: zones)
        let checks = expectations.assertions.map { AssertionCheck($0, wording: wording) }
        do {
            let expansion = try Compiler().prepare(schedule, specSHA256: "", window: window)
            _ = try expansion.run { fire in
                for i in checks.indices { checks[i].observe(fire) }
            }
        } catch let error as CompileError {
            return .compileFailed(error.diagnostics)
        } catch {
            return .compileFailed([])
        }
        return .ran(checks.map { AssertionResult(assertion: $0.assertion, failures: $0.finish()) })
    }
}
