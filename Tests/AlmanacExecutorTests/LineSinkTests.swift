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
        // Far more than a pipe holds (64 KiB): a blocking sink would hang here.
        for _ in 0..<1000 { try sink.write(Self.line) }
        #expect(Lock.monotonicNow() - started < 1)
        #expect(!sink.drain(within: 0.2))
        #expect(Lock.monotonicNow() - started < 2)
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
