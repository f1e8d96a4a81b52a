import Testing
@testable import AlmanacCompiler

@Suite struct AlmanacCompilerSmokeTests {
    @Test func moduleLinks() {
        #expect(Bool(true))
    }
}
