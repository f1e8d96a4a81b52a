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

    /// Runs `tool` with `arguments` in `directory` (default: the repository root), feeding `stdin`.
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
