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
    /// The earliest instant a plan's window may start, 0000-01-02T00:00:00Z. Timestamps have
    /// four-digit years, and local times are written too: a day of margin keeps the local time of
    /// every instant in the window, in any zone (offsets are under a day), inside year 0000.
    public static let earliest = Instant(secondsSinceEpoch: -62_167_132_800)
    /// The latest instant a plan's window may end, 9999-12-31T00:00:00Z: likewise, a day before
    /// the first local time of year 10000.
    public static let latest = Instant(secondsSinceEpoch: 253_402_214_400)
}
