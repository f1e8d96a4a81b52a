import AlmanacCompiler
import AlmanacPlan
import AlmanacModel
import AlmanacSpec
import AlmanacTime

/// Spec text → validate → compile over a fixed window → plan bytes → plan read back. Checks: no
/// crash; a compile error is located; fires lie in the window, in plan order, with unique ids; the
/// plan reads back equal to what was compiled and renders to the same bytes again.
public enum CompileCheck {
    /// 2026-03-01T00:00Z for 45 days: both the American and the European spring DST changes.
    static let window = Window(
        from: Instant(secondsSinceEpoch: 1_772_323_200),
        to: Instant(secondsSinceEpoch: 1_772_323_200 + 45 * 86_400))

    public static func run(_ bytes: [UInt8]) {
        let result = SpecLoader.load(SourceFile(path: "fuzz.yaml", bytes: bytes))
        guard let schedule = result.schedule else { return }
        compile(schedule, window: window)
    }

    /// Compiles `schedule` over `window` and checks the plan (shared with the recurrence target).
    static func compile(_ original: Schedule, window: Window) {
        var schedule = original
        // Bounds against a class handled elsewhere (expansion work bounded by fires rather than by
        // the candidates examined): keep each input cheap so the campaign reaches other classes.
        schedule.limits.maxFires = min(schedule.limits.maxFires, 20_000)
        schedule.triggers.removeAll { trigger in
            if let jitter = trigger.jitter, jitter.seconds > 86_400 { return true }
            guard trigger.count != nil else { return false }
            switch trigger.start {
            case .date(let d)?: return d.year < 2000
            case .local(let l)?: return l.date.year < 2000
            case .instant(let i)?: return i.secondsSinceEpoch < 946_684_800
            case nil: return true
            }
        }
        let compiled: CompileResult
        do {
            compiled = try Compiler().compile(schedule, specSHA256: String(repeating: "0", count: 64), window: window)
        } catch let error as CompileError {
            invariant(error.diagnostic.severity == .error, "compile failed with a \(error.diagnostic.severity): \(error)")
            return
        } catch {
            invariant(false, "compile threw a non-diagnostic error: \(error)")
            return
        }
        PlanCheck.checkCompiled(compiled.plan)
    }
}
