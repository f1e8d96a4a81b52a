import AlmanacJSON
import AlmanacPlan
import AlmanacTime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The executor's durable memory: an append-only JSON-lines file (`journal.jsonl` in the state
/// directory), each entry written and fsync'd before the executor acts on it.
///
/// A fire is journaled *before* the backend is called: a crash between the two loses that one fire
/// rather than repeating it (at-most-once), which is what a reminder should do. A restart reads the
/// journal and never fires a journaled id again. Without a directory the journal lives in memory.
public final class Journal: @unchecked Sendable {
    /// One line of the journal.
    public enum Entry: Equatable, Sendable {
        /// The executor started; the first start is the journal's baseline.
        case start(now: Instant)
        case fire(id: String, trigger: String, at: Instant, now: Instant)
        /// A fire not delivered, with why (`misfire`).
        case skip(id: String, trigger: String, at: Instant, now: Instant, reason: String)
        /// How the work a fire started ended (exec backend).
        case outcome(FireOutcome)
    }

    public static let fileName = "journal.jsonl"

    private let fileDescriptor: Int32?
    private let lock = Lock()
    private var done: Set<String> = []
    public private(set) var entries: [Entry] = []
    /// Lines that could not be read (a torn last line is dropped silently; others are reported here).
    public private(set) var warnings: [String] = []

    /// A journal kept in memory only.
    public init() { fileDescriptor = nil }

    /// Opens (creating if needed) the journal in `directory`, reading what it holds.
    public init(directory: String) throws {
        if mkdir(directory, 0o755) != 0 && errno != EEXIST {
            throw ExecutorError("cannot create state directory \(directory): \(String(cString: strerror(errno)))")
        }
        let path = directory + "/" + Journal.fileName
        let fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw ExecutorError("cannot open \(path): \(String(cString: strerror(errno)))") }
        fileDescriptor = fd
        var bytes = try FileBytes.read(path)
        // A crash mid-append leaves a partial last line; cut it so the next entry starts clean.
        if let lastNewline = bytes.lastIndex(of: 0x0A), lastNewline + 1 < bytes.count {
            bytes.removeSubrange((lastNewline + 1)...)
            ftruncate(fd, off_t(bytes.count))
        } else if !bytes.isEmpty && bytes.last != 0x0A {
            bytes = []
            ftruncate(fd, 0)
        }
        for (number, line) in bytes.split(separator: 0x0A).enumerated() {
            guard let entry = JournalLine.parse(Array(line)) else {
                warnings.append("\(path):\(number + 1): unreadable journal entry ignored")
                continue
            }
            remember(entry)
        }
    }

    deinit {
        if let fileDescriptor { close(fileDescriptor) }
    }

    /// The first start ever recorded: fires before it were never this executor's to deliver.
    public var baseline: Instant? {
        lock.withLock {
            for case .start(let now) in entries { return now }
            return nil
        }
    }

    /// True when `id` was fired or skipped already.
    public func isDone(_ id: String) -> Bool { lock.withLock { done.contains(id) } }

    /// Appends `entry` durably.
    public func append(_ entry: Entry) throws {
        try lock.withLock {
            if let fileDescriptor {
                try writeAll(fileDescriptor, Array((JournalLine.format(entry) + "\n").utf8))
                guard fsync(fileDescriptor) == 0 else {
                    throw ExecutorError("cannot sync the journal: \(String(cString: strerror(errno)))")
                }
            }
            rememberLocked(entry)
        }
    }

    /// The last `count` fire and skip entries, newest last.
    public func recentDeliveries(_ count: Int) -> [Entry] {
        lock.withLock {
            Array(entries.filter {
                if case .outcome = $0 { return false }
                if case .start = $0 { return false }
                return true
            }.suffix(count))
        }
    }

    private func remember(_ entry: Entry) {
        lock.withLock { rememberLocked(entry) }
    }

    private func rememberLocked(_ entry: Entry) {
        entries.append(entry)
        switch entry {
        case .fire(let id, _, _, _), .skip(let id, _, _, _, _): done.insert(id)
        case .start, .outcome: break
        }
    }
}
