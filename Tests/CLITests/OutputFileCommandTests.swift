import AlmanacTestSupport
import Foundation
import Testing

/// `compile -o` into every kind of destination: a regular file is replaced atomically, a device or
/// pipe is written in place (never replaced by a regular file), a symbolic link is followed to its
/// target and stays a link, and an interrupted compile leaves no temporary file behind.
@Suite struct OutputFileCommandTests {
    static let spec = "version: 1\ntimezone: Europe/Berlin\ntriggers:\n  a: {cron: \"30 9 * * *\"}\n"
    static let window = ["--from", "2027-01-04", "--horizon", "3d"]

    static func directory() throws -> String {
        let dir = NSTemporaryDirectory() + "almanac-out-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Data(spec.utf8).write(to: URL(fileURLWithPath: dir + "/spec.yaml"))
        return dir
    }

    static func compile(_ output: String, in dir: String, _ extra: [String] = []) throws -> CommandRunner.Output {
        try CommandRunner.run("almanac", ["compile", "spec.yaml", "-o", output] + window + extra, in: dir)
    }

    /// The plan that standard output receives, to compare every destination with.
    static func expected(in dir: String) throws -> String {
        let out = try CommandRunner.run("almanac", ["compile", "spec.yaml"] + window, in: dir)
        #expect(out.status == 0, "\(out.stderr)")
        return out.stdout
    }

