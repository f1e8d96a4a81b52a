import AlmanacJSON
import AlmanacTime
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The fires of a plan file in the compiler's layout, read from the file as they are asked for:
/// `"fires": [` ends its line, each fire is one line `{…},` (the last without the comma), and `]`
/// then `}` close the file. Lines `[linesStart, linesEnd)` hold exactly the fires, one per line.
///
/// Used from one thread at a time (it remembers where the last seek and count ended).
final class PlanLines: @unchecked Sendable {
    let header: Plan
    let path: String
    let fd: Int32
    /// The first byte of the first fire's line, and the byte after the last fire's line feed.
    let linesStart: Int
    let linesEnd: Int

    private init(header: Plan, path: String, fd: Int32, linesStart: Int, linesEnd: Int) {
        self.header = header
        self.path = path
        self.fd = fd
        self.linesStart = linesStart
        self.linesEnd = linesEnd
    }

    deinit { close(fd) }

    /// The file's header and the extent of its fire lines; nil when the file is not in the compiler's
    /// layout (the caller then reads it whole, which also reports what is wrong with a broken one).
    /// Takes ownership of `fd` when it returns a value.
    static func open(fd: Int32, path: String, size: Int) throws -> PlanLines? {
        guard let (head, open) = try firesOpening(fd: fd, path: path, size: size) else { return nil }
        // The tail: `]`, then `}`, then only whitespace.
        let tailStart = max(open + 1, size - 4096)
        var tail = [UInt8](repeating: 0, count: size - tailStart)
        guard try readFully(fd, path, into: &tail, at: tailStart) else { return nil }
        var i = tail.count - 1
        func skipSpaces() { while i >= 0, isSpace(tail[i]) { i -= 1 } }
        skipSpaces()
        guard i >= 0, tail[i] == 0x7D else { return nil }
        i -= 1
        skipSpaces()
        guard i >= 0, tail[i] == 0x5D else { return nil }
        let close = tailStart + i
        // Only blanks between the last line feed and `]`.
        i -= 1
        while i >= 0, tail[i] == 0x20 || tail[i] == 0x09 || tail[i] == 0x0D { i -= 1 }
        let linesStart: Int, linesEnd: Int
        if tailStart + i == open {
            (linesStart, linesEnd) = (close, close)
        } else {
            guard i >= 0, tail[i] == 0x0A else { return nil }
            linesEnd = tailStart + i + 1
            // Only blanks between `[` and the line feed ending its line.
            var j = open + 1
            var probe = [UInt8](repeating: 0, count: min(256, linesEnd - j))
            guard try readFully(fd, path, into: &probe, at: j) else { return nil }
            var k = 0
            while k < probe.count, probe[k] == 0x20 || probe[k] == 0x09 || probe[k] == 0x0D { k += 1 }
            guard k < probe.count, probe[k] == 0x0A else { return nil }
            j += k + 1
            linesStart = j
            if linesStart > linesEnd { return nil }
        }
        // Each fire on a line of its own, as far as the first and the last fire show: a plan that
        // spreads its fires over lines (`json.dump(indent=1)`, `jq .`) has neither line whole, and is
        // read whole instead. (A file whose first and last fires are one-line but others are not is
        // refused when those lines are read, with their line and column.)
        if linesEnd > linesStart {
            let first = try wholeLine(fd: fd, path: path, from: linesStart, limit: linesEnd)
            let last = try wholeLine(fd: fd, path: path, endingAt: linesEnd - 1, limit: linesStart)
            guard let first, let last, holdsOneObject(first), holdsOneObject(last) else { return nil }
        }
        // The header is the file with an empty `fires` array, read by the whole-plan reader.
        var text = Array(head[..<(open)])
        text += [0x5B, 0x5D]
        text += tail[(close - tailStart + 1)...]
        let header = try PlanReader.read(text)
        return PlanLines(header: header, path: path, fd: fd, linesStart: linesStart, linesEnd: linesEnd)
    }

