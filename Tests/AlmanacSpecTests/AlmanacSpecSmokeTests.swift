import Testing
@testable import AlmanacSpec

@Suite struct AlmanacSpecSmokeTests {
    @Test func moduleLinks() {
        #expect(Bool(true))
    }
}
