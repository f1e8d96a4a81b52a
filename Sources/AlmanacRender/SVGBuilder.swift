import AlmanacEscaping

/// Numbers as SVG text: rounded to a fixed number of decimals, no exponent, no locale, no `-0`.
enum Num {
    static func t(_ value: Double, _ decimals: Int = 1) -> String {
        let factor = decimals == 2 ? 100.0 : 10.0
        let scaled = Int64((value * factor).rounded())
        let unit = Int64(factor)
        let sign = scaled < 0 ? "-" : ""
        let a = abs(scaled)
        let whole = a / unit, fraction = a % unit
        if fraction == 0 { return sign + "\(whole)" }
        var digits = "\(fraction)"
        while digits.count < decimals { digits = "0" + digits }
        while digits.hasSuffix("0") { digits.removeLast() }
        return sign + "\(whole).\(digits)"
    }
}

/// SVG text, written element by element; attributes in a fixed order (sorted keys after the
/// ordered ones), so that the same picture is the same bytes.
struct SVGBuilder {
    var text = ""

    static func attributes(_ attrs: [String: String], ordered: [(String, String)] = []) -> String {
        var s = ""
        for (k, v) in ordered { s += " \(k)=\"\(XMLText.attribute(v))\"" }
        for (k, v) in attrs.sorted(by: { $0.key < $1.key }) { s += " \(k)=\"\(XMLText.attribute(v))\"" }
        return s
    }

    mutating func raw(_ s: String) { text += s }

    mutating func open(_ name: String, _ attrs: [String: String], ordered: [(String, String)] = []) {
        text += "<\(name)\(Self.attributes(attrs, ordered: ordered))>\n"
    }

    mutating func close(_ name: String) { text += "</\(name)>\n" }

    mutating func element(_ name: String, text content: String) {
        text += "<\(name)>\(XMLText.content(content))</\(name)>\n"
    }

    mutating func shape(_ name: String, _ ordered: [(String, String)], _ attrs: [String: String], title: String?) {
        if let title {
            text += "<\(name)\(Self.attributes(attrs, ordered: ordered))><title>\(XMLText.content(title))</title></\(name)>\n"
        } else {
            text += "<\(name)\(Self.attributes(attrs, ordered: ordered))/>\n"
        }
    }

    mutating func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ attrs: [String: String], title: String? = nil) {
        shape("rect", [("x", Num.t(x)), ("y", Num.t(y)), ("width", Num.t(w)), ("height", Num.t(h))], attrs, title: title)
    }

    mutating func circle(_ x: Double, _ y: Double, _ r: Double, _ attrs: [String: String], title: String? = nil) {
        shape("circle", [("cx", Num.t(x)), ("cy", Num.t(y)), ("r", Num.t(r))], attrs, title: title)
    }

    mutating func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ attrs: [String: String], title: String? = nil) {
        shape("line", [("x1", Num.t(x1)), ("y1", Num.t(y1)), ("x2", Num.t(x2)), ("y2", Num.t(y2))], attrs, title: title)
    }

    mutating func path(_ d: String, _ attrs: [String: String], title: String? = nil) {
        shape("path", [("d", d)], attrs, title: title)
    }

    mutating func text(_ x: Double, _ y: Double, _ content: String, _ attrs: [String: String]) {
        text += "<text\(Self.attributes(attrs, ordered: [("x", Num.t(x)), ("y", Num.t(y))]))>\(XMLText.content(content))</text>\n"
    }
}
