/// Where the server listens, as `--metrics` writes it: `127.0.0.1:9464`, `[::1]:9464`, `localhost:9464`
/// (IPv4 loopback), or `:9464` for every interface, IPv6 and IPv4 (IPv4 alone where the kernel has
/// no IPv6). Port 0 asks the kernel for a free one.
public struct ListenAddress: Equatable, Sendable, CustomStringConvertible {
    /// The host to bind, without brackets: `127.0.0.1`, `::1`, `::` (every interface).
    public var host: String
    public var port: Int
    /// `:PORT`: every interface.
    public var isEveryInterface: Bool

    /// Why an address cannot be read, in words that follow the option's name.
    public struct Invalid: Error, CustomStringConvertible, Equatable {
        public let description: String
    }

    public init(host: String, port: Int, isEveryInterface: Bool = false) {
        self.host = host
        self.port = port
        self.isEveryInterface = isEveryInterface
    }

    /// Reads `HOST:PORT`, `[IPV6]:PORT` or `:PORT`.
    public static func parse(_ text: String) throws(Invalid) -> ListenAddress {
        let invalid = Invalid(
            description: "'\(text)': expected HOST:PORT, like 127.0.0.1:9464, [::1]:9464 or :9464 (every interface)")
        guard let colon = text.lastIndex(of: ":") else { throw invalid }
        let portText = text[text.index(after: colon)...]
        guard !portText.isEmpty, portText.utf8.count <= 5, portText.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let port = Int(portText), port <= 65535
        else { throw invalid }
        var host = String(text[..<colon])
        if host.isEmpty { return ListenAddress(host: "::", port: port, isEveryInterface: true) }
        if host.hasPrefix("[") {
            guard host.hasSuffix("]"), host.count > 2 else { throw invalid }
            host = String(host.dropFirst().dropLast())
            guard host.contains(":"), host.utf8.allSatisfy({ Self.isHexDigitOrColonOrDot($0) }) else { throw invalid }
            return ListenAddress(host: host, port: port)
        }
        // An IPv6 address needs brackets, or its last group would read as the port.
        guard !host.contains(":") else { throw invalid }
        if host == "localhost" { host = "127.0.0.1" }
        guard host.utf8.allSatisfy({ $0 == 0x2E || ($0 >= 0x30 && $0 <= 0x39) }), host.split(separator: ".").count == 4,
            host.split(separator: ".", omittingEmptySubsequences: false).allSatisfy({ Int($0).map { (0...255).contains($0) } ?? false })
        else {
            throw Invalid(description: "'\(text)': '\(host)' is not an IPv4 address (write [ADDRESS] for IPv6, or localhost)")
        }
        return ListenAddress(host: host, port: port)
    }

    /// `127.0.0.1:9464`, `[::1]:9464`.
    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    private static func isHexDigitOrColonOrDot(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46) || c == 0x3A || c == 0x2E
    }
}
