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
        return "golden \(path) differs (re-record with ALMANAC_RECORD=1 after review):\n" + unifiedDiff(expected, actual)
    }

    /// A unified diff from `expected` to `actual` (`-` golden, `+` now), with `context` lines around
    /// each change, at most `limit` lines of output: what a reviewer reads when a golden breaks.
    public static func unifiedDiff(_ expected: String, _ actual: String, context: Int = 3, limit: Int = 40) -> String {
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let ops = editScript(e, a)
        guard ops.contains(where: { $0.kind != " " }) else { return "(no line differs; trailing bytes differ)" }
        // Hunks: runs of changes with their context, merged where the context overlaps.
        var keep = [Bool](repeating: false, count: ops.count)
        for (i, op) in ops.enumerated() where op.kind != " " {
            for j in max(0, i - context)...min(ops.count - 1, i + context) { keep[j] = true }
        }
        var out: [String] = []
        var i = 0
        while i < ops.count {
            guard keep[i] else { i += 1; continue }
            var j = i
            while j < ops.count && keep[j] { j += 1 }
            let hunk = ops[i..<j]
            let oldStart = hunk.first { $0.old != nil }?.old ?? 0, newStart = hunk.first { $0.new != nil }?.new ?? 0
            out.append(
                "@@ -\(oldStart + 1),\(hunk.filter { $0.kind != "+" }.count) +\(newStart + 1),\(hunk.filter { $0.kind != "-" }.count) @@")
            out += hunk.map { "\($0.kind)\($0.text)" }
            i = j
        }
        if out.count > limit { out = Array(out.prefix(limit)) + ["… \(out.count - limit) more lines of diff"] }
        return out.joined(separator: "\n")
    }

    /// One line of an edit script: kept (` `), removed (`-`) or added (`+`), with its line indices.
    struct Edit {
        var kind: Character
        var text: String
        var old: Int?
        var new: Int?
    }

    /// The shortest edit script by longest common subsequence. Goldens are small (a few hundred lines), so
    /// the quadratic table is fine; past 4,000 × 4,000 lines the texts are compared as wholly replaced.
    static func editScript(_ e: [String], _ a: [String]) -> [Edit] {
        guard e.count * a.count <= 16_000_000 else {
            return e.enumerated().map { Edit(kind: "-", text: $1, old: $0, new: nil) }
                + a.enumerated().map { Edit(kind: "+", text: $1, old: nil, new: $0) }
        }
        var lcs = [[Int]](repeating: [Int](repeating: 0, count: a.count + 1), count: e.count + 1)
        for i in stride(from: e.count - 1, through: 0, by: -1) {
            for j in stride(from: a.count - 1, through: 0, by: -1) {
                lcs[i][j] = e[i] == a[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
            }
        }
        var ops: [Edit] = []
        var i = 0, j = 0
        while i < e.count || j < a.count {
            if i < e.count, j < a.count, e[i] == a[j] {
                ops.append(Edit(kind: " ", text: e[i], old: i, new: j)); i += 1; j += 1
            } else if i < e.count, j == a.count || lcs[i + 1][j] >= lcs[i][j + 1] {
                // Removals before additions, as `diff -u` prints them.
                ops.append(Edit(kind: "-", text: e[i], old: i, new: nil)); i += 1
            } else {
                ops.append(Edit(kind: "+", text: a[j], old: nil, new: j)); j += 1
            }
        }
        return ops
    }

    /// The repository root, found from this file's path at compile time.
    public static let repositoryRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// Files in `directory` (relative to the repository root) with the extension `ext`, sorted.
    /// Expectation files (`NAME.expect.yaml`, read by `almanac test`) are not specs: `yaml` leaves them out.
    public static func files(in directory: String, ext: String) -> [String] {
        let dir = repositoryRoot + "/" + directory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        return names.filter { $0.hasSuffix("." + ext) && !(ext == "yaml" && $0.hasSuffix(".expect.yaml")) }.sorted()
            .map { dir + "/" + $0 }
    }
}
