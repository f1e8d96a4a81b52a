import Testing
@testable import AlmanacExecutor

@Suite struct AlmanacExecutorSmokeTests {
    @Test func moduleLinks() {
        #expect(Bool(true))
    }
}
