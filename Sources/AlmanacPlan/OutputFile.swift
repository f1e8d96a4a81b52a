#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a tool's output file goes: a regular file (or a name not yet taken) is written to a hidden
/// sibling and renamed over it, so no reader sees half a file; a device, pipe or socket is written
/// in place, since renaming over `/dev/null` or a FIFO would replace it with a regular file. A
/// symbolic link is followed to its target: the target is replaced, the link stays.
public struct OutputFile: Sendable {
    /// The path as given.
    public let path: String
    /// `path` with every symbolic link followed (the file that is really written).
    public let target: String
    /// True for devices, pipes and sockets: written directly, never renamed over.
    public let isSpecial: Bool
    /// The hidden sibling of `target` that a regular file is written to first; nil when special.
    public let temporaryPath: String?

    /// Resolves `path`. `tag` makes the temporary name unique to the process (its id).
    public init(_ path: String, tag: Int32 = getpid()) throws {
        self.path = path
        target = try Self.resolveLinks(path)
        var info = stat()
        if stat(target, &info) == 0 {
            let type = info.st_mode & S_IFMT
            if type == S_IFDIR { throw PlanError("cannot write \(path): it is a directory") }
            isSpecial = type != S_IFREG
        } else {
            isSpecial = false
        }
        temporaryPath = isSpecial ? nil : Self.temporaryPath(beside: target, tag: tag)
    }

    /// Opens the destination for writing: the temporary sibling (created afresh) or the special file.
    public func openSink(bufferCapacity: Int = 1 << 20) throws -> FileSink {
        let fd: Int32
        if let temporaryPath {
            unlink(temporaryPath)
            fd = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw PlanError("cannot create \(temporaryPath): \(String(cString: strerror(errno)))") }
        } else {
            fd = open(target, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { throw PlanError("cannot write \(path): \(String(cString: strerror(errno)))") }
        }
        return FileSink(fileDescriptor: fd, bufferCapacity: bufferCapacity)
    }

    /// Moves the temporary sibling over the target unless the target already holds the same bytes
    /// (then its timestamp is left alone, so build tools see no change). True when it was replaced.
    @discardableResult
    public func commit() throws -> Bool {
        guard let temporaryPath else { return true }
        if FileComparison.sameBytes(target, temporaryPath) {
            discard()
            return false
        }
        guard rename(temporaryPath, target) == 0 else {
            let reason = String(cString: strerror(errno))
            discard()
            throw PlanError("cannot write \(path): \(reason)")
        }
        return true
    }

    /// Removes the temporary sibling, if any.
    public func discard() {
        if let temporaryPath { unlink(temporaryPath) }
    }

    /// Writes `bytes` to `path` the way `OutputFile` writes anything: atomically for a regular file,
    /// in place for a special one. True when the file changed.
    @discardableResult
    public static func write(_ bytes: [UInt8], to path: String) throws -> Bool {
        let output = try OutputFile(path)
        do {
            var sink = try output.openSink()
            try bytes.withUnsafeBufferPointer { try sink.write($0) }
            try sink.flush()
            try sink.close()
            return try output.commit()
        } catch {
            output.discard()
            throw error
        }
    }

    /// Follows symbolic links (at most 40, as the kernel does) to the path they name; a link to
    /// a name not yet taken resolves to that name.
    static func resolveLinks(_ path: String) throws -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n >= 0 else { throw PlanError("cannot read the link \(current): \(String(cString: strerror(errno)))") }
            let destination = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = destination.hasPrefix("/") ? destination : directory(of: current) + destination
        }
        throw PlanError("cannot write \(path): too many levels of symbolic links")
    }

    /// `a/b/c` → `a/b/`; `c` → the empty string.
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }

    /// A hidden file in `path`'s folder, so the final rename never crosses file systems.
    public static func temporaryPath(beside path: String, tag: Int32 = getpid()) -> String {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        return directory(of: path) + ".\(name).tmp-\(tag)"
    }
}
