import AlmanacPlan
import AlmanacTime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The journal store of a state directory: `journal.jsonl` (entries appended in groups, each group
/// one `write` and one `fsync`), `snapshot.jsonl` (the compacted state: baseline, watermark, ids still needed, last
/// deliveries; replaced atomically, after which the journal restarts empty), `registered.json`, and
/// `lock`, held with `flock` by the one daemon using the directory (its pid inside).
///
/// A write either lands whole or is cut back to the last whole line; a read-only store (`pending`)
/// changes nothing, not even a torn last line.
public final class FileJournalStore: JournalStore, @unchecked Sendable {
    public enum Mode: Sendable {
        /// `run`: creates the directory, takes the lock, repairs a torn last line.
        case readWrite
        /// `pending`: the directory must exist; nothing is locked, created or changed.
        case readOnly
    }

    /// The system `write`, replaceable so tests can fail a write halfway (a full disk).
    public typealias WriteFunction = @Sendable (Int32, UnsafeRawPointer, Int) -> Int

    public static let snapshotName = "snapshot.jsonl"
    public static let lockName = "lock"

    public let directory: String
    public let path: String
    public let mode: Mode
    private let fileDescriptor: Int32
    private var lockDescriptor: Int32 = -1
    private let writeBytes: WriteFunction
    private let lock = Lock()
    private var index = JournalIndex()
    /// The journal's length after the last whole line: where a failed write is cut back to.
    private var length: off_t = 0
    /// A failed write could not be cut back; the next append retries the cut first.
    private var needsCut = false
    /// Why a group of appends failed, given what the caller appended (for the message).
    private typealias Failure = @Sendable (String) -> ExecutorError
    /// Appends from the loop and from exec's supervisors, written and synced in groups.
    private let commits = GroupCommit<(entries: [Journal.Entry], bytes: [UInt8]), Failure>()
    /// Calls after each sync of the journal, with the number of entries it made durable.
    private var syncHandler: @Sendable (Int) -> Void = { _ in }
    private var syncCount = 0
    public private(set) var warnings: [String] = []

    public init(
        directory: String, mode: Mode = .readWrite,
        write: @escaping WriteFunction = { fd, bytes, count in systemWrite(fd, bytes, count) }
    ) throws {
        self.directory = directory
        self.path = directory + "/" + Journal.fileName
        self.mode = mode
        self.writeBytes = write
        var info = stat()
        if stat(directory, &info) != 0 {
            guard mode == .readWrite, errno == ENOENT else {
                throw ExecutorError(
                    "state directory \(directory) "
                        + (errno == ENOENT ? "does not exist" : "cannot be read: \(String(cString: strerror(errno)))"))
            }
            if mkdir(directory, 0o755) != 0 && errno != EEXIST {
                throw ExecutorError("cannot create state directory \(directory): \(String(cString: strerror(errno)))")
            }
        } else if info.st_mode & S_IFMT != S_IFDIR {
            throw ExecutorError("state directory \(directory) is not a directory")
        }
        if mode == .readWrite {
            lockDescriptor = try Self.takeLock(directory)
            let fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
            guard fd >= 0 else {
                close(lockDescriptor)
                throw ExecutorError("cannot open \(path): \(String(cString: strerror(errno)))")
            }
            fileDescriptor = fd
        } else {
            fileDescriptor = open(path, O_RDONLY | O_CLOEXEC)
            if fileDescriptor < 0 && errno != ENOENT {
                throw ExecutorError("cannot open \(path): \(String(cString: strerror(errno)))")
            }
        }
        do {
            try load()
        } catch {
            if fileDescriptor >= 0 { close(fileDescriptor) }
            if lockDescriptor >= 0 { close(lockDescriptor) }
            throw error
        }
    }

    deinit {
        if fileDescriptor >= 0 { close(fileDescriptor) }
        // Closing the descriptor releases the flock.
        if lockDescriptor >= 0 { close(lockDescriptor) }
    }

    public var baseline: Instant? { lock.withLock { index.baseline } }
    public var watermark: Instant? { lock.withLock { index.watermark } }
    public var entriesSinceCompaction: Int { lock.withLock { index.entriesSinceCompaction } }
    public func isDone(_ id: String) -> Bool { lock.withLock { index.isDone(id) } }
    /// How many times the journal was synced since it was opened: one per group of appends.
    public var syncs: Int { lock.withLock { syncCount } }
    public func recent(_ count: Int) -> [Journal.Entry] { lock.withLock { index.recent(count) } }

    /// Writes `entries` as lines in one `write` and makes them durable with one `fsync`, shared
    /// with whatever other threads append meanwhile (`GroupCommit`); on failure none is kept.
    public func append(contentsOf entries: [Journal.Entry]) throws {
        guard !entries.isEmpty else { return }
        guard mode == .readWrite else { throw ExecutorError("the journal \(path) is open read-only") }
        var bytes: [UInt8] = []
        for entry in entries {
            bytes += JournalLine.format(entry).utf8
            bytes.append(0x0A)
        }
        if let failure = commits.commit((entries, bytes), by: writeGroup) {
            throw failure(Self.describe(entries))
        }
    }

    /// Writes a group of appends and syncs it once; on failure cuts the file back to its last whole
    /// line. Called by one thread at a time (`commits`), so `length` and `needsCut` are its own.
    private func writeGroup(_ group: [(entries: [Journal.Entry], bytes: [UInt8])]) -> Failure? {
        do { try checkStillThere() } catch { return { _ in error as? ExecutorError ?? ExecutorError("\(error)") } }
        let path = self.path
        if needsCut {
            guard ftruncate(fileDescriptor, length) == 0 else {
                let reason = String(cString: strerror(errno))
                return { ExecutorError("cannot write the journal \(path) for \($0): its torn last line cannot be cut: \(reason)") }
            }
            needsCut = false
        }
        let bytes = group.count == 1 ? group[0].bytes : Array(group.map(\.bytes).joined())
        if let failure = writeWhole(fileDescriptor, bytes)
            ?? (fsync(fileDescriptor) == 0 ? nil : "cannot sync: \(String(cString: strerror(errno)))")
        {
            // Cut back what landed, so the next entry starts a line of its own.
            let cut = ftruncate(fileDescriptor, length) == 0
            needsCut = !cut
            let reason = failure + (cut ? "; cut back to the last whole line" : "; could not cut back: \(String(cString: strerror(errno)))")
            return { ExecutorError("cannot write the journal \(path) for \($0): \(reason)") }
        }
        length += off_t(bytes.count)
        let handler = lock.withLock {
            for append in group {
                for entry in append.entries { index.apply(entry) }
            }
            syncCount += 1
            return syncHandler
        }
        handler(group.reduce(0) { $0 + $1.entries.count })
        return nil
    }

    public func compact(watermark: Instant) throws {
        try commits.exclusively {
            try lock.withLock {
                guard mode == .readWrite else { throw ExecutorError("the journal \(path) is open read-only") }
                try checkStillThere()
                var next = index
                next.compact(watermark: watermark)
                let snapshot = directory + "/" + Self.snapshotName
                try replaceAtomically(snapshot, Array((next.snapshotLines().joined(separator: "\n") + "\n").utf8))
                // The snapshot holds everything the journal said; from here the journal restarts.
                guard ftruncate(fileDescriptor, 0) == 0, fsync(fileDescriptor) == 0 else {
                    var info = stat()
                    length = fstat(fileDescriptor, &info) == 0 ? info.st_size : length
                    throw ExecutorError("cannot restart the journal \(path) after compaction: \(String(cString: strerror(errno)))")
                }
                length = 0
                index = next
            }
        }
    }

    public func recordRegistration(_ text: String) throws {
        try lock.withLock {
            guard mode == .readWrite else { throw ExecutorError("the state directory \(directory) is open read-only") }
            try checkStillThere()
            try replaceAtomically(directory + "/" + RegistrationRecord.fileName, Array(text.utf8))
        }
    }

    public func registration() throws -> String? {
        let path = directory + "/" + RegistrationRecord.fileName
        guard access(path, F_OK) == 0 else { return nil }
        return String(decoding: try FileBytes.read(path), as: UTF8.self)
    }

    // MARK: - Opening

    /// Takes the directory's lock or names the process holding it.
    private static func takeLock(_ directory: String) throws -> Int32 {
        let path = directory + "/" + lockName
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw ExecutorError("cannot open the lock \(path): \(String(cString: strerror(errno)))") }
        // A lock just released can stay held for a moment by a process being spawned elsewhere in
        // this process (between its fork and its exec it shares our descriptors): try for 200 ms
        // before naming the holder. (Seen once in `swift test`, where commands run in parallel.)
        var attempts = 0
        while flock(fd, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK && attempts < 20 {
            attempts += 1
            usleep(10_000)
        }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let reason = errno
            var buffer = [UInt8](repeating: 0, count: 32)
            let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
            close(fd)
            guard reason == EWOULDBLOCK else { throw ExecutorError("cannot lock \(path): \(String(cString: strerror(reason)))") }
            let holder = String(decoding: buffer.prefix(max(0, count)), as: UTF8.self).trimmingWhitespace()
            throw ExecutorError(
                "state directory \(directory) is in use by another almanac-exec (pid \(holder.isEmpty ? "unknown" : holder), lock \(path))")
        }
        let pid = Array("\(getpid())\n".utf8)
        ftruncate(fd, 0)
        _ = pid.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        return fd
    }

    /// Reads the snapshot, then the journal; every unreadable line is reported with its number.
    private func load() throws {
        let snapshot = directory + "/" + Self.snapshotName
        if access(snapshot, F_OK) == 0 {
            let bytes = try FileBytes.read(snapshot)
            _ = readLines(bytes, name: snapshot)
            index.entriesSinceCompaction = 0
        }
        guard fileDescriptor >= 0 else { return }
        let bytes = try FileBytes.read(path)
        let whole = readLines(bytes, name: path)
        length = off_t(whole)
        if whole < bytes.count && mode == .readWrite {
            // A torn last line (a crash mid-append): cut it so the next entry starts clean.
            guard ftruncate(fileDescriptor, off_t(whole)) == 0 else {
                throw ExecutorError("cannot cut the torn last line of \(path): \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Applies the whole lines of `bytes`; returns their length (where a torn last line starts).
    private func readLines(_ bytes: [UInt8], name: String) -> Int {
        var start = 0, number = 0
        while start < bytes.count {
            number += 1
            guard let end = bytes[start...].firstIndex(of: 0x0A) else {
                let action = mode == .readWrite ? "cut" : "ignored"
                warnings.append(
                    "\(name):\(number): torn last line (\(bytes.count - start) bytes without a newline) \(action): \(Self.excerpt(bytes[start...]))"
                )
                return start
            }
            let line = Array(bytes[start..<end])
            if !line.isEmpty && !index.apply(line: line) {
                warnings.append("\(name):\(number): unreadable journal entry skipped: \(Self.excerpt(line[...]))")
            }
            start = end + 1
        }
        return start
    }

    // MARK: - Writing

    /// The state directory deleted or replaced under a running daemon must stop it, not be written into the void.
    private func checkStillThere() throws {
        var open = stat(), named = stat()
        guard fstat(fileDescriptor, &open) == 0, open.st_nlink > 0 else {
            throw ExecutorError("the journal \(path) was deleted (state directory \(directory) removed?); stopping")
        }
        guard stat(path, &named) == 0, named.st_ino == open.st_ino, named.st_dev == open.st_dev else {
            throw ExecutorError("the journal \(path) was replaced or its state directory moved; stopping")
        }
    }

    /// Writes all of `bytes`; nil, or why not.
    private func writeWhole(_ fd: Int32, _ bytes: [UInt8]) -> String? {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { writeBytes(fd, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            if count == 0 { return "nothing written" }
            offset += count
        }
        return nil
    }

    /// Write to a temporary file, fsync, rename over `path`, fsync the directory.
    private func replaceAtomically(_ path: String, _ bytes: [UInt8]) throws {
        let temporary = path + ".tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw ExecutorError("cannot write \(temporary): \(String(cString: strerror(errno)))") }
        let failure = writeWhole(fd, bytes) ?? (fsync(fd) == 0 ? nil : "cannot sync: \(String(cString: strerror(errno)))")
        close(fd)
        if let failure {
            unlink(temporary)
            throw ExecutorError("cannot write \(temporary): \(failure)")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw ExecutorError("cannot replace \(path): \(reason)")
        }
        let directoryFD = open(directory, O_RDONLY | O_CLOEXEC)
        if directoryFD >= 0 {
            fsync(directoryFD)
            close(directoryFD)
        }
    }

    /// Calls `handler` after each sync of the journal with the number of entries it made durable
    /// (the metrics count syncs).
    public func onSync(_ handler: @escaping @Sendable (Int) -> Void) { lock.withLock { syncHandler = handler } }

    /// `fire ID`, or `fire ID and 3 more entries` for a batch.
    static func describe(_ entries: [Journal.Entry]) -> String {
        describe(entries[0]) + (entries.count > 1 ? " and \(entries.count - 1) more entr\(entries.count == 2 ? "y" : "ies")" : "")
    }

    static func describe(_ entry: Journal.Entry) -> String {
        switch entry {
        case .start(let now): return "the start at \(now)"
        case .fire(let id, _, _, _): return "fire \(id)"
        case .skip(let id, _, _, _, _): return "skip of \(id)"
        case .outcome(let outcome): return "the outcome of \(outcome.fireID)"
        }
    }

    /// At most 60 bytes of a line, printable, for a warning.
    static func excerpt(_ bytes: ArraySlice<UInt8>) -> String {
        let shown = bytes.prefix(60).map { $0 >= 0x20 && $0 < 0x7F ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16) }.joined()
        return bytes.count > 60 ? shown + "… (\(bytes.count) bytes)" : shown
    }
}

/// The C `write`, named apart from the stores' own.
public func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, bytes, count)
}

private extension String {
    func trimmingWhitespace() -> String {
        String(unicodeScalars.filter { !$0.properties.isWhitespace })
    }
}