    /// The line starting at `from` without its line feed (which comes before `limit`); nil when none does.
    private static func wholeLine(fd: Int32, path: String, from: Int, limit: Int) throws -> [UInt8]? {
        var bytes: [UInt8] = []
        while from + bytes.count < limit {
            var chunk = [UInt8](repeating: 0, count: min(4096, limit - from - bytes.count))
            guard try readFully(fd, path, into: &chunk, at: from + bytes.count) else { return nil }
            if let feed = chunk.firstIndex(of: 0x0A) { return bytes + chunk[..<feed] }
            bytes += chunk
        }
        return nil
    }

    /// The line whose line feed is at `endingAt`, without it (it starts at or after `limit`).
    private static func wholeLine(fd: Int32, path: String, endingAt: Int, limit: Int) throws -> [UInt8]? {
        var bytes: [UInt8] = []
        var start = endingAt
        while start > limit {
            let want = min(4096, start - limit)
            var chunk = [UInt8](repeating: 0, count: want)
            guard try readFully(fd, path, into: &chunk, at: start - want) else { return nil }
            if let feed = chunk.lastIndex(of: 0x0A) { return chunk[(feed + 1)...] + bytes }
            bytes = chunk + bytes
            start -= want
        }
        return bytes
    }

    /// Whether `line` is one JSON object, then at most a comma, between blanks.
    static func holdsOneObject(_ line: [UInt8]) -> Bool {
        var i = 0
        while i < line.count, isSpace(line[i]) { i += 1 }
        guard i < line.count, line[i] == 0x7B else { return false }
        var depth = 0
        var inString = false, escaped = false
        while i < line.count {
            let b = line[i]
            i += 1
            if inString {
                if escaped { escaped = false } else if b == 0x5C { escaped = true } else if b == 0x22 { inString = false }
                continue
            }
            switch b {
            case 0x22: inString = true
            case 0x7B, 0x5B: depth += 1
            case 0x7D, 0x5D:
                depth -= 1
                if depth == 0 {
                    while i < line.count, isSpace(line[i]) { i += 1 }
                    if i < line.count, line[i] == 0x2C { i += 1 }
                    while i < line.count, isSpace(line[i]) { i += 1 }
                    return i == line.count
                }
            default: break
            }
        }
        return false
    }

