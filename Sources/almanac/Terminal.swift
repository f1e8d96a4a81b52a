import AlmanacEscaping
import AlmanacModel
import AlmanacPlan
import AlmanacSpec
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's view of its terminal and files: the only place that reads the environment.
enum Terminal {
    /// Colour only on a terminal, and never when `NO_COLOR` is set or `TERM=dumb`.
    static func wantsColour(_ fd: Int32) -> Bool {
        let env = ProcessInfo.processInfo.environment
        return isatty(fd) != 0 && env["NO_COLOR"] == nil && env["TERM"] != "dumb"
    }

    static func writeOut(_ s: String) {
        FileHandle.standardOutput.write(Data(s.utf8))
    }

    static func writeErr(_ s: String) {
        FileHandle.standardError.write(Data(s.utf8))
    }

    /// One `almanac: …` error line. Messages quote paths, ids and names from specs, plans and
    /// other tools' files: every control, line-break and bidirectional character in them is shown
    /// as `\u{…}` (`TerminalText`), so a plan cannot move the cursor or fake a line.
    static func writeError(_ message: String) {
        writeErr("almanac: \(TerminalText.visible(message))\n")
    }
}

/// An I/O failure: reported on stderr and mapped to exit code 2.
struct CouldNotRun: Error, CustomStringConvertible {
    var description: String
}

/// Input files of the compiler's commands.
enum Files {
    /// The bytes of `path`, or `-` for standard input, read up to one byte past the spec size limit
    /// (so the composer reports a too-large file without the whole of it in memory).
    static func read(_ path: String) throws -> [UInt8] {
        if path != "-" {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
                throw CouldNotRun(description: "cannot read \(path): no such file")
            }
            if isDir.boolValue { throw CouldNotRun(description: "\(path) is a directory, not a spec file") }
        }
        do {
            return try FileBytes.read(path, maxBytes: YAMLLimits.standard.maxBytes, standardInput: true)
        } catch let error as PlanError {
            throw CouldNotRun(description: error.description)
        }
    }
}
