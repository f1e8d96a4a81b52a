import AlmanacTime

/// The bounds of the plan format, shared by both ends: the compiler refuses to write what they
/// exclude and the reader refuses to read it, so every plan `almanac compile` writes can be read.
public enum PlanFormatLimits {
    /// Deepest nesting of arrays and objects in a plan file.
    public static let maxNesting = 64
    /// Arrays and objects around a trigger's payload object: the plan, `triggers`, the trigger.
    public static let payloadEnclosingLevels = 3
    /// Deepest a payload may nest, counting the payload object itself.
    public static let maxPayloadDepth = maxNesting - payloadEnclosingLevels
    /// The earliest instant a plan holds, 0000-01-01T00:00:00Z: timestamps have four-digit years
    /// (year 0000 is there for local midnight of 0001-01-01 east of UTC).
    public static let earliest = Instant(secondsSinceEpoch: -62_167_219_200)
    /// The latest instant a plan holds, 9999-12-31T23:59:59Z; a window ends by then.
    public static let latest = Instant(secondsSinceEpoch: 253_402_300_799)
}
