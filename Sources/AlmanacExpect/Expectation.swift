// AlmanacExpect: expectation files for specs (`NAME.expect.yaml` beside `NAME.yaml`), read through
// the spec's YAML front end so that every problem and every failed assertion is a located
// diagnostic in the expectation file, and checked against the fires the compiler gives over the
// file's window. Deterministic: no clock (the window must start at a date or an instant).
import AlmanacCompiler
import AlmanacModel
import AlmanacTime

/// An expectation file: a window and the assertions about the fires in it.
public struct Expectations: Sendable {
    /// `from` is a date or an instant, never `today` or `now`.
    public var window: WindowRequest
    public var assertions: [Assertion]
    /// The `window` key, where an empty window is reported.
    public var windowRange: SourceRange

    public init(window: WindowRequest, assertions: [Assertion], windowRange: SourceRange) {
        self.window = window
        self.assertions = assertions
        self.windowRange = windowRange
    }
}

/// One item of `expect`.
public struct Assertion: Sendable {
    /// The assertion's key (`fires`, `never_on`, …).
    public var kind: String
    /// `name:` as written, else `kind (subject)`.
    public var name: String
    /// The assertion's key in the file: where a failure without a more precise place points.
    public var range: SourceRange
    /// The triggers it is about; nil for all of the spec's triggers.
    public var triggers: [String]?
    public var check: Check

    public init(kind: String, name: String, range: SourceRange, triggers: [String]?, check: Check) {
        self.kind = kind
        self.name = name
        self.range = range
        self.triggers = triggers
        self.check = check
    }
}

/// A value as written, with its place in the file.
public struct Located<Value: Sendable>: Sendable {
    public var value: Value
    public var range: SourceRange

    public init(_ value: Value, at range: SourceRange) {
        self.value = value
        self.range = range
    }
}

/// A moment named by an expectation: a local date-time (in the trigger's zone) or an instant.
public enum ExpectedTime: Hashable, Sendable {
    case local(LocalDateTime)
    case instant(Instant)
}

/// Days a `never_on` item names.
public enum DaySet: Sendable {
    case dates(DateRange)
    case weekdays(Set<Weekday>)
    /// A blackout of the spec, by name, with its ranges.
    case blackout(String, [DateRange])

    func contains(_ date: CivilDate) -> Bool {
        switch self {
        case .dates(let r): return r.contains(date)
        case .weekdays(let days): return days.contains(date.weekday)
        case .blackout(_, let ranges): return ranges.contains { $0.contains(date) }
        }
    }
}

/// What an assertion checks.
public enum Check: Sendable {
    /// The trigger's fires in the window are exactly these (`fires`), or include these (`includes`).
    case fires(exactly: Bool, [Located<ExpectedTime>])
    /// No fire on any of these days (the fire's local date).
    case neverOn([Located<DaySet>])
    /// At most this many fires on any local date.
    case maxPerDay(Located<Int>)
    /// No fire whose local time of day is in `[from, to)` (crossing midnight when `to <= from`),
    /// on `weekdays` only when given (for a range crossing midnight, the weekday the range starts on).
    case quiet(from: LocalTime, to: LocalTime, weekdays: Set<Weekday>?, at: SourceRange)
    /// No fire of one trigger within `by` of a fire of the other.
    case apart(String, String, by: TimeSpan)
    /// Exactly this many fires in the window.
    case count(Located<Int>)
}
