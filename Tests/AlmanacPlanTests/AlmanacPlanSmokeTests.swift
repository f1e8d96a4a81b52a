import Testing
@testable import AlmanacPlan

@Suite struct AlmanacPlanSmokeTests {
    @Test func moduleLinks() {
        #expect(Bool(true))
    }
}
