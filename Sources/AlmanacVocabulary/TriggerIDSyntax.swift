/// The trigger-id rule of specs and plans: `^[a-z0-9][a-z0-9._-]{0,63}$`.
public enum TriggerIDSyntax {
    /// The longest id, in bytes.
    public static let maxLength = 64

    /// Whether `bytes` (UTF-8) form a trigger id.
    @inlinable
    public static func isValid<S: Sequence<UInt8>>(_ bytes: S) -> Bool {
        var count = 0
        for b in bytes {
            let alphanumeric = (0x61...0x7A).contains(b) || (0x30...0x39).contains(b)
            guard alphanumeric || (count > 0 && (b == 0x2E || b == 0x5F || b == 0x2D)) else { return false }
            count += 1
        }
        return count >= 1 && count <= maxLength
    }

    /// Whether `id` is a trigger id.
    @inlinable
    public static func isValid(_ id: String) -> Bool { isValid(id.utf8) }
}
