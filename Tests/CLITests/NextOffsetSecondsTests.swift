import AlmanacTestSupport
import Foundation
import Testing

/// `almanac next` shows an offset with seconds whole, so its local time and UTC column agree.
@Suite struct NextOffsetSecondsTests {
    @Test func dublinMeanTime() throws {
        let path = NSTemporaryDirectory() + "almanac-lmt-\(UUID().uuidString).yaml"
        try Data("version: 1\nname: lmt\ntimezone: Europe/Dublin\ntriggers:\n  noon: {calendar: {at: \"12:00\"}}\n".utf8)
            .write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let out = try CommandRunner.run(
            "almanac", ["next", path, "-n", "1", "--from", "1910-06-01T00:00:00Z"],
            environment: ["SOURCE_DATE_EPOCH": "0"])
        #expect(out.status == 0, "\(out.stderr)")
        // 12:00 Dublin Mean Time (-00:25:21) is 12:25:21 UTC.
        #expect(out.stdout.contains("Wed 1910-06-01 12:00:00 -00:25:21  1910-06-01T12:25:21Z  noon"), "\(out.stdout)")
    }
}
