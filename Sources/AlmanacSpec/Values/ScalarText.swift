/// A scalar's text as Unicode scalars, so every error offset counts what editors count (columns are
/// scalars, see `SourcePosition`). Offsets and ranges are indices into `scalars`.
struct ScalarText {
    let scalars: [Unicode.Scalar]

    init(_ text: String) {
        // Nearly every value is ASCII: copy its bytes straight in rather than decode scalar by
        // scalar into a growing array.
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes -> [Unicode.Scalar]? in
            var allASCII = true
            for b in bytes where b >= 0x80 { allASCII = false; break }
            guard allASCII else { return nil }
            return [Unicode.Scalar](unsafeUninitializedCapacity: bytes.count) { buffer, count in
                for (i, b) in bytes.enumerated() { (buffer.baseAddress! + i).initialize(to: Unicode.Scalar(b)) }
                count = bytes.count
            }
        }
        scalars = (ascii ?? nil) ?? Array(text.unicodeScalars)
    }

    var count: Int { scalars.count }

    var whole: Range<Int> { 0..<scalars.count }

    /// The scalar at `i`, or nil past either end, so lookahead needs no bounds checks.
    subscript(_ i: Int) -> Unicode.Scalar? {
        i >= 0 && i < scalars.count ? scalars[i] : nil
    }

    func string(_ range: Range<Int>) -> String {
        let r = range.clamped(to: whole)
        if scalars[r].allSatisfy(\.isASCII) {
            return String(unsafeUninitializedCapacity: r.count) { buffer in
                for (i, c) in scalars[r].enumerated() { buffer[i] = UInt8(truncatingIfNeeded: c.value) }
                return r.count
            }
        }
        var s = ""
        s.reserveCapacity(r.count)
        for i in r { s.unicodeScalars.append(scalars[i]) }
        return s
    }

    /// The text of `range` in lower case, for case-insensitive names.
    func lowercased(_ range: Range<Int>) -> String {
        string(range).lowercased()
    }

    func isDigit(_ i: Int) -> Bool {
        guard let c = self[i] else { return false }
        return c.value >= 48 && c.value <= 57
    }

    func isLetter(_ i: Int) -> Bool {
        guard let c = self[i] else { return false }
        return (c.value >= 65 && c.value <= 90) || (c.value >= 97 && c.value <= 122)
    }

    func isBlank(_ i: Int) -> Bool {
        self[i] == " " || self[i] == "\t"
    }

    /// The maximal run of ASCII digits starting at `i` (possibly empty).
    func digitRun(from i: Int) -> Range<Int> {
        var j = i
        while isDigit(j) { j += 1 }
        return i..<max(i, j)
    }

    /// The maximal run of ASCII letters starting at `i` (possibly empty).
    func letterRun(from i: Int) -> Range<Int> {
        var j = i
        while isLetter(j) { j += 1 }
        return i..<max(i, j)
    }

    /// The decimal value of a digit run; nil when empty or too long to be a sensible value, which
    /// also keeps hostile input from overflowing.
    func number(_ range: Range<Int>) -> Int? {
        guard !range.isEmpty, range.count <= 9 else { return nil }
        var n = 0
        for i in range { n = n * 10 + Int(scalars[i].value - 48) }
        return n
    }

    /// `range` without leading and trailing blanks.
    func trimmed(_ range: Range<Int>) -> Range<Int> {
        var lo = range.lowerBound
        var hi = range.upperBound
        while lo < hi, isBlank(lo) { lo += 1 }
        while hi > lo, isBlank(hi - 1) { hi -= 1 }
        return lo..<hi
    }

    /// The pieces of `range` between `separator`s, each trimmed of blanks; empty pieces are kept so
    /// the caller can report `a,,b`.
    func split(_ range: Range<Int>, on separator: Unicode.Scalar) -> [Range<Int>] {
        var pieces: [Range<Int>] = []
        var start = range.lowerBound
        for i in range where scalars[i] == separator {
            pieces.append(trimmed(start..<i))
            start = i + 1
        }
        pieces.append(trimmed(start..<range.upperBound))
        return pieces
    }

    /// The first index in `range` holding `scalar`, if any.
    func firstIndex(of scalar: Unicode.Scalar, in range: Range<Int>) -> Int? {
        range.first { scalars[$0] == scalar }
    }
}

extension SyntaxError {
    /// An error covering `range` of a scalar's text.
    init(_ code: DiagnosticCode, _ message: String, at range: Range<Int>) {
        self.init(code, message, offset: range.lowerBound, length: max(1, range.count))
    }
}