    @Test func aRegularFileIsReplacedAndLeavesNoTemporary() throws {
        let dir = try Self.directory()
        try Data("old".utf8).write(to: URL(fileURLWithPath: dir + "/plan.json"))
        let out = try Self.compile("plan.json", in: dir)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(try String(contentsOfFile: dir + "/plan.json", encoding: .utf8) == Self.expected(in: dir))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["plan.json", "spec.yaml"])
    }

    @Test func aFIFOIsWrittenInPlaceAndStaysAFIFO() throws {
        let dir = try Self.directory()
        let fifo = dir + "/plan.fifo"
        #expect(mkfifo(fifo, 0o644) == 0)
        // A reader on the other end, as a shell's `| consumer` would be.
        nonisolated(unsafe) var received = Data()
        let reader = Thread {
            if let handle = FileHandle(forReadingAtPath: fifo) { received = handle.readDataToEndOfFile() }
        }
        reader.start()
        let out = try Self.compile(fifo, in: dir)
        #expect(out.status == 0, "\(out.stderr)")
        while !reader.isFinished { usleep(1000) }
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "still a FIFO")
        #expect(String(decoding: received, as: UTF8.self) == (try Self.expected(in: dir)))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["plan.fifo", "spec.yaml"])
    }

    @Test func devNullStaysACharacterDevice() throws {
        let dir = try Self.directory()
        let out = try Self.compile("/dev/null", in: dir)
        #expect(out.status == 0, "\(out.stderr)")
        var info = stat()
        #expect(lstat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR, "/dev/null is still a character device")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["spec.yaml"])
    }

    @Test(arguments: ["plan.json", "../outside.json", "deeper/../plan.json"])
    func aSymlinkIsFollowedAndKept(_ target: String) throws {
        let dir = try Self.directory()
        try FileManager.default.createDirectory(atPath: dir + "/sub/deeper", withIntermediateDirectories: true)
        let link = dir + "/sub/link.json"
        // Relative links resolve against the link's own folder; the first target does not exist yet.
        #expect(symlink(target, link) == 0)
        let out = try Self.compile("sub/link.json", in: dir)
        #expect(out.status == 0, "\(out.stderr)")
        var info = stat()
        #expect(lstat(link, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK, "the link is kept")
        let resolved = dir + "/sub/" + target
        #expect(try String(contentsOfFile: resolved, encoding: .utf8) == Self.expected(in: dir))
        // A second compile goes through the link again and leaves the target alone (same bytes).
        let again = try Self.compile("sub/link.json", in: dir)
        #expect(again.status == 0)
        #expect(lstat(link, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
        let check = try Self.compile("sub/link.json", in: dir, ["--check"])
        #expect(check.status == 0, "\(check.stdout)")
        #expect(try !FileManager.default.contentsOfDirectory(atPath: dir + "/sub").contains { $0.contains(".tmp-") })
        try? FileManager.default.removeItem(atPath: dir + "/outside.json")
    }

    @Test func aDirectoryIsRefusedWithExitTwo() throws {
        let dir = try Self.directory()
        let out = try Self.compile(dir, in: dir)
        #expect(out.status == 2)
        #expect(out.stderr.contains("is a directory"))
    }

    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func anInterruptedCompileRemovesItsTemporaryFile(_ signal: Int32) throws {
        let dir = try Self.directory()
        try Data("version: 1\ntriggers:\n  a: {every: 1s}\nlimits: {max_fires: 10000000}\n".utf8)
            .write(to: URL(fileURLWithPath: dir + "/spec.yaml"))
        let process = Process()
        process.executableURL = CommandRunner.productsDirectory.appendingPathComponent("almanac")
        process.arguments = ["compile", "spec.yaml", "-o", "plan.json", "--from", "2027-01-01", "--horizon", "100d"]
        process.currentDirectoryURL = URL(fileURLWithPath: dir)
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until the temporary file exists, then interrupt the compile.
        var started = false
        for _ in 0..<2000 where !started {
            started = try FileManager.default.contentsOfDirectory(atPath: dir).contains { $0.contains(".tmp-") }
            if !started { usleep(1000) }
        }
        #expect(started)
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["spec.yaml"])
    }

    /// A destination that cannot take the whole plan: past the file-size limit (`ulimit -f`, which
    /// would otherwise kill the process with SIGXFSZ) or a full device. Exit 2 with the reason, and
    /// no temporary file or partial plan left under the destination's name.
    @Test(arguments: ["-o plan.json", "> plan.json", "-o /dev/full", "> /dev/full"])
    func aDestinationThatFillsUpFailsCleanly(_ redirect: String) throws {
        let dir = try Self.directory()
        let almanac = CommandRunner.productsDirectory.appendingPathComponent("almanac").path
        // 8 blocks of 512 bytes: the header fits, the fires of 400 days do not.
        let script =
            "cd '\(dir)' && ulimit -f 8 && exec '\(almanac)' compile spec.yaml --from 2027-01-01 --horizon 400d \(redirect) 2>err.txt"
        let status = try Self.runWithDefaultSignals(["/bin/sh", "-c", script])
        let message = (try? String(contentsOfFile: dir + "/err.txt", encoding: .utf8)) ?? ""
        #expect(status == 2 << 8, "\(redirect): wait status \(status): \(message)")
        #expect(message.contains("cannot write the plan"), "\(redirect): \(message)")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        if redirect.hasPrefix("-o") {
            #expect(left == ["err.txt", "spec.yaml"], "\(redirect) left \(left)")
        }
    }

    /// The executor's own writes (a spy record, the journal) past the file-size limit: exit 2 with the
    /// reason, never death by SIGXFSZ.
    @Test(arguments: [
        "simulate plan.json --from 2027-01-04T00:00:00Z --until 2027-01-07T00:00:00Z --backend spy --record rec.jsonl",
        "run plan.json --state st --backend spy --record rec.jsonl",
    ])
    func executorWritesPastTheLimitFailCleanly(_ command: String) throws {
        let dir = try Self.directory()
        try Data("version: 1\ntriggers:\n  a: {every: 1m}\nlimits: {max_pending: 4000}\n".utf8).write(
            to: URL(fileURLWithPath: dir + "/spec.yaml"))
        #expect(try Self.compile("plan.json", in: dir).status == 0)
        try FileManager.default.createDirectory(atPath: dir + "/st", withIntermediateDirectories: true)
        let exec = CommandRunner.productsDirectory.appendingPathComponent("almanac-exec").path
        let script = "cd '\(dir)' && ulimit -f 8 && exec timeout 30 '\(exec)' \(command) 2>err.txt"
        let status = try Self.runWithDefaultSignals(["/bin/sh", "-c", script])
        let message = (try? String(contentsOfFile: dir + "/err.txt", encoding: .utf8)) ?? ""
        #expect(status == 2 << 8, "\(command): wait status \(status): \(message)")
        #expect(message.contains("File too large"), "\(command): \(message)")
    }

    /// Runs `argv` with SIGXFSZ back at its default action and no signal blocked, and returns the raw
    /// wait status. The test runner's thread may ignore or block the signal, and both survive `exec`
    /// (a shell cannot even reset an ignored one), which would hide the very death this test is about.
    static func runWithDefaultSignals(_ argv: [String]) throws -> Int32 {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGXFSZ)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var cArgs = argv.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, argv[0], nil, &attributes, &cArgs, environ)
        guard spawned == 0 else { throw POSIXError(.init(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status
    }
}
