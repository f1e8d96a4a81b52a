import AlmanacModel
import CYAML

/// Turns libyaml's marks into the positions diagnostics use: lines end at LF only (a CR before it
/// belongs to the line), as in `SourceFile.line` and the excerpts printed from it.
///
/// libyaml also breaks lines at a lone CR, NEL (U+0085), LS (U+2028) and PS (U+2029), and puts the
/// end of a text without a final line break on a line of its own. Either would locate a
/// diagnostic on a line the excerpt does not have, or on the wrong one.
struct YAMLLineMap {
    /// Where each of libyaml's lines starts, when the text has a break LF-numbering does not count;
    /// empty when libyaml's lines are the text's own.
    private var starts: [SourcePosition] = []
    /// libyaml's last line (0-based): its count of line breaks.
    private var lastLine = 0
    /// The position just past the last character.
    private var end = SourcePosition(line: 1, column: 1)

    init() {}

    init(_ buffer: UnsafeBufferPointer<UInt8>) {
        let n = buffer.count
        var line = 1, column = 1, breaks = 0, i = 0
        var starts: [SourcePosition] = []
        // libyaml skips a byte order mark without counting it; the excerpt's line keeps it.
        if n >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF {
            column = 2
            i = 3
            starts = [SourcePosition(line: 1, column: 2)]
        }
        while i < n {
            let byte = buffer[i]
            // Most bytes are plain ASCII: one column each.
            if byte < 0x80, byte != 0x0A, byte != 0x0D {
                column += 1
                i += 1
                continue
            }
            if byte == 0x0A {
                line += 1
                column = 1
                breaks += 1
                if !starts.isEmpty { starts.append(SourcePosition(line: line, column: column)) }
                i += 1
                continue
            }
            var width = 0
            if byte == 0x0D, i + 1 >= n || buffer[i + 1] != 0x0A {
                width = 1
            } else if byte == 0xC2, i + 1 < n, buffer[i + 1] == 0x85 {
                width = 2
            } else if byte == 0xE2, i + 2 < n, buffer[i + 1] == 0x80, buffer[i + 2] == 0xA8 || buffer[i + 2] == 0xA9 {
                width = 3
            }
            if width > 0 {
                // Until now every line of libyaml's started at column 1 of the same LF line.
                if starts.isEmpty { starts = (1...line).map { SourcePosition(line: $0, column: 1) } }
                // A CR that ends the text is dropped from its line, as a CR before LF is.
                if !(byte == 0x0D && i + 1 == n) { column += 1 }
                breaks += 1
                starts.append(SourcePosition(line: line, column: column))
                i += width
                continue
            }
            if byte & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        self.starts = starts
        lastLine = breaks
        end = SourcePosition(line: line, column: column)
    }

    /// The position of `mark`; the end of the text for a mark past its last line.
    func position(_ mark: yaml_mark_t) -> SourcePosition {
        let line = Int(mark.line), column = Int(mark.column)
        guard line <= lastLine else { return end }
        if starts.isEmpty { return SourcePosition(line: line + 1, column: column + 1) }
        let start = starts[line]
        return SourcePosition(line: start.line, column: start.column + column)
    }
}
