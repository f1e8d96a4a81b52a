/// Who may act, read from `--token-file`: one operator per line, `NAME TOKEN` (a line with one word is
/// a token for the operator `operator`); blank lines and `#` comments are ignored. A token is
/// compared in constant time against every operator's, so how long a refusal takes says nothing of
/// how much of a token was right, nor of which operator it was close to.
public struct ConsoleOperators: Sendable {
    public struct Operator: Sendable, Equatable {
        public var name: String
        public var token: String

        public init(name: String, token: String) {
            self.name = name
            self.token = token
        }
    }

    public let operators: [Operator]

    /// Tokens shorter than this are refused: guessable.
    public static let minimumTokenLength = 16

    public struct Invalid: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    public init(operators: [Operator]) { self.operators = operators }

    /// The operators of a token file's text, or why it cannot be used (line numbers from 1).
    public init(fileText: String) throws {
        var operators: [Operator] = []
        for (i, raw) in fileText.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimming([" ", "\t", "\r"])
            if line.isEmpty || line.hasPrefix("#") { continue }
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard words.count <= 2 else { throw Invalid(description: "line \(i + 1): expected NAME TOKEN or TOKEN") }
            let token = String(words.last!), name = words.count == 2 ? String(words[0]) : "operator"
            guard token.utf8.count >= Self.minimumTokenLength else {
                throw Invalid(description: "line \(i + 1): a token must have at least \(Self.minimumTokenLength) characters")
            }
            operators.append(Operator(name: name, token: token))
        }
        guard !operators.isEmpty else { throw Invalid(description: "no token in the file") }
        self.operators = operators
    }

    /// The operator whose token is `token`; every operator's token is compared, each in constant time.
    public func named(byToken token: String) -> String? {
        var found: String?
        for op in operators where Self.equalInConstantTime(op.token, token) { found = found ?? op.name }
        return found
    }

    /// Whether `a` and `b` are the same bytes, in a time that depends only on their lengths.
    public static func equalInConstantTime(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        var difference = UInt64(x.count ^ y.count)
        for i in 0..<max(x.count, y.count) {
            difference |= UInt64((i < x.count ? x[i] : 0) ^ (i < y.count ? y[i] : 0))
        }
        return difference == 0
    }
}

extension Substring {
    func trimming(_ set: Set<Character>) -> Substring {
        var s = self
        while let first = s.first, set.contains(first) { s.removeFirst() }
        while let last = s.last, set.contains(last) { s.removeLast() }
        return s
    }
}
