import Foundation
import Testing
@testable import AlmanacPlan

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `OutputFile`, without a process: a regular file is replaced whole through a hidden sibling (and
/// left alone when the bytes are the same), a link's target is written and the link kept, a device
/// is written in place, a directory is refused.
@Suite struct OutputFileTests {
    /// A fresh directory for one test.
    static func directory() throws -> String {
        var template = Array((NSTemporaryDirectory() + "/output-file-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw PlanError("mkdtemp failed") }
        return String(cString: made)
    }

    static func read(_ path: String) throws -> String {
        String(decoding: try FileBytes.read(path), as: UTF8.self)
    }

    static func entries(_ directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    @Test func aNewFileIsWrittenWholeAndNoTemporaryIsLeft() throws {
        let dir = try Self.directory()
        #expect(try OutputFile.write(Array("one\n".utf8), to: dir + "/plan.json"))
        #expect(try Self.read(dir + "/plan.json") == "one\n")
        #expect(try Self.entries(dir) == ["plan.json"])
    }

    @Test func theSameBytesLeaveTheFileAsItWas() throws {
        let dir = try Self.directory()
        let path = dir + "/plan.json"
        try OutputFile.write(Array("same\n".utf8), to: path)
        var before = stat()
        stat(path, &before)
        #expect(try !OutputFile.write(Array("same\n".utf8), to: path))
        var after = stat()
        stat(path, &after)
        // Not renamed over: the same inode, so build tools see no change.
        #expect(before.st_ino == after.st_ino)
        #expect(try OutputFile.write(Array("other\n".utf8), to: path))
        stat(path, &after)
        #expect(before.st_ino != after.st_ino)
        #expect(try Self.read(path) == "other\n")
        #expect(try Self.entries(dir) == ["plan.json"])
    }

    @Test func aLinkKeepsBeingALinkAndItsTargetIsReplaced() throws {
        let dir = try Self.directory()
        try FileManager.default.createDirectory(atPath: dir + "/real", withIntermediateDirectories: false)
        try OutputFile.write(Array("old\n".utf8), to: dir + "/real/plan.json")
        #expect(symlink("real/plan.json", dir + "/current.json") == 0)
        let output = try OutputFile(dir + "/current.json", tag: 7)
        #expect(output.target == dir + "/real/plan.json")
        #expect(output.temporaryPath == dir + "/real/.plan.json.tmp-7")
        try OutputFile.write(Array("new\n".utf8), to: dir + "/current.json")
        var info = stat()
        #expect(lstat(dir + "/current.json", &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
        #expect(try Self.read(dir + "/real/plan.json") == "new\n")
        #expect(try Self.entries(dir + "/real") == ["plan.json"])
    }

    @Test func aLinkToANameNotYetTakenCreatesIt() throws {
        let dir = try Self.directory()
        #expect(symlink(dir + "/later.json", dir + "/link.json") == 0)
        try OutputFile.write(Array("x".utf8), to: dir + "/link.json")
        #expect(try Self.read(dir + "/later.json") == "x")
    }

    @Test func aLinkLoopIsAnErrorNotAHang() throws {
        let dir = try Self.directory()
        #expect(symlink(dir + "/b", dir + "/a") == 0 && symlink(dir + "/a", dir + "/b") == 0)
        #expect { try OutputFile(dir + "/a") } throws: { "\($0)".contains("too many levels of symbolic links") }
    }

    @Test func aDeviceIsWrittenInPlaceAndADirectoryIsRefused() throws {
        let null = try OutputFile("/dev/null")
        #expect(null.isSpecial && null.temporaryPath == nil)
        #expect(try OutputFile.write(Array("gone".utf8), to: "/dev/null"))
        let dir = try Self.directory()
        #expect { try OutputFile(dir) } throws: { "\($0)".contains("it is a directory") }
    }

    @Test func aDiscardedWriteLeavesTheOldFileAndNoTemporary() throws {
        let dir = try Self.directory()
        let path = dir + "/plan.json"
        try OutputFile.write(Array("kept\n".utf8), to: path)
        let output = try OutputFile(path)
        var sink = try output.openSink()
        try Array("half".utf8).withUnsafeBufferPointer { try sink.write($0) }
        try sink.flush()
        try sink.close()
        #expect(try Self.entries(dir).count == 2)
        output.discard()
        #expect(try Self.read(path) == "kept\n")
        #expect(try Self.entries(dir) == ["plan.json"])
    }

    @Test func temporaryNamesStayBesideTheTarget() {
        #expect(OutputFile.temporaryPath(beside: "a/b/plan.json", tag: 12) == "a/b/.plan.json.tmp-12")
        #expect(OutputFile.temporaryPath(beside: "plan.json", tag: 3) == ".plan.json.tmp-3")
        #expect(OutputFile.directory(of: "/x/y") == "/x/")
        #expect(OutputFile.directory(of: "y") == "")
    }
}
