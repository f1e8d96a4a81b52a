#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

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
}

/// An I/O failure: reported on stderr and mapped to exit code 2.
struct CouldNotRun: Error, CustomStringConvertible {
    var description: String
}

enum Files {
    /// The bytes of `path`, or `-` for standard input.
    static func read(_ path: String) throws -> [UInt8] {
        if path == "-" { return Array(FileHandle.standardInput.readDataToEndOfFile()) }
        guard let data = FileManager.default.contents(atPath: path) else {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDir) {
                throw CouldNotRun(description: isDir.boolValue ? "\(path) is a directory, not a spec file" : "cannot read \(path): permission denied")
            }
            throw CouldNotRun(description: "cannot read \(path): no such file")
        }
        return Array(data)
    }

    /// Writes `bytes` to `path` atomically (a temporary file in the same folder, then rename), so
    /// a reader never sees half a file. Returns false when the file already had these bytes.
    @discardableResult
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws -> Bool {
        if let existing = FileManager.default.contents(atPath: path), existing.elementsEqual(bytes) { return false }
        let url = URL(fileURLWithPath: path)
        let temp = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())")
        do {
            try Data(bytes).write(to: temp)
            if rename(temp.path, url.path) != 0 {
                let reason = String(cString: strerror(errno))
                try? FileManager.default.removeItem(at: temp)
                throw CouldNotRun(description: "cannot write \(path): \(reason)")
            }
        } catch let e as CouldNotRun {
            throw e
        } catch {
            try? FileManager.default.removeItem(at: temp)
            throw CouldNotRun(description: "cannot write \(path): \(error.localizedDescription)")
        }
        return true
    }
}
