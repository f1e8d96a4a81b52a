/// A scalar's text as Unicode scalars, so every error offset counts what editors count (columns are
/// scalars, see `SourcePosition`). Offsets and ranges are indices into `scalars`.
struct ScalarText {
    /// ASCII text of up to 32 bytes, kept inline: nearly every value is one, and reading it then
    /// allocates nothing. Unused when `scalars` holds the text.
    private let ascii: SIMD32<UInt8>
    /// Any other text, as scalars; empty for inline text.
    private let scalars: [Unicode.Scalar]
    let count: Int

    init(_ text: String) {
        var ascii = SIMD32<UInt8>()
        let inline =
            text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
                guard bytes.count <= 32 else { return false }
                for (i, b) in bytes.enumerated() {
                    guard b < 0x80 else { return false }
                    ascii[i] = b
                }
                return true
            } ?? false
        self.ascii = ascii
        if inline {
            scalars = []
            count = text.utf8.count
        } else {
            scalars = Array(text.unicodeScalars)
            count = scalars.count
        }
    }

    var whole: Range<Int> { 0..<count }

    /// The scalar at `i`, which must be in `whole`.
    @inline(__always)
    private func at(_ i: Int) -> Unicode.Scalar {
        scalars.isEmpty ? Unicode.Scalar(ascii[i]) : scalars[i]
    }

    /// The scalar at `i`, or nil past either end, so lookahead needs no bounds checks.
    subscript(_ i: Int) -> Unicode.Scalar? {
        i >= 0 && i < count ? at(i) : nil
    }

    func string(_ range: Range<Int>) -> String {
        let r = range.clamped(to: whole)
        if r.allSatisfy({ at($0).isASCII }) {
            return String(unsafeUninitializedCapacity: r.count) { buffer in
                for (k, i) in r.enumerated() { buffer[k] = UInt8(truncatingIfNeeded: at(i).value) }
                return r.count
            }
        }
        var s = ""
        s.reserveCapacity(r.count)
        for i in r { s.unicodeScalars.append(at(i)) }
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
        for i in range { n = n * 10 + Int(at(i).value - 48) }
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
        for i in range where at(i) == separator {
            pieces.append(trimmed(start..<i))
            start = i + 1
        }
        pieces.append(trimmed(start..<range.upperBound))
        return pieces
    }

    /// The first index in `range` holding `scalar`, if any.
    func firstIndex(of scalar: Unicode.Scalar, in range: Range<Int>) -> Int? {
        range.first { at($0) == scalar }
    }
}

extension SyntaxError {
    /// An error covering `range` of a scalar's text.
    init(_ code: DiagnosticCode, _ message: String, at range: Range<Int>) {
        self.init(code, message, offset: range.lowerBound, length: max(1, range.count))
    }
}
