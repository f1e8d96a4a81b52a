import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A built executable left running (a daemon): its standard error goes to a file a test reads while
/// it runs; signals, and waits with deadlines generous enough for a loaded machine.
public final class BackgroundProcess: @unchecked Sendable {
    public let process = Process()
    /// Where its standard error goes.
    public let logPath: String

    /// Starts `tool` (a product beside the test bundle, or an absolute path) with `arguments` in
    /// `directory`, standard output discarded, standard error appended to `logPath`.
    public init(_ tool: String, _ arguments: [String], in directory: String, logPath: String) throws {
        self.logPath = logPath
        process.executableURL =
            tool.hasPrefix("/") ? URL(fileURLWithPath: tool) : CommandRunner.productsDirectory.appendingPathComponent(tool)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = ProcessInfo.processInfo.environment
        environment["ALMANAC_RECORD"] = nil
        process.environment = environment
        FileManager.default.createFile(atPath: logPath, contents: nil)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        try process.run()
    }

    public var pid: Int32 { process.processIdentifier }

    public var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    public func signal(_ signal: Int32) { kill(process.processIdentifier, signal) }

    /// The exit status once it has exited within `seconds`; nil (still running) otherwise.
    public func waitForExit(seconds: Double) -> Int32? {
        guard Self.poll(seconds: seconds, { !self.process.isRunning }) else { return nil }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Kills it if it still runs (a failed test must leave no daemon behind).
    public func stop() {
        if process.isRunning {
            signal(SIGKILL)
            process.waitUntilExit()
        }
    }

    deinit { stop() }

    /// True once `condition` holds, checked every 50 ms for up to `seconds`.
    public static func poll(seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            if Date() > deadline { return false }
            usleep(50_000)
        }
        return true
    }
}
