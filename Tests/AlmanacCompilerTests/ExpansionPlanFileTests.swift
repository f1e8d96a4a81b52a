import AlmanacCompiler
import AlmanacModel
import AlmanacPlan
import AlmanacTime
import Testing

/// `Expansion.writePlan`: the plan file it writes reads back as the header and exactly the fires the
/// expansion streams, with the expansion's warnings in the report; over budget it throws.
@Suite struct ExpansionPlanFileTests {
    static func expansion(maxFires: Int = 1000) throws -> Expansion {
        let hourly = Trigger(id: "hourly", kind: .cron(TestSupport.cron("0 * * * *")), timezone: "Europe/Berlin")
        let once = Trigger(id: "launch", kind: .once(OnceRule(.local(TestSupport.local("2026-03-29T02:30")))), timezone: "Europe/Berlin")
        let schedule = TestSupport.schedule(hourly, once, maxFires: maxFires)
        return try Compiler(tzdataVersion: "test").prepare(
            schedule, specSHA256: String(repeating: "0", count: 64),
            window: TestSupport.window("2026-03-28T00:00:00Z", "2026-03-30T00:00:00Z"))
    }

    @Test func readsBackAsTheStreamedFires() throws {
        let expansion = try Self.expansion()
        var streamed: [Fire] = []
        let streamedReport = try expansion.run { streamed.append($0) }
        let (report, sink) = try expansion.writePlan(into: ByteBuffer())
        let plan = try PlanReader.read(sink.bytes)
        var header = plan
        header.fires = []
        #expect(header == expansion.header)
        #expect(plan.triggers.keys.sorted() == ["hourly", "launch"])
        #expect(plan.fires == streamed)
        // Every UTC hour of the two days is a whole hour in Berlin (48 fires); the launch at 02:30,
        // in the spring-forward gap, is moved, so its plan line carries `nominal`.
        #expect(streamed.filter { $0.trigger == "hourly" }.count == 48)
        #expect(streamed.filter { $0.trigger == "launch" }.map(\.isMoved) == [true])
        #expect(report.diagnostics.map(\.code) == streamedReport.diagnostics.map(\.code))
        #expect(sink.bytes.last == 0x0A)
    }

    @Test func overBudgetThrowsTheCompileError() throws {
        let expansion = try Self.expansion(maxFires: 10)
        #expect(throws: CompileError.self) { try expansion.writePlan(into: ByteBuffer()) }
    }
}
