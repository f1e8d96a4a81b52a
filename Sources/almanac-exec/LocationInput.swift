import AlmanacExecutor
import AlmanacPlan
import AlmanacTime
import ArgumentParser
import Foundation

/// `--locations FILE|-`: position fixes for location triggers, as JSON lines or a GPX track.
struct LocationOptions: ParsableArguments {
    @Option(help: "Position fixes for location triggers: a file of JSON lines or GPX, or - for standard input.")
    var locations: String?

    /// Where a message about the input comes from: the file's path, or `stdin`.
    var inputName: String { locations == "-" ? "stdin" : locations ?? "" }

    /// Every fix of the input, read now (simulate); bad fixes are reported on stderr and skipped.
    func readAll() throws -> LocationFeed? {
        guard let locations else { return nil }
        let bytes: [UInt8]
        if locations == "-" {
            bytes = Array(FileHandle.standardInput.readDataToEndOfFile())
        } else {
            bytes = try orExit { () throws -> [UInt8] in
                do { return try FileBytes.read(locations) } catch { throw ExecutorError("cannot read \(locations): \(error)") }
            }
        }
        let (fixes, problems) = LocationFixReader.read(bytes)
        for problem in problems { printError("\(inputName): \(problem)") }
        return LocationFeed(fixes)
    }

    /// A feed filled by a reader thread as fixes arrive (run), waking `clock` for each.
    func startReading(posting clock: RealClock, log: @escaping @Sendable (String) -> Void) throws -> LocationFeed? {
        guard let locations else { return nil }
        let fd: Int32 = locations == "-" ? 0 : open(locations, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            printError("cannot open \(locations): \(String(cString: strerror(errno)))")
            throw ExitCode(2)
        }
        let feed = LocationFeed(onArrival: { clock.post(.wake) })
        let name = inputName
        Thread.detachNewThread {
            // A fix more than five minutes ahead of the clock is from a broken device clock.
            let reader = LocationFixReader(
                onFix: feed.push, onProblem: { log("\(name): \($0)") },
                latestPlausible: {
                    Instant(secondsSinceEpoch: Int64(clock.now().rounded(.down)) + LocationFixReader.futureTolerance)
                })
            reader.stream(fileDescriptor: fd)
            log("\(name): end of location fixes")
        }
        return feed
    }
}
