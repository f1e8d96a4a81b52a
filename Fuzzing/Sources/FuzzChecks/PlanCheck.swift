import AlmanacPlan

/// Plan bytes → the plan reader (the executor's only way in). Checks: no crash; a plan that reads
/// renders canonically, and the rendering reads back to the same plan and the same bytes.
public enum PlanCheck {
    public static func run(_ bytes: [UInt8]) {
        guard let plan = try? PlanAdapter.read(bytes) else { return }
        roundTrip(plan)
    }

    /// The writer → reader round trip of a plan the reader or the compiler produced.
    static func roundTrip(_ plan: Plan) {
        let rendered = PlanWriter.render(plan)
        let back: Plan
        do { back = try PlanAdapter.read(rendered) } catch {
            invariant(false, "the reader refuses the writer's plan: \(error)\n\(String(decoding: rendered.prefix(2000), as: UTF8.self))")
            return
        }
        invariant(back == plan, "the plan read back differs from the plan written")
        invariant(PlanWriter.render(back) == rendered, "rendering is not canonical")
    }

    /// What every compiled plan must satisfy before it is written.
    static func checkCompiled(_ plan: Plan) {
        var ids = Set<String>()
        for fire in plan.fires {
            invariant(plan.window.contains(fire.at), "fire \(fire.id) outside the window")
            invariant(plan.triggers[fire.trigger] != nil, "fire \(fire.id) of an undeclared trigger")
            invariant(ids.insert(fire.id).inserted, "two fires with id \(fire.id)")
        }
        invariant(zip(plan.fires, plan.fires.dropFirst()).allSatisfy { Fire.precedes($0, $1) }, "fires out of plan order")
        roundTrip(plan)
    }
}

/// The plan reader as the executor calls it. One place to repoint when the reader changes.
enum PlanAdapter {
    static func read(_ bytes: [UInt8]) throws -> Plan { try PlanReader.read(bytes) }
}
