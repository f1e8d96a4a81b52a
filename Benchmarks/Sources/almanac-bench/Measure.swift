import Foundation

/// Median wall time of repeated runs, in seconds (the clock is read here, never in the libraries).
func median(runs: Int = 7, _ body: () -> Void) -> Double {
    timings(runs: runs, body).median
}

/// The median and the fastest of repeated runs, in seconds. On a busy machine noise only ever adds
/// time, so the fastest run is the steadier figure for comparing two loops.
func timings(runs: Int, _ body: () -> Void) -> (median: Double, fastest: Double) {
    var times: [Double] = []
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    times.sort()
    return (times[times.count / 2], times[0])
}

func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }

/// Peak resident set size of this process so far, in MiB (Linux `VmHWM`).
func peakRSSMiB() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        let kb = line.split(separator: " ").compactMap { Double($0) }.first ?? 0
        return kb / 1024
    }
    return 0
}
