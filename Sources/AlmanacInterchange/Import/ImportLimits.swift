import AlmanacModel

/// What an import may produce, checked against the source before anything is built: a spec is
/// at most 16 MiB (the spec reader's limit), and each source item (a job line, an OnCalendar=, a
/// CronJob, a VEVENT) becomes a trigger of a few hundred bytes. A file over the limits is refused at
/// the first item past them, so a 1,000,000-line crontab fails in a scan, not after building a spec
/// nobody can check (it took 20 s and 662 MiB to end in E0103 before).
public struct ImportLimits: Sendable {
    /// Source bytes: a spec never holds less than its source, so more than the spec limit never fits.
    public var maxBytes: Int
    /// Triggers: at 10,000 the whole import, check included, stays under 2 s and 128 MiB
    /// (`scripts/ci/import-limits.sh`).
    public var maxTriggers: Int

    public init(maxBytes: Int = 16 << 20, maxTriggers: Int = 10_000) {
        self.maxBytes = maxBytes
        self.maxTriggers = maxTriggers
    }

    /// The refusal for `file` read as `format`, or nil when it fits.
    func refusal(_ format: ImportFormat, _ file: SourceFile) -> Diagnostic? {
        if file.bytes.count > maxBytes {
            return Diagnostic(.importFileTooLarge(bytes: file.bytes.count, limit: maxBytes), at: SourceRange(line: 1, column: 1, length: 1))
        }
        let (what, lines) = Self.items(format, file.bytes, stopAfter: maxTriggers + 1)
        guard lines.count > maxTriggers else { return nil }
        let total = Self.items(format, file.bytes, stopAfter: Int.max).lines.count
        return Diagnostic(
            .importTooLarge(what, count: total, limit: maxTriggers), at: SourceRange(line: lines[maxTriggers], column: 1, length: 1))
    }

    /// The lines where the source's items start (at most `stopAfter`), found by one scan of the bytes.
    static func items(_ format: ImportFormat, _ bytes: [UInt8], stopAfter: Int) -> (what: String, lines: [Int]) {
        var lines: [Int] = []
        var line = 1
        var start = 0
        bytes.withUnsafeBufferPointer { b in
            var i = 0
            while i <= b.count && lines.count < stopAfter {
                if i == b.count || b[i] == 0x0A {
                    var s = start
                    while s < i, b[s] == 0x20 || b[s] == 0x09 { s += 1 }
                    var e = i
                    if e > s, b[e - 1] == 0x0D { e -= 1 }
                    if Self.startsItem(format, b, s, e, atLineStart: s == start) { lines.append(line) }
                    line += 1
                    start = i + 1
                }
                i += 1
            }
        }
        let what = ["crontab": "job lines", "systemd": "OnCalendar= lines", "k8s": "CronJobs", "ics": "VEVENTs"][format.rawValue]!
        return (what, lines)
    }

    private static func startsItem(_ format: ImportFormat, _ b: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int, atLineStart: Bool) -> Bool {
        func has(_ prefix: String, caseless: Bool = false) -> Bool {
            let p = Array(prefix.utf8)
            guard e - s >= p.count else { return false }
            return (0..<p.count).allSatisfy { caseless ? b[s + $0] | 0x20 == p[$0] | 0x20 : b[s + $0] == p[$0] }
        }
        switch format {
        case .crontab:
            // A job: not blank, not a comment, not `NAME=value`.
            guard s < e, b[s] != UInt8(ascii: "#") else { return false }
            var k = s
            while k < e,
                b[k] == UInt8(ascii: "_") || (b[k] | 0x20 >= 0x61 && b[k] | 0x20 <= 0x7A) || (k > s && b[k] >= 0x30 && b[k] <= 0x39)
            { k += 1 }
            while k < e, b[k] == 0x20 || b[k] == 0x09 { k += 1 }
            return !(k > s && k < e && b[k] == UInt8(ascii: "="))
        case .systemd: return has("OnCalendar")
        case .k8s: return has("kind:") && (0..<(e - s)).contains { occurs("CronJob", at: s + $0, b, e) }
        case .ics: return atLineStart && e - s == 12 && has("BEGIN:VEVENT", caseless: true)
        }
    }

    private static func occurs(_ word: String, at s: Int, _ b: UnsafeBufferPointer<UInt8>, _ e: Int) -> Bool {
        let p = Array(word.utf8)
        guard e - s >= p.count else { return false }
        return (0..<p.count).allSatisfy { b[s + $0] == p[$0] }
    }
}
