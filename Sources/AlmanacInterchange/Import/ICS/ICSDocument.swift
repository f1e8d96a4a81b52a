import AlmanacModel

/// An iCalendar file read in one pass over its bytes: content lines unfolded, split into name,
/// parameters and value, and grouped into the components the importer uses (VEVENT, VTIMEZONE
/// with its STANDARD and DAYLIGHT parts) plus the calendar's own properties (`X-WR-TIMEZONE`).
/// Other components (VALARM, VTODO, …) are skipped with everything inside them.
struct ICSDocument {
    /// One content line, unfolded, with the line it starts on.
    struct Property {
        var name: String
        var parameters: [String: String]
        var value: String
        /// The physical line the content line starts on.
        var line: Int
        /// Where the value starts in the unfolded text, in scalars.
        var valueOffset: Int
        /// The continuation lines it was unfolded from: each one's number and the offset (in
        /// scalars) in the unfolded text where its text starts. Empty for a line not folded (no
        /// allocation for the common case).
        var continuations: [Continuation] = []

        typealias Continuation = (line: Int, offset: Int)

        /// 1-based column of the value on the line that holds its first scalar.
        var column: Int { position(ofValueScalar: 0).column }

        /// Where scalar `k` of the value is in the file: on the physical line that holds it (a
        /// continuation line's first character is the folding space, dropped from the text), not
        /// at its offset in the unfolded text, which can lie past the end of the first line.
        func position(ofValueScalar k: Int) -> (line: Int, column: Int) {
            let offset = valueOffset + k
            if let c = continuations.last(where: { $0.offset <= offset }) { return (c.line, offset - c.offset + 2) }
            return (line, offset + 1)
        }

        /// `length` scalars of the value from scalar `k`.
        func range(ofValueScalar k: Int, length: Int) -> SourceRange {
            let (line, column) = position(ofValueScalar: k)
            return SourceRange(line: line, column: column, length: length)
        }

        var range: SourceRange { range(ofValueScalar: 0, length: max(1, value.unicodeScalars.count)) }
    }

    /// A component and its direct properties; `parts` are a VTIMEZONE's STANDARD and DAYLIGHT.
    struct Component {
        var name: String
        var line: Int
        var properties: [Property] = []
        var parts: [Component] = []

        func first(_ name: String) -> Property? { properties.first { $0.name == name } }
        func all(_ name: String) -> [Property] { properties.filter { $0.name == name } }
    }

    var calendar: [Property] = []
    var events: [Component] = []
    var timezones: [Component] = []

    static func read(_ file: SourceFile) -> ICSDocument {
        var document = ICSDocument()
        // The component being filled: VEVENT or VTIMEZONE at depth 1, STANDARD/DAYLIGHT at depth 2.
        var stack: [Component] = []
        var skipping = 0 // depth inside a component nobody reads
        forEachLogicalLine(file) { text, line, continuations in
            guard let property = parse(text, line: line, continuations: continuations) else { return }
            let upper = property.value.uppercased()
            if property.name == "BEGIN" {
                if skipping > 0 {
                    skipping += 1
                } else if stack.isEmpty && (upper == "VEVENT" || upper == "VTIMEZONE") {
                    stack.append(Component(name: upper, line: line))
                } else if stack.count == 1 && stack[0].name == "VTIMEZONE" && (upper == "STANDARD" || upper == "DAYLIGHT") {
                    stack.append(Component(name: upper, line: line))
                } else if upper != "VCALENDAR" {
                    skipping = 1
                }
                return
            }
            if property.name == "END" {
                if skipping > 0 {
                    skipping -= 1
                } else if let last = stack.popLast() {
                    if stack.isEmpty {
                        if last.name == "VEVENT" { document.events.append(last) } else { document.timezones.append(last) }
                    } else {
                        stack[stack.count - 1].parts.append(last)
                    }
                }
                return
            }
            if skipping > 0 { return }
            if stack.isEmpty { document.calendar.append(property) } else { stack[stack.count - 1].properties.append(property) }
        }
        return document
    }

    /// Calls `body` with each content line unfolded (a line starting with a space or tab continues
    /// the one before), the number of the line it starts on, and its continuation lines (see
    /// `Property.continuations`).
    static func forEachLogicalLine(_ file: SourceFile, _ body: (String, Int, [Property.Continuation]) -> Void) {
        var current: [UInt8] = []
        var currentLine = 0
        var continuations: [Property.Continuation] = []
        // Scalars in `current[..<countedBytes]`: counted only when a line is folded, each byte once.
        var countedBytes = 0
        var countedScalars = 0
        var line = 1
        var start = 0
        let bytes = file.bytes
        func flush() {
            if !current.isEmpty { body(String(decoding: current, as: UTF8.self), currentLine, continuations) }
            current.removeAll(keepingCapacity: true)
            continuations = []
            countedBytes = 0
            countedScalars = 0
        }
        var i = 0
        while i <= bytes.count {
            if i == bytes.count || bytes[i] == 0x0A {
                var end = i
                if end > start, bytes[end - 1] == 0x0D { end -= 1 }
                if end > start {
                    if (bytes[start] == 0x20 || bytes[start] == 0x09) && !current.isEmpty {
                        countedScalars += String(decoding: current[countedBytes...], as: UTF8.self).unicodeScalars.count
                        countedBytes = current.count
                        continuations.append((line, countedScalars))
                        current += bytes[(start + 1)..<end]
                    } else {
                        flush()
                        current += bytes[start..<end]
                        currentLine = line
                    }
                }
                line += 1
                start = i + 1
            }
            i += 1
        }
        flush()
    }

    /// `NAME;P=V;P="V;W:X":VALUE` — the first colon outside quotes ends the parameters, and a
    /// semicolon inside quotes does not split them. Nil for a line without a colon.
    static func parse(_ text: String, line: Int, continuations: [Property.Continuation] = []) -> Property? {
        let scalars = Array(text.unicodeScalars)
        var inQuotes = false
        var colon: Int?
        var cuts: [Int] = []
        for (i, s) in scalars.enumerated() {
            if s == "\"" { inQuotes.toggle() }
            if inQuotes { continue }
            if s == ":" {
                colon = i
                break
            }
            if s == ";" { cuts.append(i) }
        }
        guard let colon else { return nil }
        func string(_ r: Range<Int>) -> String { String(String.UnicodeScalarView(scalars[r])) }
        let nameEnd = cuts.first ?? colon
        let name = string(0..<nameEnd).uppercased()
        guard !name.isEmpty else { return nil }
        var parameters: [String: String] = [:]
        let bounds = cuts + [colon]
        for (a, b) in zip(bounds, bounds.dropFirst()) {
            let piece = string((a + 1)..<b)
            guard let eq = piece.firstIndex(of: "=") else { continue }
            parameters[String(piece[..<eq]).uppercased()] = String(piece[piece.index(after: eq)...]).trimmingCharacters(in: "\"")
        }
        return Property(
            name: name, parameters: parameters, value: string((colon + 1)..<scalars.count), line: line, valueOffset: colon + 1,
            continuations: continuations)
    }
}