    /// The bytes up to and including the `[` of the top-level `"fires"` member, and that bracket's
    /// offset; nil when the file ends first.
    private static func firesOpening(fd: Int32, path: String, size: Int) throws -> (head: [UInt8], open: Int)? {
        var head: [UInt8] = []
        var i = 0, depth = 0
        var inString = false, escaped = false, stringStart = 0
        // 0: nothing; 1: after the key "fires" at depth 1; 2: after its ':'.
        var afterKey = 0
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(head.count)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw PlanError("cannot read \(path): \(String(cString: strerror(errno)))")
            }
            if n == 0 { return nil }
            head += chunk[..<n]
            while i < head.count {
                let b = head[i]
                defer { i += 1 }
                if inString {
                    if escaped {
                        escaped = false
                    } else if b == 0x5C {
                        escaped = true
                    } else if b == 0x22 {
                        inString = false
                        if depth == 1, head[stringStart..<i].elementsEqual("fires".utf8) { afterKey = 1 }
                    }
                    continue
                }
                if isSpace(b) { continue }
                if afterKey == 1 && b == 0x3A { afterKey = 2; continue }
                if afterKey == 2 && b == 0x5B { return (head, i) }
                afterKey = 0
                switch b {
                case 0x22: inString = true; stringStart = i + 1
                case 0x7B, 0x5B: depth += 1
                case 0x7D, 0x5D: depth -= 1
                default: break
                }
            }
        }
    }

    /// The line starting at `offset` (a line start inside the fire lines), without its line feed,
    /// and the offset after its line feed.
    func line(at offset: Int) throws -> (bytes: [UInt8], end: Int) {
        var bytes: [UInt8] = []
        var size = 512
        while true {
            let want = min(size, linesEnd - offset - bytes.count)
            guard want > 0 else { throw truncated() }
            var chunk = [UInt8](repeating: 0, count: want)
            guard try Self.readFully(fd, path, into: &chunk, at: offset + bytes.count) else { throw truncated() }
            if let feed = chunk.firstIndex(of: 0x0A) {
                bytes += chunk[..<feed]
                return (bytes, offset + bytes.count + 1)
            }
            bytes += chunk
            size *= 2
        }
    }

    /// The offset of the first line starting at or after `offset` (`linesEnd` when none does).
    func lineStart(atOrAfter offset: Int) throws -> Int {
        if offset <= linesStart { return linesStart }
        var position = offset - 1
        var chunk = [UInt8](repeating: 0, count: 512)
        while position < linesEnd {
            let want = min(chunk.count, linesEnd - position)
            if want < chunk.count { chunk = [UInt8](repeating: 0, count: want) }
            guard try Self.readFully(fd, path, into: &chunk, at: position) else { throw truncated() }
            if let feed = chunk.firstIndex(of: 0x0A) { return position + feed + 1 }
            position += want
        }
        return linesEnd
    }

    /// Where the last seek ended: the first fire line at or after `instant` (`linesEnd` if none).
    var seekHint: (instant: Instant, offset: Int)?

    /// The last count made: from this offset to `linesEnd`, so many lines. A loop that counts at
    /// times moving forward then reads only the bytes in between.
    private var countMark: (offset: Int, count: Int)?

    /// Line feeds in `[from, linesEnd)`: the number of fire lines there.
    func countLines(from: Int) throws -> Int {
        let count: Int
        if let mark = countMark {
            count =
                from >= mark.offset
                ? mark.count - (try lineFeeds(from: mark.offset, to: from))
                : mark.count + (try lineFeeds(from: from, to: mark.offset))
        } else {
            count = try lineFeeds(from: from, to: linesEnd)
        }
        countMark = (from, count)
        return count
    }

    /// Line feeds in `[from, to)` of the file.
    func lineFeeds(from: Int, to: Int) throws -> Int {
        if let mapped = mappedLineFeeds(from: from, to: to) { return mapped }
        return try lineFeedsByReading(from: from, to: to)
    }

    /// Line feeds in `[from, to)`, read through a buffer (for what cannot be mapped).
    func lineFeedsByReading(from: Int, to: Int) throws -> Int {
        var count = 0
        var position = from
        var chunk = [UInt8](repeating: 0, count: min(256 << 10, max(0, to - from)))
        while position < to {
            let want = min(chunk.count, to - position)
            let n = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, want, off_t(position)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw PlanError("cannot read \(path): \(String(cString: strerror(errno)))")
            }
            if n == 0 { throw truncated() }
            count += chunk.withUnsafeBufferPointer { Self.lineFeeds(UnsafeBufferPointer(rebasing: $0[..<n])) }
            position += n
        }
        return count
    }

    /// Line feeds in `[from, to)` counted in a read-only mapping of the file, nil when it cannot be
    /// mapped (then `pread` reads it). Why: counting the future fires of a 1,000,000-fire plan at
    /// its window's start read 127 MB through a buffer; the mapping spares that copy
    /// (`reconcile --now <window start>`, median of 11, dynamically linked: 27.6 → 23.7 ms).
    func mappedLineFeeds(from: Int, to: Int) -> Int? {
        Self.mappedLineFeeds(fd: fd, from: from, to: to) { try? lineFeedsByReading(from: $0, to: to) }
    }

    /// `mappedLineFeeds` on any open file; `rest` counts from an offset on when a later window
    /// cannot be mapped.
    static func mappedLineFeeds(fd: Int32, from: Int, to: Int, rest: (Int) -> Int?) -> Int? {
        guard to > from else { return 0 }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        // In windows of 8 MiB, unmapped as soon as they are counted, so the pages never add up in
        // the resident set (a whole-file mapping counted 127 MB of it).
        let window = 8 << 20
        var count = 0
        var position = from
        while position < to {
            let start = position / page * page
            let end = min(to, start + window)
            let length = end - start
            guard let base = mmap(nil, length, PROT_READ, MAP_PRIVATE, fd, off_t(start)), base != MAP_FAILED else {
                guard position != from, let remaining = rest(position) else { return nil }
                return count + remaining
            }
            _ = madvise(base, length, MADV_SEQUENTIAL)
            let bytes = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self) + (position - start), count: end - position)
            count += Self.lineFeeds(bytes)
            munmap(base, length)
            position = end
        }
        return count
    }

    /// Counts line feeds with the C library's `memchr` (vectorised), one call per line.
    static func lineFeeds(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard var cursor = UnsafeRawPointer(bytes.baseAddress) else { return 0 }
        let end = cursor + bytes.count
        var count = 0
        while cursor < end, let found = memchr(cursor, 0x0A, end - cursor) {
            count += 1
            cursor = UnsafeRawPointer(found) + 1
        }
        return count
    }

    /// The fire on one line (without its line feed) starting at `offset`, checked against the header.
    func fire(line: UnsafeBufferPointer<UInt8>, at offset: Int, reader: inout PlanFireReader) throws -> Fire {
        let isLast = offset + line.count + 1 == linesEnd
        var failureColumn = 1
        do {
            let fire =
                try reader.readCanonicalFire(line, isLast: isLast)
                ?? JSONScanner.scan(buffer: line, maxDepth: 4) { scanner -> Fire in
                    scanner.skipWhitespace()
                    failureColumn = scanner.position + 1
                    guard scanner.peek() == 0x7B else {
                        throw PlanFireReader.FireProblem(
                            message: "expected one fire object per line (the plan layout `almanac compile` writes)")
                    }
                    let fire = try reader.readFireObject(&scanner)
                    let comma = scanner.consume(0x2C)
                    scanner.skipWhitespace()
                    if scanner.position < scanner.bytes.count {
                        failureColumn = scanner.position + 1
                        throw PlanFireReader.FireProblem(message: "unexpected text after the fire; a plan has one fire per line")
                    }
                    if comma && isLast { throw PlanFireReader.FireProblem(message: "',' after the last fire") }
                    if !comma && !isLast { throw PlanFireReader.FireProblem(message: "expected ',' after the fire (one fire per line)") }
                    return fire
                }
            // Consecutive fires mostly share a trigger: look it up once per run of them.
            if fire.trigger != reader.declaredTrigger {
                guard header.triggers[fire.trigger] != nil else {
                    throw PlanFireReader.FireProblem(message: "trigger \"\(fire.trigger)\" is not declared in \"triggers\"")
                }
                reader.declaredTrigger = fire.trigger
            }
            guard header.window.contains(fire.at) else {
                throw PlanFireReader.FireProblem(
                    message: "\(fire.id) at \(fire.at) is outside the plan's window [\(header.window.from), \(header.window.to))")
            }
            return fire
        } catch let problem as PlanFireReader.FireProblem {
            throw try located("fires: \(problem.message)", offset: offset, column: failureColumn)
        } catch let error as JSONReadError {
            throw try located("not valid JSON: \(error.message)", offset: offset, column: error.column)
        }
    }

    /// An error at `column` of the line starting at byte `offset` (lines are counted only now).
    func located(_ message: String, offset: Int, column: Int) throws -> PlanError {
        PlanError(message, line: 1 + (try lineFeeds(from: 0, to: offset)), column: column)
    }

    /// An unsorted pair, located at the later fire's line.
    func unsorted(_ fire: Fire, after previous: Fire, offset: Int) throws -> PlanError {
        try located("fires: fires are not sorted by (at, trigger, id): \(fire.id) comes after \(previous.id)", offset: offset, column: 1)
    }

    func truncated() -> PlanError {
        PlanError("cannot read \(path): the file changed while it was read (it is shorter than when it was opened)")
    }

    /// Fills `buffer` from `offset`; false at an early end of file.
    static func readFully(_ fd: Int32, _ path: String, into buffer: inout [UInt8], at offset: Int) throws -> Bool {
        var done = 0
        while done < buffer.count {
            let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, $0.count - done, off_t(offset + done)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw PlanError("cannot read \(path): \(String(cString: strerror(errno)))")
            }
            if n == 0 { return false }
            done += n
        }
        return true
    }
}

private func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }
