// Process creation from Swift, for scripts/bench/delivery.sh: how many processes a second
// Foundation's `Process` starts back to back, beside posix_spawn from C (spawn_peer --rate), which is
// what almanac-exec's exec backend uses (ProcessLauncher: posix_spawnp, no shell).
//   process_peer COUNT COMMAND OUT
// Prints "started/s ended/s" like spawn_peer --rate: COUNT starts, then every process waited for.
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 4, let count = Int(arguments[1]) else {
    FileHandle.standardError.write("usage: process_peer COUNT COMMAND OUT\n".data(using: .utf8)!)
    exit(64)
}
let begin = Date()
var processes: [Process] = []
processes.reserveCapacity(count)
for index in 0..<count {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: arguments[2])
    process.arguments = [arguments[3]]
    process.environment = ["ALMANAC_AT": "1970-01-01T00:00:00Z", "ALMANAC_FIRE_ID": "t\(index)@1970-01-01T00:00:00"]
    do {
        try process.run()
    } catch {
        FileHandle.standardError.write("process_peer: \(error)\n".data(using: .utf8)!)
        exit(1)
    }
    processes.append(process)
}
let started = Date()
for process in processes { process.waitUntilExit() }
let ended = Date()
print(String(format: "%.0f %.0f", Double(count) / started.timeIntervalSince(begin), Double(count) / ended.timeIntervalSince(begin)))
