import AlmanacTestSupport
import Foundation
import Testing

/// `almanac render` as a user runs it: the file it writes, and its exit codes.
@Suite struct RenderCommandTests {
    static func temporaryDirectory() throws -> String {
        let dir = NSTemporaryDirectory() + "almanac-render-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func aSpecAndItsPlanDrawTheSameFires() throws {
        let dir = try Self.temporaryDirectory()
        let spec = Golden.repositoryRoot + "/examples/medication.yaml"
        let window = ["--from", "2026-11-23", "--to", "2026-11-27"]
        var out = try CommandRunner.run("almanac", ["compile", spec, "-o", "plan.json"] + window, in: dir)
        #expect(out.status == 0, "\(out.stderr)")
        out = try CommandRunner.run("almanac", ["render", spec, "-o", "spec.svg"] + window, in: dir)
        #expect(out.status == 0, "\(out.stderr)")
        out = try CommandRunner.run("almanac", ["render", "plan.json", "-o", "plan.html"], in: dir)
        #expect(out.status == 0, "\(out.stderr)")
        let svg = try String(contentsOfFile: dir + "/spec.svg", encoding: .utf8)
        let html = try String(contentsOfFile: dir + "/plan.html", encoding: .utf8)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.contains("<table>"))
        // Self-contained: nothing fetched.
        for text in [svg, html] {
            // The one URL is the SVG namespace's name, which nothing fetches; the one reference is the hatch pattern.
            #expect(text.components(separatedBy: "http").count - 1 == (text == svg ? 1 : 0), "a link out")
            for word in ["<script", "<link", "@import", "@font-face", "href=", "src="] { #expect(!text.contains(word), "\(word)") }
        }
        // The same fires, drawn the same way (the spec's picture also shades except days).
        let marks = { (s: String) in s.components(separatedBy: "class=\"fire\"").count - 1 }
        #expect(marks(svg) == 20 && marks(html) == 20)
    }

    @Test func exitCodes() throws {
        let dir = try Self.temporaryDirectory()
        let spec = Golden.repositoryRoot + "/examples/medication.yaml"
        // Usage: -o missing or not .svg/.html, window options without a spec.
        #expect(try CommandRunner.run("almanac", ["render", spec], in: dir).status == 64)
        #expect(try CommandRunner.run("almanac", ["render", spec, "-o", "x.png"], in: dir).status == 64)
        try "{}".write(toFile: dir + "/bad.json", atomically: true, encoding: .utf8)
        #expect(try CommandRunner.run("almanac", ["render", "bad.json", "-o", "x.svg", "--from", "2026-11-23"], in: dir).status == 64)
        // Could not run: not a plan; an unwritable output.
        let notPlan = try CommandRunner.run("almanac", ["render", "bad.json", "-o", "x.svg"], in: dir)
        #expect(notPlan.status == 2 && notPlan.stderr.contains("bad.json"), "\(notPlan.stderr)")
        #expect(try CommandRunner.run("almanac", ["render", spec, "-o", "no/such/dir/x.svg"], in: dir).status == 2)
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.svg"))
        // A spec with errors: located, exit 1, nothing written.
        try "version: 1\nname: x\ntriggers:\n  a: {calendar: {at: \"25:00\"}}\n".write(
            toFile: dir + "/bad.yaml", atomically: true, encoding: .utf8)
        let bad = try CommandRunner.run("almanac", ["render", "bad.yaml", "-o", "x.svg"], in: dir)
        #expect(bad.status == 1 && bad.stderr.contains("bad.yaml:4:"), "\(bad.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.svg"))
    }
}
