import AlmanacJSON
import AlmanacVocabulary
import Foundation
import Testing
@testable import AlmanacPlan

/// Older executors read newer plans: a trigger kind this build does not know is kept, written back
/// verbatim, and its fires are read like any other; only a malformed kind is refused.
@Suite struct UnknownKindTests {
    @Test(arguments: ["sunrise", "lunar-phase", "geo_fence2"])
    func anUnknownKindIsReadAndWrittenBack(_ kind: String) throws {
        let text = String(decoding: PlanWriter.render(SamplePlan.plan), as: UTF8.self)
            .replacingOccurrences(of: "\"kind\": \"every\"", with: "\"kind\": \"\(kind)\"")
        let plan = try PlanReader.read(Array(text.utf8))
        #expect(plan.triggers["backup"]?.kind == kind)
        #expect(plan.fires.filter { $0.trigger == "backup" }.count == SamplePlan.plan.fires.filter { $0.trigger == "backup" }.count)
        #expect(String(decoding: PlanWriter.render(plan), as: UTF8.self) == text)
        // The streaming reader the executors use reads it too.
        let path = NSTemporaryDirectory() + "unknown-kind-\(UUID().uuidString).json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let source = try PlanFireSource.open(path: path)
        #expect(source.header.triggers["backup"]?.kind == kind)
    }

    @Test(arguments: ["", "Every", "9lives", "a b", String(repeating: "k", count: 33)])
    func aMalformedKindIsRefused(_ kind: String) {
        let text = String(decoding: PlanWriter.render(SamplePlan.plan), as: UTF8.self)
            .replacingOccurrences(of: "\"kind\": \"every\"", with: "\"kind\": \"\(kind)\"")
        #expect(throws: PlanError.self) { try PlanReader.read(Array(text.utf8)) }
    }

    @Test func theKnownKindsAreWellFormed() {
        #expect(TriggerKindNames.known.allSatisfy(TriggerKindNames.isWellFormed))
    }
}
