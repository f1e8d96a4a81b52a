import AlmanacTime
import ArgumentParser

/// `SOURCE_DATE_EPOCH`, the reproducible-builds convention both executables follow: whole seconds
/// since 1970 that pin `now`, so a run (and a test) gives the same output on any day.
///
/// The executables read the variable and the clock; this reads only the text it is given.
public enum SourceDateEpoch {
    /// The environment variable's name.
    public static let variable = "SOURCE_DATE_EPOCH"

    /// The pinned instant, or nil when the variable is unset. Anything but an integer (a fraction,
    /// a date, an empty string) is a usage error: a typo must not silently fall back to the clock.
    public static func instant(_ value: String?) throws -> Instant? {
        guard let value else { return nil }
        guard let seconds = Int64(value) else {
            throw ValidationError("\(variable) must be whole seconds since 1970 (an integer), not '\(value)'")
        }
        return Instant(secondsSinceEpoch: seconds)
    }

    /// `now`: the pinned instant when `environment` sets one, else `clock()` (whole seconds).
    public static func now(environment: [String: String], clock: () -> Double) throws -> Instant {
        if let pinned = try instant(environment[variable]) { return pinned }
        return Instant(secondsSinceEpoch: Int64(clock().rounded(.down)))
    }
}
