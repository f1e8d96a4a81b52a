import AlmanacCompiler
import AlmanacPlan
import Testing

/// Which inputs of `diff`, `render` and `export` are specs, and the window both sides compile over.
@Suite struct PlanInputTests {
    @Test(arguments: [
        ("a.yaml", true), ("dir/b.yml", true), ("plan.json", false), ("yaml", false), ("a.yaml.json", false), ("-", false),
        ("a.expect.yaml", true),
    ])
    func aYAMLPathIsASpec(_ path: String, _ isSpec: Bool) {
        #expect(PlanInput(path).isSpec == isSpec)
        #expect(PlanInput(path) == (isSpec ? .spec(path) : .plan(path)))
    }

    static let planWindow = TestSupport.window("2026-01-01T00:00:00Z", "2026-02-01T00:00:00Z")
    static let flagWindow = TestSupport.window("2026-11-23T00:00:00Z", "2026-12-23T00:00:00Z")

    @Test func theSharedWindowPrefersFlagsThenAPlanThenTheSpecDefault() {
        var asked = 0
        let requested = { () -> Window in
            asked += 1
            return Self.flagWindow
        }
        // No spec side: nothing is compiled, and the flags are not even resolved.
        #expect(PlanInput.sharedWindow(specs: 0, flagsGiven: true, planWindows: [Self.planWindow], requested: requested) == nil)
        #expect(asked == 0)
        // A spec beside a plan, no flags: the plan's window.
        #expect(
            PlanInput.sharedWindow(specs: 1, flagsGiven: false, planWindows: [Self.planWindow], requested: requested) == Self.planWindow)
        #expect(asked == 0)
        // Flags win over the plan.
        #expect(PlanInput.sharedWindow(specs: 1, flagsGiven: true, planWindows: [Self.planWindow], requested: requested) == Self.flagWindow)
        // Two specs, no flags: the default (what `requested` resolves).
        #expect(PlanInput.sharedWindow(specs: 2, flagsGiven: false, planWindows: [], requested: requested) == Self.flagWindow)
        #expect(asked == 2)
    }
}
