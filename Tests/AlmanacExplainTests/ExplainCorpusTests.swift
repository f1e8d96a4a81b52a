import AlmanacExplain
import AlmanacModel
import AlmanacTestSupport
import AlmanacTime
import Foundation
import Testing

/// Corpora of cron expressions and RRULEs, each line explained; the goldens were read line by line
/// for English and meaning (`ALMANAC_RECORD=1 swift test --filter Explain`, then review).
@Suite struct ExplainCorpusTests {
    static let fixtures = Golden.repositoryRoot + "/Tests/AlmanacExplainTests/Fixtures"
    static let goldens = Golden.repositoryRoot + "/Tests/AlmanacExplainTests/Golden"

    static func lines(_ name: String) throws -> [String] {
        let text = try String(contentsOfFile: "\(fixtures)/\(name)", encoding: .utf8)
        return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    @Test func cronCorpus() throws {
        let corpus = try Self.lines("cron-corpus.txt")
        #expect(corpus.count >= 200)
        var out = ""
        for line in corpus {
            let (expression, errors) = CronParser.parse(line)
            let e = try #require(expression, "\(line): \(errors.map(\.message))")
            out += "\(line)\n  \(Explainer.cron(e))\n"
        }
        let failure = Golden.check(out, against: "\(Self.goldens)/cron-corpus.txt")
        #expect(failure == nil, "\(failure ?? "")")
    }

    @Test func rruleCorpus() throws {
        let corpus = try Self.lines("rrule-corpus.txt")
        #expect(corpus.count >= 100)
        var out = ""
        for line in corpus {
            let space = try #require(line.firstIndex(of: " "))
            let startText = String(line[..<space]), ruleText = String(line[line.index(after: space)...])
            let start: LocalDateTime
            if case .success(let l) = ValueSyntax.localDateTime(startText) {
                start = l
            } else {
                let d = try ValueSyntax.date(startText).get()
                start = LocalDateTime(date: d, time: .midnight)
            }
            let (rule, errors) = RRuleParser.parse(ruleText)
            let r = try #require(rule, "\(line): \(errors.map(\.message))")
            out += "\(line)\n  \(Explainer.rrule(RRuleTrigger(rule: r, start: start)))\n"
        }
        let failure = Golden.check(out, against: "\(Self.goldens)/rrule-corpus.txt")
        #expect(failure == nil, "\(failure ?? "")")
    }

    /// The sentence comes from the model, not the text: spellings of one schedule read the same.
    @Test(arguments: [
        ["0 9 * * 1-5", "0 9 * * mon-fri", "0 9 * * MON-FRI", "0 9 * * 1,2,3,4,5", "0  9  *  *  1-5"],
        ["0 0 * * 0", "0 0 * * 7", "0 0 * * sun", "@weekly"],
        ["*/15 * * * *", "0,15,30,45 * * * *", "0-59/15 * * * *", "*/15 0-23 * * *"],
        ["0 0 1 1 *", "0 0 1 jan *", "@yearly", "@annually"],
        ["0 0 1 * *", "@monthly", "0 0 1 1-12 *"],
    ])
    func equivalentSpellingsReadTheSame(_ spellings: [String]) throws {
        let sentences = try spellings.map { text in Explainer.cron(try #require(CronParser.parse(text).0, "\(text)")) }
        #expect(Set(sentences).count == 1, "\(zip(spellings, sentences).map { "\($0) → \($1)" })")
    }
}
