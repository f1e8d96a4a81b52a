// libFuzzer target: see RecurrenceCheck. SwiftPM renames Swift's `main`, so the runtime's own main would never
// run; this one hands libFuzzer its arguments and the check through LLVMFuzzerRunDriver.
import CFuzzDriver
import FuzzChecks
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    RecurrenceCheck.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
})
