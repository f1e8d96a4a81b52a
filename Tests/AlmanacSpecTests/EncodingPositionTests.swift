import AlmanacModel
import AlmanacSpec
import Testing

/// Where E0102 points when a bad byte ends a CRLF line: one column past the line's last character,
/// never two (the CR is no column). Found by fuzz-spec (Fuzzing/Corpus/spec/finding-bad-byte-before-crlf).
struct EncodingPositionTests {
    @Test(arguments: ["\r\n", "\n"])
    func aBadByteAtTheEndOfALineIsInsideTheText(_ newline: String) throws {
        // UTF-16 BE's byte order mark, then a line whose end libyaml reports as the bad place.
        var bytes: [UInt8] = [0xFE, 0xFF]
        bytes += Array("ab: c\(newline)de: f\"\(newline)".utf8)
        let result = SpecLoader.load(SourceFile(path: "t.yaml", bytes: bytes))
        let d = try #require(result.diagnostics.first { $0.code == .invalidEncoding })
        let range = try #require(d.range)
        let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: newline)
        let length = lines[range.start.line - 1].unicodeScalars.count
        #expect(range.start.column <= length + 1, "\(range) past a line of \(length)")
    }
}
