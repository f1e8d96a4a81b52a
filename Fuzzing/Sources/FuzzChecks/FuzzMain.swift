import CFuzzDriver
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `main` of every fuzz target: hands libFuzzer the command line and one check.
///
/// Why not libFuzzer's own `main`: SwiftPM renames Swift's `main` in an executable, so the runtime's
/// would never run; `LLVMFuzzerRunDriver` is the documented way in. Its callback is a C function
/// pointer, which cannot capture, so the check waits in a global set once before the driver starts.
public enum FuzzMain {
    nonisolated(unsafe) private static var check: ([UInt8]) -> Void = { _ in }

    public static func run(_ check: @escaping ([UInt8]) -> Void) -> Never {
        Self.check = check
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(
            LLVMFuzzerRunDriver(&argc, &argv) { data, size in
                FuzzMain.check(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
                return 0
            })
    }
}
