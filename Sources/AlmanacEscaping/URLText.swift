/// A value inside a URL's query or an `application/x-www-form-urlencoded` body (the console's
/// links and forms): every byte of its UTF-8 but the unreserved characters of RFC 3986 as `%XX`,
/// so a value cannot end its parameter (`&`, `=`, `#`) or the URL; and the reading back, which
/// also takes `+` for a space as HTML forms send it.
public enum URLText {
    /// The value percent-encoded (uppercase hex).
    public static func component(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + String(hexDigits[Int(byte >> 4)]) + String(hexDigits[Int(byte & 0xF)])
            }
        }
        return out
    }

    /// `name=value&…` as pairs, each decoded (`+` a space, `%XX` a byte); nil when a `%` is not
    /// followed by two hex digits or the bytes are not UTF-8.
    public static func pairs(_ encoded: String) -> [(name: String, value: String)]? {
        var pairs: [(String, String)] = []
        for part in encoded.split(separator: "&", omittingEmptySubsequences: true) {
            let halves = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(halves[0]), let value = decode(halves.count > 1 ? halves[1] : "") else { return nil }
            pairs.append((name, value))
        }
        return pairs
    }

    /// One decoded component, or nil.
    public static func decode(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(0x20)
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
                bytes.append(high << 4 | low)
            default: bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789ABCDEF")

    private static func isUnreserved(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2D || b == 0x2E || b == 0x5F
            || b == 0x7E
    }

    private static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: return b - 0x30
        case 0x41...0x46: return b - 0x41 + 10
        case 0x61...0x66: return b - 0x61 + 10
        default: return nil
        }
    }
}
