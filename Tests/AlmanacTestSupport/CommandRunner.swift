import Foundation

/// Runs the built executables (`almanac`, `almanac-exec`) as a user would.
public enum CommandRunner {
    public struct Output: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// The folder holding the built products: the test bundle sits beside them.
    public static var productsDirectory: URL {
        let arg0 = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var dir = arg0.deletingLastPathComponent()
        while !dir.path.hasSuffix("/debug") && !dir.path.hasSuffix("/release") && dir.path != "/" {
            dir.deleteLastPathComponent()
        }
        return dir
    }

    /// The instant `almanac` reads as now in tests, unless a test gives its own `SOURCE_DATE_EPOCH`:
    /// 2026-11-23T00:00:00Z. Without a window `check`, `compile` and `next` measure from today, so a
    /// test that let the real clock through would pass or fail by the day it runs.
    public static let pinnedNow = "1795392000"

    /// Runs `tool` with `arguments` in `directory` (default: the repository root), feeding `stdin`.
    /// `almanac` runs at `pinnedNow` unless `environment` sets `SOURCE_DATE_EPOCH`; `almanac-exec`
    /// keeps the real clock (it runs real processes at real times).
    public static func run(
        _ tool: String, _ arguments: [String], in directory: String? = nil,
        stdin: String = "", environment: [String: String] = [:]
    ) throws -> Output {
        let process = Process()
        process.executableURL = productsDirectory.appendingPathComponent(tool)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory ?? Golden.repositoryRoot)
        var env = ProcessInfo.processInfo.environment
        env["ALMANAC_RECORD"] = nil
        env["SOURCE_DATE_EPOCH"] = tool == "almanac" ? pinnedNow : nil
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let input = Pipe(), output = Pipe(), error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        // Read both pipes concurrently so neither fills up and blocks the child.
        nonisolated(unsafe) var errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData = error.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}
