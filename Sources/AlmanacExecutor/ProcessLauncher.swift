#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts a command without a shell (`posix_spawnp`), its standard input a pipe the caller writes to,
/// its signal mask and dispositions reset so a daemon's blocked or ignored signals do not leak into it.
enum ProcessLauncher {
    struct Child {
        var pid: pid_t
        /// The write end of the child's standard input.
        var stdinFD: Int32
    }

    static func launch(_ arguments: [String], environment: [String: String]) throws -> Child {
        guard let program = arguments.first else { throw ExecutorError("exec: no command given") }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw ExecutorError("exec: pipe failed: \(String(cString: strerror(errno)))") }
        // Close-on-exec on both ends: only the dup2'd copy (fd 0) reaches the child.
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        defer { close(fds[0]) }

        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[0], 0)
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGHUP, SIGINT, SIGTERM, SIGPIPE, SIGQUIT, SIGUSR1, SIGUSR2] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.keys.sorted().map { strdup("\($0)=\(environment[$0]!)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, program, &actions, &attributes, argv, envp)
        guard result == 0 else {
            close(fds[1])
            throw ExecutorError("exec: cannot start \(program): \(String(cString: strerror(result)))")
        }
        return Child(pid: pid, stdinFD: fds[1])
    }
}
