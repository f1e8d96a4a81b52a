/// The one loop of the escaping rules: each Unicode scalar of a text replaced by what the format's
/// rule gives for it, or kept as it is.
enum ScalarMap {
    static func apply(_ text: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            if let replaced = replacement(scalar) { out += replaced } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}
