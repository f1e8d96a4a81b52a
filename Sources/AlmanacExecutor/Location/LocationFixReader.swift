import AlmanacJSON
import AlmanacRegistration
import AlmanacTime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads position fixes as JSON lines (`{"at": RFC 3339, "latitude": …, "longitude": …, "accuracy": m}`)
/// or a GPX track (`<trkpt lat lon><time>…</time></trkpt>`), told apart by the first character.
///
/// A bad fix — malformed, off the globe, or earlier than the one before — is reported with its line
/// number and skipped; reading goes on. JSON lines are handed over as each line arrives, so a live
/// feed on standard input is seen at once; GPX is a document and is read whole.
public final class LocationFixReader {
    /// What a bad input line is reported as: `line N: why; skipped`.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public var line: Int
        public var message: String
        public var description: String { "line \(line): \(message); skipped" }
    }

    private enum Format { case undecided, jsonLines, gpx }

    /// Seconds a live fix may be ahead of the executor's clock (device clocks drift; GPS time leads).
    public static let futureTolerance: Int64 = 300

    private let onFix: (LocationFix) -> Void
    private let onProblem: (Problem) -> Void
    private var format = Format.undecided
    private var lineNumber = 0
    private var gpxText: [UInt8] = []
    private var gpxFirstLine = 1
    private var lastTime: Instant?
    /// The latest time a fix may have (a live feed: the clock plus a tolerance); nil accepts any.
    private let latestPlausible: (() -> Instant)?
    private var reportedFutureFix = false

    /// `latestPlausible`, for a live feed, bounds fix times: a fix dated later (a device's clock
    /// gone wrong, `9999-12-31`) is skipped, or every later fix would seem to go back in time.
    public init(
        onFix: @escaping (LocationFix) -> Void, onProblem: @escaping (Problem) -> Void,
        latestPlausible: (() -> Instant)? = nil
    ) {
        self.onFix = onFix
        self.onProblem = onProblem
        self.latestPlausible = latestPlausible
    }

    /// Every fix and problem of a whole input.
    public static func read(_ bytes: [UInt8]) -> (fixes: [LocationFix], problems: [Problem]) {
        var fixes: [LocationFix] = [], problems: [Problem] = []
        let reader = LocationFixReader(onFix: { fixes.append($0) }, onProblem: { problems.append($0) })
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            reader.consume(line: bytes[start..<index])
            start = index + 1
        }
        if start < bytes.count { reader.consume(line: bytes[start...]) }
        reader.finish()
        return (fixes, problems)
    }

    /// Reads `fd` to its end, handing over each complete line as it arrives (a live feed).
    public func stream(fileDescriptor fd: Int32) {
        // `pending[lineStart...]` is the unfinished input; bytes before `scanned` hold no line feed.
        // Each byte is searched once and lines are not cut out of the front one by one, so a long
        // line or a burst of short ones costs time in proportion to its length.
        var pending: [UInt8] = []
        var lineStart = 0, scanned = 0
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            pending += buffer[0..<count]
            while let newline = pending[scanned...].firstIndex(of: 0x0A) {
                consume(line: pending[lineStart..<newline])
                lineStart = newline + 1
                scanned = lineStart
            }
            scanned = pending.count
            if lineStart > 0 && lineStart * 2 >= pending.count {
                pending.removeFirst(lineStart)
                scanned -= lineStart
                lineStart = 0
            }
        }
        if lineStart < pending.count { consume(line: pending[lineStart...]) }
        finish()
    }

    /// One line of input, without its line feed.
    public func consume<Bytes: Collection>(line: Bytes) where Bytes.Element == UInt8 {
        lineNumber += 1
        let trimmed = line.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
        if format == .undecided {
            guard let first = trimmed.first else { return }
            format = first == UInt8(ascii: "<") ? .gpx : .jsonLines
            gpxFirstLine = lineNumber
        }
        switch format {
        case .gpx:
            gpxText += line
            gpxText.append(0x0A)
        case .jsonLines, .undecided:
            guard trimmed.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return }
            switch Self.jsonFix(Array(trimmed), line: lineNumber) {
            case .success(let fix): accept(fix)
            case .failure(let problem): onProblem(problem)
            }
        }
    }

    /// The end of input: a GPX document is parsed now.
    public func finish() {
        guard format == .gpx else { return }
        let (fixes, problems) = LocationGPX.points(gpxText, firstLine: gpxFirstLine)
        problems.forEach(onProblem)
        fixes.forEach(accept)
        gpxText = []
    }

    private func accept(_ fix: LocationFix) {
        if let problem = fix.problem {
            onProblem(Problem(line: fix.line, message: problem))
        } else if let limit = latestPlausible?(), fix.at > limit {
            // Reported once: a feed stuck in the future would otherwise log every line.
            if !reportedFutureFix {
                reportedFutureFix = true
                onProblem(
                    Problem(
                        line: fix.line,
                        message: "time \(fix.at) is in the future (after \(limit)); "
                            + "this and any later fix from the future are skipped, reported only this once"))
            }
        } else if let lastTime, fix.at < lastTime {
            onProblem(Problem(line: fix.line, message: "time \(fix.at) goes back before \(lastTime)"))
        } else {
            lastTime = fix.at
            onFix(fix)
        }
    }

    private static func jsonFix(_ bytes: [UInt8], line: Int) -> Result<LocationFix, Problem> {
        func fail(_ message: String) -> Result<LocationFix, Problem> { .failure(Problem(line: line, message: message)) }
        guard let value = try? JSONReader.parse(bytes), value.objectValue != nil else {
            return fail("not a JSON object like {\"at\": \"2026-12-07T14:58:00Z\", \"latitude\": 41.88, \"longitude\": -87.62}")
        }
        guard let text = value["at"]?.stringValue else { return fail("missing \"at\" (an RFC 3339 instant)") }
        guard let at = instant(text) else { return fail("\"at\": '\(text)' is not an RFC 3339 instant") }
        guard let latitude = value["latitude"]?.doubleValue else { return fail("missing or non-numeric \"latitude\"") }
        guard let longitude = value["longitude"]?.doubleValue else { return fail("missing or non-numeric \"longitude\"") }
        var accuracy: Double?
        if let field = value["accuracy"], field != .null {
            guard let metres = field.doubleValue else { return fail("\"accuracy\" is not a number of metres") }
            accuracy = metres
        }
        return .success(LocationFix(at: at, latitude: latitude, longitude: longitude, accuracy: accuracy, line: line))
    }

    /// An RFC 3339 instant; fractions of a second (common in GPX) are dropped.
    static func instant(_ text: String) -> Instant? {
        var text = Substring(text.trimmingSpaces)
        if let dot = text.firstIndex(of: "."), text.distance(from: text.startIndex, to: dot) == 19 {
            let digits = text[text.index(after: dot)...].prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty else { return nil }
            text = text[..<dot] + text[text.index(dot, offsetBy: digits.count + 1)...]
        }
        return RFC3339.parseInstant(truncatingFraction: String(text))
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and line breaks.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}

/// `read(2)`, named apart from `LocationFixReader.read`.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}
