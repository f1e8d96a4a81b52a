/// Environment variable names every consumer accepts: `[A-Za-z_][A-Za-z0-9_]*` (POSIX's portable
/// names; systemd ignores any other assignment, shells cannot expand them).
public enum EnvironmentName {
    public static func isPortable(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
        return name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
        }
    }
}
