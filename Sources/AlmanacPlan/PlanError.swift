import AlmanacJSON

/// Why a plan could not be read or written. Command lines report it and exit with status 2.
public struct PlanError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    /// 1-based line and column of the problem in the plan's text, when known.
    public var line: Int?
    public var column: Int?

    public init(_ message: String, line: Int? = nil, column: Int? = nil) {
        self.message = message
        self.line = line
        self.column = column
    }

    /// A JSON syntax error, keeping its position.
    public init(_ error: JSONReadError) {
        self.init("not valid JSON: \(error.message)", line: error.line, column: error.column)
    }

    /// `line:column: message`, or the bare message.
    public var description: String {
        guard let line else { return message }
        return column.map { "\(line):\($0): \(message)" } ?? "\(line): \(message)"
    }
}
