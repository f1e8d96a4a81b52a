import AlmanacTime
import AlmanacVocabulary

/// The rules about what a schedule means, each in one place: the YAML front end applies them to
/// what it reads (with the ranges of the text), `Schedule.validate()` to a schedule however it was
/// built (with the ranges the model has, or none). Each returns the diagnostic `almanac check`
/// prints, or nil when the rule holds.
package enum MeaningRules {
    // MARK: Bounds of numbers

    /// The accepted values of the numbers a spec holds.
    package static let maxPendingBounds = 1...1_000_000
    package static let maxRegionsBounds = 0...10_000
    package static let maxFiresBounds = 1...Limits.maxFiresCeiling
    package static let priorityBounds = -1_000_000...1_000_000
    package static let countBounds = 1...Int.max
    package static let nameLengthLimit = 200

    /// `what value is out of range; it must be low…high`.
    package static func outOfRange(_ what: String, _ value: Int, bounds: ClosedRange<Int>, at range: SourceRange?) -> Diagnostic? {
        guard !bounds.contains(value) else { return nil }
        let text = bounds.upperBound == Int.max ? "at least \(bounds.lowerBound)" : "\(bounds.lowerBound)…\(bounds.upperBound)"
        return Diagnostic(.valueOutOfRange(what, value, bounds: text), at: range)
    }

    // MARK: What runs the spec

    /// A phone spec's budgets within what the platform keeps (iOS: 64 pending notifications, 20
    /// regions); a server spec has no such ceiling.
    package static func phoneCeilings(_ limits: Limits, runsOn: RunnerProfile) -> [Diagnostic] {
        guard runsOn == .phone else { return [] }
        var found: [Diagnostic] = []
        if limits.maxPending > RunnerProfile.phonePendingCeiling {
            found.append(
                Diagnostic(
                    .phoneCeiling(
                        "max_pending", limits.maxPending, ceiling: RunnerProfile.phonePendingCeiling, holds: "pending notifications"),
                    at: limits.maxPendingRange))
        }
        if limits.maxRegions > RunnerProfile.phoneRegionCeiling {
            found.append(
                Diagnostic(
                    .phoneCeiling("max_regions", limits.maxRegions, ceiling: RunnerProfile.phoneRegionCeiling, holds: "monitored regions"),
                    at: limits.maxRegionsRange))
        }
        return found
    }

    // MARK: Names

    /// A schedule's `name`: one line of 1 to 200 characters, without control characters
    /// (`TextField.scheduleName`). `characterAt` locates a character by its offset, when it can.
    package static func scheduleName(
        _ name: String, at range: SourceRange?, characterAt: (Int) -> SourceRange? = { _ in nil }
    ) -> Diagnostic? {
        if let problem = characters(name, in: .scheduleName, at: { characterAt($0) ?? range }) { return problem }
        guard name.isEmpty || name.count > nameLengthLimit else { return nil }
        return Diagnostic(.scheduleNameForm(limit: nameLengthLimit), at: range)
    }

    /// A trigger id: `^[a-z0-9][a-z0-9._-]{0,63}$`.
    package static func triggerID(_ id: String, at range: SourceRange?) -> Diagnostic? {
        IdentifierSyntax.isTriggerID(id)
            ? nil : Diagnostic(.triggerIDInvalid(id), at: range)
    }

    // MARK: Fields of a trigger

    /// `count` counts fires from `start`, so it needs one.
    package static func countNeedsStart(at range: SourceRange?) -> Diagnostic {
        Diagnostic(.countNeedsStart, at: range)
    }

    /// `end` must be after `start` when both are on the same kind of clock (an `end` date includes its day).
    package static func endBeforeStart(start: Bound, end: Bound, startAt: SourceRange?, endAt: SourceRange?) -> Diagnostic? {
        guard let a = comparable(start, isEnd: false), let b = comparable(end, isEnd: true), a.0 == b.0, b.1 <= a.1 else { return nil }
        return Diagnostic(
            .endNotAfterStart, at: endAt,
            notes: startAt.map { [.init("`start` is here", at: $0)] } ?? [])
    }

    /// A bound as (is an instant, seconds) for ordering; an `end` date includes its whole day.
    static func comparable(_ b: Bound, isEnd: Bool) -> (Bool, Int64)? {
        switch b {
        case .date(let d): return (false, LocalDateTime(date: isEnd ? d.adding(days: 1) : d, time: .midnight).wallSeconds)
        case .local(let l): return (false, l.wallSeconds)
        case .instant(let i): return (true, i.secondsSinceEpoch)
        }
    }

    /// Jitter spreads fires over minutes or hours; fires held back for days would also keep that
    /// many waiting in memory while the window is expanded. `written` is the value as the user wrote it.
    package static func jitterLimit(_ jitter: TimeSpan, written: String, at range: SourceRange?) -> Diagnostic? {
        guard jitter.seconds > Trigger.maxJitterSeconds || jitter.seconds <= 0 else { return nil }
        if jitter.seconds <= 0 {
            return Diagnostic(.jitterNotPositive(written), at: range)
        }
        return Diagnostic(.jitterTooLong(written, maxSeconds: Int64(Trigger.maxJitterSeconds)), at: range)
    }

    /// Each fire may wait up to the jitter for the ones drawn before it: a jitter of more than
    /// `maxJitterIntervals` intervals reorders that many fires at once, for no schedule's good.
    package static func jitterAgainstInterval(_ jitter: TimeSpan, interval: TimeSpan, at range: SourceRange?) -> Diagnostic? {
        let most = Int64(Trigger.maxJitterIntervals) * max(interval.seconds, 1)
        guard jitter.seconds > most else { return nil }
        return Diagnostic(.jitterOverIntervals(Trigger.maxJitterIntervals, most: most), at: range)
    }

    /// An `every` interval is positive.
    package static func everyInterval(_ interval: TimeSpan, at range: SourceRange?) -> Diagnostic? {
        interval.seconds > 0
            ? nil
            : Diagnostic(.everyNotPositive(seconds: interval.seconds), at: range)
    }

    /// A calendar rule whose date fields can never all match under its `invalid_dates` policy.
    package static func calendarNeverFires(_ rule: CalendarRule, policy: InvalidDatePolicy, at range: SourceRange?) -> Diagnostic? {
        guard !CalendarFeasibility.canFire(rule, invalidDates: policy) else { return nil }
        // Suggest only the `invalid_dates` values that would make this rule fire.
        let helping = InvalidDatePolicy.allCases.filter { $0 != policy && CalendarFeasibility.canFire(rule, invalidDates: $0) }
        let hint =
            helping.isEmpty
            ? ""
            : ", or set " + helping.map { "`invalid_dates: \($0.rawValue)`" }.joined(separator: " or ")
                + " to " + (helping == [.forward] ? "move missing days to the next month" : "replace missing days")
        let policyNote = policy == .omit ? "" : " (even with `invalid_dates: \(policy.rawValue)`)"
        return Diagnostic(.calendarNeverFires(policyNote: policyNote, hint: hint), at: range)
    }

    /// `who` (a trigger, or those inheriting `defaults:`) reads local times but has no zone.
    package static func missingTimeZone(who: String, why: String, whereTo: String, at range: SourceRange?) -> Diagnostic {
        Diagnostic(.zoneMissing(who: who, why: why, whereTo: whereTo), at: range)
    }

    // MARK: Regions

    /// The accepted range of each number of a region, and how to say it.
    package static let coordinateBounds: [String: (ClosedRange<Double>, String)] = [
        "latitude": (-90...90, "between -90 and 90 degrees"),
        "longitude": (-180...180, "between -180 and 180 degrees"),
        "radius": (1...1_000_000, "between 1 and 1000000 metres"),
    ]

    /// `key` (`latitude`, `longitude`, `radius`) with `value`, written `text`.
    package static func coordinate(_ key: String, _ value: Double, text: String, at range: SourceRange?) -> Diagnostic? {
        guard let (bounds, unit) = coordinateBounds[key], !bounds.contains(value) else { return nil }
        return Diagnostic(.coordinateOutOfRange(key, text, allowed: unit), at: range)
    }
}
