import Testing
@testable import AlmanacExecutor

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A daemon's output sink: a stalled or vanished reader never blocks the loop, and its failure is
/// reported once.
@Suite(.serialized) struct LineSinkTests {
    static let line = String(repeating: "x", count: 1000)

    // The writer thread outlives a test: its write end stays open (a closed number could be reused
    // by another test), and a closed read end gives EPIPE, not death.
    init() { signal(SIGPIPE, SIG_IGN) }

    @Test func aStalledReaderNeverBlocksAWrite() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        let sink = LineSink(fileDescriptor: fds[1], inBackground: true)
        let started = Lock.monotonicNow()
        // Far more than a pipe holds (64 KiB): a blocking sink would hang here, for good, since
        // nothing reads the pipe. The deadline is generous (a loaded machine), not a speed claim.
        for _ in 0..<1000 { try sink.write(Self.line) }
        #expect(Lock.monotonicNow() - started < 20)
        #expect(!sink.drain(within: 0.2))
        #expect(Lock.monotonicNow() - started < 20)
    }

    @Test func aReaderThatGoesAwayIsReportedOnce() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let sink = LineSink(fileDescriptor: fds[1], inBackground: true)
        close(fds[0])
        var failures: [String] = []
        for _ in 0..<50 {
            do { try sink.write(Self.line) } catch { failures.append("\(error)") }
            sink.drain(within: 0.1)
        }
        #expect(failures.count == 1, "\(failures)")
        #expect(failures.first?.contains("write failed") == true)
    }

    /// A failed write names the file, in every mode of writing (at once, in blocks, in the background).
    @Test func aFailedWriteNamesTheFile() throws {
        for buffered in [false, true] {
            let sink = try LineSink(path: "/dev/full", buffered: buffered)
            var failure = ""
            do {
                try sink.write(Self.line)
                try sink.flush()
            } catch { failure = "\(error)" }
            #expect(failure.contains("/dev/full"), "\(failure)")
            #expect(failure.contains("No space left"), "\(failure)")
        }
        let fd = open("/dev/full", O_WRONLY)
        defer { close(fd) }
        let background = LineSink(fileDescriptor: fd, inBackground: true)
        try background.write(Self.line)
        background.drain(within: 1)
        var failure = ""
        do { try background.write(Self.line) } catch { failure = "\(error)" }
        #expect(failure.contains("file descriptor \(fd)"), "\(failure)")
    }

    @Test func aForegroundSinkWritesAtOnce() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        let sink = LineSink(fileDescriptor: fds[1])
        try sink.write("one")
        var buffer = [UInt8](repeating: 0, count: 16)
        #expect(read(fds[0], &buffer, 16) == 4)
        #expect(sink.drain(within: 0))
    }
}
