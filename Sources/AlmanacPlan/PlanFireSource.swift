import AlmanacTime
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A plan's header — everything but its fires, read and checked whole — and its fires, read in order
/// from any instant: from memory, or lazily from the lines of a plan file.
///
/// A plan file in the layout `almanac compile` writes (the `fires` array last, one fire per line) is
/// never read whole: a cursor seeks to an instant by binary search over byte offsets and reads the
/// lines it is asked for, checking each fire as it reads it (its fields, its trigger, the window, and
/// that it comes after the fire before it). A plan in any other layout, or one that is not a regular
/// file, is read whole and checked up front, within `nonRegularLimit` bytes when it is not a regular
/// file (a pipe or a device could otherwise grow without bound).
public final class PlanFireSource: @unchecked Sendable {
    /// The plan without its fires (its `fires` array is always empty).
    public let header: Plan
    /// Whether every trigger has the same priority (a budget then takes the earliest fires).
    public let hasUniformPriority: Bool
    let storage: Storage

    enum Storage {
        case memory([Fire])
        case file(PlanLines)
    }

    /// Bytes read at most from a plan that is not a regular file (a pipe, a device, standard input).
    public static let nonRegularLimit = 64 << 20

    /// A source over a plan already in memory.
    public convenience init(_ plan: Plan) {
        var header = plan
        header.fires = []
        self.init(header: header, storage: .memory(plan.fires))
    }

    init(header: Plan, storage: Storage) {
        self.header = header
        self.storage = storage
        let priorities = Set(header.triggers.values.map(\.priority))
        hasUniformPriority = priorities.count <= 1
    }

    /// Opens the plan at `path`: lazily when it is a regular file in the compiler's layout, whole otherwise.
    public static func open(path: String) throws -> PlanFireSource {
        let fd = openReadOnly(path)
        guard fd >= 0 else { throw PlanError("cannot read \(path): \(String(cString: strerror(errno)))") }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            defer { close(fd) }
            throw PlanError("cannot read \(path): \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            defer { close(fd) }
            let bytes = try FileBytes.read(fd: fd, path: path, sizeHint: 0, limit: nonRegularLimit)
            return PlanFireSource(try PlanReader.read(bytes))
        }
        if let lines = try PlanLines.open(fd: fd, path: path, size: Int(info.st_size)) {
            return PlanFireSource(header: lines.header, storage: .file(lines))
        }
        // Not the compiler's layout (or not a plan at all): the whole reader says what is wrong.
        defer { close(fd) }
        let bytes = try FileBytes.read(fd: fd, path: path, sizeHint: Int(info.st_size), limit: nil)
        return PlanFireSource(try PlanReader.read(bytes))
    }

    /// A cursor at the first fire at or after `instant` (the first fire when nil).
    public func cursor(from instant: Instant? = nil) throws -> PlanFireCursor {
        switch storage {
        case .memory(let fires):
            var start = 0
            if let instant {
                var high = fires.count
                while start < high {
                    let mid = (start + high) / 2
                    if fires[mid].at >= instant { high = mid } else { start = mid + 1 }
                }
            }
            return PlanFireCursor(memory: fires, index: start)
        case .file(let lines):
            return try PlanFireCursor(lines: lines, from: instant)
        }
    }

    /// The cursor's position as a fire index would be too costly for a file; this reads every fire
    /// (for whole-plan uses and tests).
    public func allFires() throws -> [Fire] {
        let cursor = try cursor()
        var fires: [Fire] = []
        while let fire = try cursor.next() { fires.append(fire) }
        return fires
    }

    /// The whole plan, fires included.
    public func plan() throws -> Plan {
        var plan = header
        plan.fires = try allFires()
        return plan
    }
}

/// The C `open` for reading, named apart from `PlanFireSource.open`.
private func openReadOnly(_ path: String) -> Int32 {
    open(path, O_RDONLY | O_CLOEXEC)
}
