import AlmanacPlan
import AlmanacRegistration
import AlmanacTestSupport
import AlmanacTime
import Foundation
import Testing
@testable import AlmanacExecutor

/// Location input at scale and from broken clocks: armed windows found by binary search agree with a
/// scan, a live feed splits lines correctly however reads cut them, and a fix dated far in the future
/// is skipped (reported once) instead of making every later fix "go back in time".
@Suite struct LocationScaleTests {
    /// `isArmed` and `nextEdge` (binary searches) against a scan of every window, on random windows.
    @Test(arguments: Array(1...8) as [UInt64])
    func armedWindowSearchAgreesWithAScan(seed: UInt64) {
        var random = SplitMix(seed: seed)
        var regions: [PlanRegion] = []
        for r in 0..<(1 + Int(random.next() % 4)) {
            var windows: [Window] = []
            var t: Int64 = Int64(random.next() % 50)
            for _ in 0..<Int(random.next() % 40) {
                let from = t + Int64(random.next() % 30), to = from + 1 + Int64(random.next() % 30)
                windows.append(Window(from: Instant(secondsSinceEpoch: from), to: Instant(secondsSinceEpoch: to)))
                t = to + Int64(random.next() % 3)
            }
            regions.append(PlanRegion(trigger: "r\(r)", on: .both, latitude: "0", longitude: "0", radius: "100", armed: windows))
        }
        for second in Int64(-5)...1_500 {
            let instant = Instant(secondsSinceEpoch: second)
            for region in regions {
                #expect(RegionChoice.isArmed(region, at: instant) == region.armed.contains { $0.contains(instant) })
            }
            let scanned = regions.flatMap { $0.armed.flatMap { [$0.from, $0.to] } }.filter { $0 > instant }.min()
            #expect(RegionChoice.nextEdge(in: regions, after: instant) == scanned, "seed \(seed) at \(second)")
        }
    }

    /// A live feed through a pipe: lines cut across reads at every size, one very long line, many
    /// short lines in one read — every fix arrives once, in order, with its line number.
    @Test func aLiveFeedSplitsLinesHoweverReadsCutThem() throws {
        var text = ""
        for i in 0..<3_000 {
            text +=
                "{\"at\": \"2026-12-07T15:\(String(format: "%02d", i / 60 % 60)):\(String(format: "%02d", i % 60))Z\", \"latitude\": 41.0, \"longitude\": -87.0}\n"
            if i == 1_000 { text += "{\"pad\": \"" + String(repeating: "x", count: 3 << 20) + "\"}\n" }
        }
        let bytes = Array(text.utf8)
        var pipeEnds: [Int32] = [0, 0]
        #expect(pipe(&pipeEnds) == 0)
        let writeEnd = pipeEnds[1]
        let writer = Thread {
            var offset = 0, size = 1
            while offset < bytes.count {
                let n = min(size, bytes.count - offset)
                _ = bytes.withUnsafeBytes { write(writeEnd, $0.baseAddress! + offset, n) }
                offset += n
                size = size * 3 % 70_001 + 1
            }
            close(writeEnd)
        }
        writer.start()
        var fixes: [LocationFix] = [], problems: [LocationFixReader.Problem] = []
        LocationFixReader(onFix: { fixes.append($0) }, onProblem: { problems.append($0) }).stream(fileDescriptor: pipeEnds[0])
        close(pipeEnds[0])
        #expect(fixes.count == 3_000)
        #expect(fixes.map(\.line) == (1...3_001).filter { $0 != 1_002 })
        #expect(problems.map(\.line) == [1_002])
    }

    /// A fix dated 9999-12-31 on a live feed is skipped and reported once; the fixes after it, at
    /// plausible times, are accepted (they used to be refused as going back in time).
    @Test func aFixFromTheFarFutureIsSkippedAndReportedOnce() {
        let now = Instant(secondsSinceEpoch: 1_796_655_480) // 2026-12-07T14:58:00Z
        var fixes: [LocationFix] = [], problems: [LocationFixReader.Problem] = []
        let reader = LocationFixReader(
            onFix: { fixes.append($0) }, onProblem: { problems.append($0) },
            latestPlausible: { Instant(secondsSinceEpoch: now.secondsSinceEpoch + 300) })
        let lines = [
            "{\"at\": \"2026-12-07T14:57:00Z\", \"latitude\": 41.0, \"longitude\": -87.0}",
            "{\"at\": \"9999-12-31T00:00:00Z\", \"latitude\": 41.0, \"longitude\": -87.0}",
            "{\"at\": \"2026-12-07T14:58:00Z\", \"latitude\": 41.0, \"longitude\": -87.0}",
            "{\"at\": \"2027-06-01T00:00:00Z\", \"latitude\": 41.0, \"longitude\": -87.0}",
            "{\"at\": \"2026-12-07T15:02:00Z\", \"latitude\": 41.0, \"longitude\": -87.0}",
        ]
        for line in lines { reader.consume(line: Array(line.utf8)) }
        #expect(fixes.map(\.line) == [1, 3, 5])
        #expect(problems.count == 1)
        #expect(problems.first?.line == 2)
        #expect(problems.first?.message.contains("in the future") == true)
    }
}
