// The build-tool plugin's own tool: `almanac-swift-generator SPEC OUTPUT [SPEC OUTPUT]…` writes the
// Swift types of each spec (AlmanacCodegen) to its output, rewriting a file only when its bytes
// change. Small on purpose — the YAML front end and the generator, no argument parser — so that an
// app that uses the plugin builds only these modules for it (scripts/ci/typed-ids.sh).
// Exit codes: 0 written or up to date; 1 a spec has errors, or two specs make the same type names;
// 2 a file could not be read or written; 64 usage.
import AlmanacCodegen
import AlmanacModel
import AlmanacSpec
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
guard !arguments.isEmpty, arguments.count % 2 == 0 else {
    FileHandle.standardError.write(Data("usage: almanac-swift-generator SPEC OUTPUT [SPEC OUTPUT]...\n".utf8))
    exit(64)
}
let renderer = DiagnosticRenderer(format: .text)
var status: Int32 = 0
var loaded: [(file: SourceFile, schedule: Schedule?, output: String, typeName: String)] = []
for pair in stride(from: 0, to: arguments.count, by: 2) {
    let (path, output) = (arguments[pair], arguments[pair + 1])
    guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("almanac-swift-generator: cannot read \(path)\n".utf8))
        exit(2)
    }
    let file = SourceFile(path: path, bytes: Array(data))
    let result = SpecLoader.load(file)
    FileHandle.standardError.write(Data(renderer.render(result.diagnostics, in: file).utf8))
    if result.schedule == nil { status = 1 }
    let typeName = result.schedule.map { SwiftTypeNames.forSpecFile(path, schedule: $0) } ?? ""
    loaded.append((file, result.schedule, output, typeName))
}
let collisions = SwiftTypeNames.collisions(loaded.filter { $0.schedule != nil }.map { ($0.file.path, $0.typeName) })
var index = 0
for spec in loaded {
    guard let schedule = spec.schedule else { continue }
    defer { index += 1 }
    if let collision = collisions[index] {
        FileHandle.standardError.write(Data(renderer.render([collision], in: spec.file).utf8))
        status = 1
        continue
    }
    let name = spec.file.path.split(separator: "/").last.map(String.init) ?? spec.file.path
    let (source, diagnostics) = SwiftGenerator(typeName: spec.typeName, sourceName: name).generate(schedule)
    FileHandle.standardError.write(Data(renderer.render(diagnostics, in: spec.file).utf8))
    guard let source else {
        status = 1
        continue
    }
    let bytes = Data(source.utf8)
    // Unchanged bytes leave the file, and its modification time, alone: nothing downstream rebuilds.
    if FileManager.default.contents(atPath: spec.output) == bytes { continue }
    do {
        try bytes.write(to: URL(fileURLWithPath: spec.output), options: .atomic)
    } catch {
        FileHandle.standardError.write(Data("almanac-swift-generator: cannot write \(spec.output): \(error)\n".utf8))
        exit(2)
    }
}
exit(status)
