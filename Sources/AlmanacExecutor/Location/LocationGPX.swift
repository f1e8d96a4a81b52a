import AlmanacRegistration

/// The track points of a GPX document: `<trkpt lat="…" lon="…">` with a `<time>` inside, in
/// document order. A scanner, not an XML parser: it reads what GPS loggers write (attributes in
/// either quote, any namespace prefix on neither `trkpt` nor `time`, other elements ignored) and
/// reports a point it cannot read with its line, then goes on with the next one.
enum LocationGPX {
    static func points(_ text: [UInt8], firstLine: Int = 1) -> (fixes: [LocationFix], problems: [LocationFixReader.Problem]) {
        var fixes: [LocationFix] = []
        var problems: [LocationFixReader.Problem] = []
        var position = 0
        var line = firstLine
        var lineCountedTo = 0
        func lineAt(_ offset: Int) -> Int {
            // Offsets only grow, so lines are counted once.
            for index in lineCountedTo..<offset where text[index] == 0x0A { line += 1 }
            lineCountedTo = max(lineCountedTo, offset)
            return line
        }
        while let open = find(Array("<trkpt".utf8), in: text, from: position) {
            let pointLine = lineAt(open)
            let afterName = open + 6
            guard afterName < text.count, [0x20, 0x09, 0x0A, 0x0D, 0x3E, 0x2F].contains(text[afterName]) else {
                position = afterName
                continue
            }
            guard let tagEnd = text[afterName...].firstIndex(of: UInt8(ascii: ">")) else {
                problems.append(.init(line: pointLine, message: "GPX: <trkpt> is not closed"))
                break
            }
            let attributes = String(decoding: text[afterName..<tagEnd], as: UTF8.self)
            let selfClosing = text[tagEnd - 1] == UInt8(ascii: "/")
            var bodyEnd = tagEnd
            if !selfClosing {
                guard let close = find(Array("</trkpt>".utf8), in: text, from: tagEnd) else {
                    problems.append(.init(line: pointLine, message: "GPX: <trkpt> has no </trkpt>"))
                    break
                }
                bodyEnd = close
            }
            position = bodyEnd + 1
            let body = String(decoding: text[(tagEnd + 1)..<max(tagEnd + 1, bodyEnd)], as: UTF8.self)
            guard let latText = attribute("lat", in: attributes), let lonText = attribute("lon", in: attributes) else {
                problems.append(.init(line: pointLine, message: "GPX: <trkpt> needs lat and lon attributes"))
                continue
            }
            guard let latitude = Double(latText.trimmingSpaces), let longitude = Double(lonText.trimmingSpaces) else {
                problems.append(.init(line: pointLine, message: "GPX: lat '\(latText)' or lon '\(lonText)' is not a number"))
                continue
            }
            guard let timeText = element("time", in: body) else {
                problems.append(.init(line: pointLine, message: "GPX: <trkpt> has no <time>"))
                continue
            }
            guard let at = LocationFixReader.instant(timeText) else {
                problems.append(.init(line: pointLine, message: "GPX: <time> '\(timeText)' is not an RFC 3339 instant"))
                continue
            }
            fixes.append(LocationFix(at: at, latitude: latitude, longitude: longitude, line: pointLine))
        }
        if fixes.isEmpty && problems.isEmpty {
            problems.append(.init(line: firstLine, message: "GPX: no <trkpt> with a position and a time"))
        }
        return (fixes, problems)
    }

    /// The value of `name="…"` or `name='…'` in a tag's attribute text.
    static func attribute(_ name: String, in text: String) -> String? {
        let bytes = Array(text.utf8), needle = Array(name.utf8)
        let spaces: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        var from = 0
        while let found = find(needle, in: bytes, from: from) {
            from = found + 1
            guard found == 0 || spaces.contains(bytes[found - 1]) else { continue }
            var index = found + needle.count
            while index < bytes.count && spaces.contains(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { continue }
            index += 1
            while index < bytes.count && spaces.contains(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else { return nil }
            let quote = bytes[index]
            guard let end = bytes[(index + 1)...].firstIndex(of: quote) else { return nil }
            return String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
        }
        return nil
    }

    /// The text of the first `<name>…</name>` in `text`.
    static func element(_ name: String, in text: String) -> String? {
        let bytes = Array(text.utf8)
        let open = Array("<\(name)>".utf8), close = Array("</\(name)>".utf8)
        guard let start = find(open, in: bytes, from: 0), let end = find(close, in: bytes, from: start + open.count) else { return nil }
        return String(decoding: bytes[(start + open.count)..<end], as: UTF8.self)
    }

    /// The first offset at or after `start` where `needle` occurs.
    static func find(_ needle: [UInt8], in text: [UInt8], from start: Int) -> Int? {
        guard needle.count <= text.count else { return nil }
        var index = start
        while index + needle.count <= text.count {
            if text[index] == needle[0] && text[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
