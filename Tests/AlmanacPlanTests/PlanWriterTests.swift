import AlmanacTime
import Testing
@testable import AlmanacPlan

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The canonical writer: exact bytes, streaming equal to rendering, order enforced.
@Suite struct PlanWriterTests {
    @Test func rendersTheSamplePlanByteForByte() {
        let bytes = PlanWriter.render(SamplePlan.plan)
        #expect(String(decoding: bytes, as: UTF8.self) == SamplePlan.text)
    }

    @Test func rendersEmptySections() {
        #expect(String(decoding: PlanWriter.render(SamplePlan.empty), as: UTF8.self) == SamplePlan.emptyText)
    }

    @Test func renderPutsFiresInPlanOrder() {
        var shuffled = SamplePlan.plan
        shuffled.fires.reverse()
        #expect(PlanWriter.render(shuffled) == PlanWriter.render(SamplePlan.plan))
    }

    @Test func streamingEqualsRendering() throws {
        var writer = PlanWriter(into: ByteBuffer())
        try writer.writeHeader(SamplePlan.plan)
        for fire in SamplePlan.plan.fires { try writer.append(fire) }
        #expect(writer.firesWritten == 4)
        #expect(try writer.finish().bytes == PlanWriter.render(SamplePlan.plan))
    }

    @Test func appendRejectsFiresOutOfOrder() throws {
        var writer = PlanWriter(into: ByteBuffer())
        try writer.writeHeader(SamplePlan.plan)
        try writer.append(SamplePlan.plan.fires[1])
        #expect(throws: PlanError.self) { try writer.append(SamplePlan.plan.fires[0]) }
        #expect(throws: PlanError.self) { try writer.append(SamplePlan.plan.fires[1]) }
    }

    @Test func escapesStringsThatNeedIt() throws {
        var plan = SamplePlan.empty
        plan.spec.name = "a \"quoted\"\nname\\"
        let text = String(decoding: PlanWriter.render(plan), as: UTF8.self)
        #expect(text.contains(#""name": "a \"quoted\"\nname\\""#))
        #expect(try PlanReader.read(Array(text.utf8)).spec.name == plan.spec.name)
    }

    @Test func fallsBackForStringsThatNeedEscapesAndFarYears() throws {
        var writer = PlanWriter(into: ByteBuffer())
        try writer.writeHeader(SamplePlan.empty)
        let quoted = Fire(
            at: SamplePlan.instant("2026-01-01T00:00:00Z"), trigger: "t\"", local: SamplePlan.local(2026, 1, 1, 0, 0),
            offset: 0, id: "t\"@2026-01-01T00:00:00")
        try writer.append(quoted)
        let far = Fire(
            at: Instant(secondsSinceEpoch: 253_402_300_800), trigger: "u", local: LocalDateTime(wallSeconds: 253_402_300_800),
            offset: 0, id: "u@10000-01-01T00:00:00", nominal: LocalDateTime(wallSeconds: 253_402_300_800))
        try writer.append(far)
        let text = String(decoding: try writer.finish().bytes, as: UTF8.self)
        #expect(
            text.hasSuffix(
                """
                  "fires": [
                    {"at": "2026-01-01T00:00:00Z", "trigger": "t\\"", "local": "2026-01-01T00:00:00+00:00", "id": "t\\"@2026-01-01T00:00:00"},
                    {"at": "10000-01-01T00:00:00Z", "trigger": "u", "local": "10000-01-01T00:00:00+00:00", "id": "u@10000-01-01T00:00:00", "nominal": "10000-01-01T00:00:00"}
                  ]
                }

                """))
    }

    @Test func formatsOffsetsAndTimestamps() {
        let local = SamplePlan.local(1883, 11, 18, 12, 3, 58)
        #expect(PlanTimestamp.format(local, offset: -17_762) == "1883-11-18T12:03:58-04:56:02")
        #expect(PlanTimestamp.format(local, offset: 0) == "1883-11-18T12:03:58+00:00")
        #expect(PlanTimestamp.format(local, offset: 45_900) == "1883-11-18T12:03:58+12:45")
        #expect(PlanTimestamp.format(Instant(secondsSinceEpoch: -1)) == "1969-12-31T23:59:59Z")
        #expect(PlanTimestamp.format(Instant(secondsSinceEpoch: 253_402_300_799)) == "9999-12-31T23:59:59Z")
    }

    @Test func fileSinkWritesThroughItsBuffer() throws {
        let path = "/tmp/almanac-plan-writer-\(getpid()).json"
        defer { unlink(path) }
        // A tiny buffer forces many flushes, including writes larger than the buffer.
        var writer = PlanWriter(into: try FileSink(path: path, bufferCapacity: 64))
        try writer.writeHeader(SamplePlan.plan)
        for fire in SamplePlan.plan.fires { try writer.append(fire) }
        let sink = try writer.finish()
        try sink.close()
        #expect(try FileBytes.read(path) == PlanWriter.render(SamplePlan.plan))
    }
}
