import Foundation

/// Golden-file comparison shared by the test targets. `ALMANAC_RECORD=1 swift test` rewrites the
/// goldens; otherwise a missing or different golden is a failure (CI never records).
public enum Golden {
    /// True when the developer asked to re-record goldens.
    public static var isRecording: Bool {
        ProcessInfo.processInfo.environment["ALMANAC_RECORD"] == "1"
    }

    /// Nil when `actual` equals the golden at `path`, else a message with the first difference.
    public static func check(_ actual: String, against path: String) -> String? {
        if isRecording {
            let url = URL(fileURLWithPath: path)
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            do { try Data(actual.utf8).write(to: url) } catch { return "could not record \(path): \(error)" }
            return nil
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return "missing golden \(path); record it with `ALMANAC_RECORD=1 swift test` and review it"
        }
        let expected = String(decoding: data, as: UTF8.self)
        if expected == actual { return nil }
        return "golden \(path) differs (re-record with ALMANAC_RECORD=1 after review):\n" + firstDifference(expected, actual)
    }

    /// The first differing line of two texts, with line numbers.
    public static func firstDifference(_ expected: String, _ actual: String) -> String {
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for i in 0..<max(e.count, a.count) {
            let el = i < e.count ? String(e[i]) : "<end of file>"
            let al = i < a.count ? String(a[i]) : "<end of file>"
            if el != al { return "line \(i + 1):\n- \(el)\n+ \(al)" }
        }
        return "(no line differs; trailing bytes differ)"
    }

    /// The repository root, found from this file's path at compile time.
    public static let repositoryRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// Files in `directory` (relative to the repository root) with the extension `ext`, sorted.
    public static func files(in directory: String, ext: String) -> [String] {
        let dir = repositoryRoot + "/" + directory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        return names.filter { $0.hasSuffix("." + ext) }.sorted().map { dir + "/" + $0 }
    }
}
