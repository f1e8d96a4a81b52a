import AlmanacExecutor
import AlmanacTime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The executor's other inputs: the journal (first byte even) and location fixes (odd), the rest
/// of the input being the file. Checks: no crash; what a journal shows (its baseline and recent
/// deliveries), appended to a fresh journal, reads back the same; fixes are on the globe, in time order, and every fix and problem names a
/// line of the input.
public enum ExecutorInputCheck {
    public static func run(_ bytes: [UInt8]) {
        guard let selector = bytes.first else { return }
        let rest = Array(bytes.dropFirst())
        if selector & 1 == 0 { journal(rest) } else { locationFixes(rest) }
    }

    static func journal(_ bytes: [UInt8]) {
        guard let read = JournalAdapter.read(bytes) else { return }
        guard let again = JournalAdapter.rewrite(read.entries) else {
            invariant(false, "the journal cannot be written back"); return
        }
        invariant(again.entries == read.entries, "journal entries differ after a write and read back")
        invariant(again.warnings.isEmpty, "the journal's own lines do not read back: \(again.warnings)")
    }

    static func locationFixes(_ bytes: [UInt8]) {
        let (fixes, problems) = LocationFixReader.read(bytes)
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).count
        var last: Instant?
        for fix in fixes {
            invariant(fix.line >= 1 && fix.line <= lines, "fix on line \(fix.line) of \(lines)")
            invariant(fix.latitude.isFinite && abs(fix.latitude) <= 90, "latitude \(fix.latitude) accepted")
            invariant(fix.longitude.isFinite && abs(fix.longitude) <= 180, "longitude \(fix.longitude) accepted")
            if let accuracy = fix.accuracy { invariant(accuracy.isFinite && accuracy >= 0, "accuracy \(accuracy) accepted") }
            if let last { invariant(last <= fix.at, "fix at \(fix.at) after \(last)") }
            last = fix.at
        }
        for problem in problems {
            invariant(problem.line >= 1 && problem.line <= lines, "problem on line \(problem.line) of \(lines): \(problem.message)")
        }
    }
}

/// The journal as the executor opens it, through a scratch state directory. One place to repoint
/// when the journal's API changes.
enum JournalAdapter {
    nonisolated(unsafe) static var scratch: String?
    /// What the file store may leave in a state directory.
    static let stateFiles = [Journal.fileName, "snapshot.jsonl", "lock", "registered.json"]

    /// A directory of this process's own (in memory where the system has /dev/shm).
    static func directory(_ name: String) -> String? {
        if scratch == nil {
            let base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
            var template = Array("\(base)/almanac-fuzz-XXXXXX".utf8CString)
            guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { return nil }
            scratch = String(cString: made)
            atexit { JournalAdapter.removeScratch() }
        }
        let path = scratch! + "/" + name
        mkdir(path, 0o755)
        for file in stateFiles { unlink(path + "/" + file) }
        return path
    }

    /// Removes the scratch directory when the fuzzer exits (a crash leaves it for inspection).
    static func removeScratch() {
        guard let scratch else { return }
        for name in ["read", "write"] {
            for file in stateFiles { unlink(scratch + "/" + name + "/" + file) }
            rmdir(scratch + "/" + name)
        }
        rmdir(scratch)
    }

    /// What a journal shows of itself: its baseline as a start entry, then its recent deliveries.
    static func observed(_ journal: Journal) -> [Journal.Entry] {
        (journal.baseline.map { [Journal.Entry.start(now: $0)] } ?? []) + journal.recentDeliveries(Journal.recentLimit)
    }

    static func read(_ bytes: [UInt8]) -> (entries: [Journal.Entry], warnings: [String])? {
        guard let dir = directory("read") else { return nil }
        let fd = open(dir + "/" + Journal.fileName, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { return nil }
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard let journal = try? Journal(directory: dir) else { return nil }
        return (observed(journal), journal.warnings)
    }

    static func rewrite(_ entries: [Journal.Entry]) -> (entries: [Journal.Entry], warnings: [String])? {
        guard let dir = directory("write") else { return nil }
        do {
            let journal = try Journal(directory: dir)
            for entry in entries { try journal.append(entry) }
        } catch { return nil }
        guard let again = try? Journal(directory: dir) else { return nil }
        return (observed(again), again.warnings)
    }
}
