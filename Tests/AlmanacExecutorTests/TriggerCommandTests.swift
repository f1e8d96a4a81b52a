import AlmanacJSON
import AlmanacPlan
import Foundation
import Testing
@testable import AlmanacExecutor

/// The exec backend without a command of its own: each trigger runs its `payload.command`, with its
/// `environment` and `stdin`, as cron runs a crontab line — real processes.
@Suite(.serialized) struct TriggerCommandTests {
    final class Outcomes: @unchecked Sendable {
        private let lock = Lock()
        private var items: [FireOutcome] = []
        func add(_ outcome: FireOutcome) { lock.withLock { items.append(outcome) } }
        var all: [FireOutcome] { lock.withLock { items } }
    }

    /// Runs one fire of a trigger with `payload` through an exec backend given no command; returns
    /// what the command wrote to `$OUT` and how it ended.
    func run(_ payload: [String: JSONValue], base: [String: String] = ["PATH": "/usr/bin:/bin"]) throws -> (String, [FireOutcome]) {
        let directory = TestPlans.scratchDirectory("trigger-command")
        mkdir(directory, 0o755)
        let outcomes = Outcomes()
        let backend = ExecBackend(
            command: [], environment: base.merging(["OUT": directory + "/out"]) { a, _ in a }, onOutcome: outcomes.add)
        backend.fire(TestPlans.fire("job", 0), trigger: PlanTrigger(kind: "cron", payload: payload))
        backend.finish()
        let text = (try? FileBytes.read(directory + "/out")).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return (text, outcomes.all)
    }

    @Test func aShellLineRunsUnderShWithItsEnvironmentAndStdin() throws {
        let (text, outcomes) = try run([
            "command": "printf '%s|%s|%s|' \"$GREETING\" \"$ALMANAC_TRIGGER\" \"$0\" > \"$OUT\"; cat >> \"$OUT\"; exit 4",
            "environment": ["GREETING": "good morning"], "stdin": "Dear team,\nthe report is 100% ready.\n",
        ])
        #expect(text == "good morning|job|/bin/sh|Dear team,\nthe report is 100% ready.\n")
        #expect(outcomes.map(\.status) == [.exited(4)])
    }

    @Test func shellFromTheTriggersEnvironmentAsCronDoes() throws {
        let (text, _) = try run(["command": "echo \"$0\" > \"$OUT\"", "environment": ["SHELL": "/bin/bash"]])
        #expect(text == "/bin/bash\n")
    }

    @Test func aListRunsWithoutAShell() throws {
        // `$OUT` is not expanded: no shell reads the words.
        let (text, outcomes) = try run(["command": ["/bin/sh", "-c", "printf '%s' \"$1\" > \"$OUT\"", "sh", "$HOME; ls"]])
        #expect(text == "$HOME; ls")
        #expect(outcomes.map(\.status) == [.exited(0)])
    }

    @Test func withoutStdinTheInputIsEmptyNotThePayload() throws {
        let (text, _) = try run(["command": "wc -c < /dev/stdin > \"$OUT\"", "title": "x"])
        #expect(text.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }

    @Test func theFiresVariablesWinOverTheTriggersAndTheTriggersOverTheDaemons() throws {
        let (text, _) = try run(
            [
                "command": "echo \"$ALMANAC_FIRE_ID $KEEP $LANG\" > \"$OUT\"",
                "environment": ["ALMANAC_FIRE_ID": "forged", "LANG": "C.UTF-8"],
            ],
            base: ["PATH": "/usr/bin:/bin", "KEEP": "daemon", "LANG": "fr_FR"])
        #expect(text == "job@2026-11-23T05:00:00 daemon C.UTF-8\n")
    }

    @Test func aTriggerWithoutACommandFailsToStartNamingIt() throws {
        let (_, outcomes) = try run(["title": "no command"])
        #expect(outcomes.count == 1)
        guard case .failedToStart(let reason) = outcomes.first?.status else {
            Issue.record("expected a failure to start, got \(outcomes)")
            return
        }
        #expect(reason.hasPrefix("trigger \"job\": no payload.command"))
    }

    static let malformed: [(payload: [String: JSONValue], reason: String)] = [
        (["title": "x"], "no payload.command"),
        (["command": ""], "payload.command is empty"),
        (["command": []], "payload.command must be a shell line or a non-empty list"),
        (["command": ["ls", 3]], "payload.command must be a shell line or a non-empty list"),
        (["command": 3], "payload.command must be a shell line or a non-empty list"),
        (["command": "ls", "environment": ["N": 3]], "payload.environment.N must be a string"),
        (["command": "ls", "environment": ["1X": "a"]], "payload.environment: '1X' is not a variable name"),
        (["command": "ls", "environment": "A=b"], "payload.environment must be a mapping"),
        (["command": "ls", "stdin": ["a"]], "payload.stdin must be a string"),
    ]

    @Test func malformedPayloadsAreProblems() {
        for (payload, reason) in Self.malformed {
            guard case .failure(let problem) = TriggerCommand.of(PlanTrigger(kind: "cron", payload: payload), id: "t") else {
                Issue.record("\(payload) was accepted")
                continue
            }
            #expect(problem.reason.hasPrefix(reason), "\(problem.reason)")
        }
    }

    @Test func theProblemIsLocatedAtTheTriggersLineInThePlan() throws {
        var plan = TestPlans.plan([TestPlans.fire("a", 0), TestPlans.fire("b", 1), TestPlans.fire("c", 2)])
        plan.triggers["a"]!.payload = ["command": "true"]
        let text = PlanWriter.render(plan)
        let problems = TriggerCommand.problems(in: plan)
        #expect(problems.map(\.trigger) == ["b", "c"])
        let error = TriggerCommand.planError(problems, text: text)
        // Line 1 `{`, 2 plan, 3 spec, 4 window, 5 tzdata, 6 limits, 7 `"triggers": {`, then a, b, c.
        #expect(error.line == 9)
        #expect(error.description.hasPrefix("9:5: trigger \"b\": no payload.command"))
        #expect(error.description.hasSuffix("; also \"c\""))
    }
}
