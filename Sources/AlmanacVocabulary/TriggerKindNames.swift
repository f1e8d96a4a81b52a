/// The trigger kinds this version writes into plans (`kind`). A plan may name a kind not in this
/// list — one written by a newer compiler — and executors read it: a fire is a fire, whatever rule
/// made it. The spec front end's table of readers and the model's `TriggerKind` are tested against it.
public enum TriggerKindNames {
    public static let known = ["calendar", "cron", "rrule", "every", "once", "location"]

    /// The form any kind name has: lowercase letters, digits, `_` and `-`, starting with a letter.
    @inlinable
    public static func isWellFormed(_ name: String) -> Bool {
        guard let first = name.utf8.first, (0x61...0x7A).contains(first), name.utf8.count <= 32 else { return false }
        return name.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F || $0 == 0x2D }
    }
}
