internal import CAlmanacProcess

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts a command without a shell (`posix_spawnp`) in a process group of its own, its standard
/// input already holding the payload, its signal mask and dispositions reset so a daemon's blocked
/// or ignored signals do not leak into it, and no descriptor of the daemon's but its standard output
/// and error: a command that outlives the daemon must not hold its metrics port or a connection.
enum ProcessLauncher {
    /// An environment as `posix_spawn` takes it, its `NAME=value` strings made once for every
    /// command that inherits it (the exec backend's base environment).
    // Measured (scripts/bench/delivery.sh, exec at 100 and 500 fires/s): copying, sorting and
    // converting the whole environment for each command took about 25 µs of the daemon's 250 µs a fire.
    final class Environment: @unchecked Sendable {
        /// `NAME=value`, by name; freed with the environment.
        fileprivate let entries: [UnsafeMutablePointer<CChar>?]
        /// Where a payload larger than a pipe holds goes: `TMPDIR`, else /tmp.
        let temporaryDirectory: String

        /// `variables` without the names in `excluding` (those each command is given its own of).
        init(_ variables: [String: String], excluding: Set<String> = []) {
            entries = variables.keys.sorted().filter { !excluding.contains($0) }.map { strdup("\($0)=\(variables[$0]!)") }
            temporaryDirectory = variables["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        }

        deinit { entries.forEach { free($0) } }
    }

    /// Starts `arguments` and returns its pid, which is also its process group's id.
    ///
    /// The command's environment is `environment` and then `adding` (`NAME=value` each, for this
    /// command only; `environment` holds none of their names).
    ///
    /// `input` is in place before the command can run: written into a pipe whose write end is closed
    /// before the spawn (payloads that fit the pipe's buffer), else into an unlinked temporary file.
    /// So a daemon that dies right after the spawn never leaves a command with an empty or cut input.
    static func launch(_ arguments: [String], environment: Environment, adding: [String] = [], input: [UInt8]) throws -> pid_t {
        guard let program = arguments.first else { throw ExecutorError("no command given") }
        let stdinFD = try inputDescriptor(input, temporaryDirectory: environment.temporaryDirectory)
        defer { close(stdinFD) }

        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdinFD, 0)
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGHUP, SIGINT, SIGTERM, SIGPIPE, SIGXFSZ, SIGQUIT, SIGUSR1, SIGUSR2] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        // A group of its own, so a timeout or a replacement stops its children too (kill(-pgid)).
        posix_spawnattr_setpgroup(&attributes, 0)
        var flags = Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP)
        // SwiftNIO's sockets (the metrics or console server's listening socket and its connections, a
        // store's database connections) are not close-on-exec: a command held them, so a daemon
        // restarted after a crash could not listen on its port while a command of the old one ran, and
        // a scrape's connection stayed open for as long as a command did. Where the C library cannot
        // close them in the child (ENOSYS), the command starts as before.
        let kept = almanac_spawn_keep_standard_only(&actions, &flags)
        guard kept == 0 || kept == ENOSYS else { throw ExecutorError("\(program): cannot close the daemon's descriptors: \(reason(kept))") }
        posix_spawnattr_setflags(&attributes, flags)

        let argv = arguments.map { strdup($0) } + [nil]
        let added = adding.map { strdup($0) }
        let envp = environment.entries + added + [nil]
        defer {
            argv.forEach { free($0) }
            added.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = withExtendedLifetime(environment) { posix_spawnp(&pid, program, &actions, &attributes, argv, envp) }
        guard result == 0 else { throw ExecutorError("\(program): \(reason(result))") }
        return pid
    }

    /// `no such file or directory`: strerror in lower case, to follow a colon in a log line.
    static func reason(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// A close-on-exec descriptor to read `input` from, positioned at its start and ending with it.
    private static func inputDescriptor(_ input: [UInt8], temporaryDirectory directory: String) throws -> Int32 {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw ExecutorError("cannot create a pipe: \(reason(errno))") }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFL, O_NONBLOCK)
        var offset = 0
        while offset < input.count {
            let n = input.withUnsafeBufferPointer { write(fds[1], $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            offset += n
        }
        close(fds[1])
        if offset == input.count { return fds[0] }
        close(fds[0])
        // Larger than the pipe's buffer: a file nobody else can open, removed at once.
        var template = Array((directory + "/almanac-payload.XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw ExecutorError("cannot create a file for the payload in \(directory): \(reason(errno))") }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        do {
            try writeAll(fd, input, to: "the payload file in \(directory)")
        } catch {
            close(fd)
            throw ExecutorError("cannot write the payload: \(error)")
        }
        lseek(fd, 0, SEEK_SET)
        return fd
    }
}
