/// A failure of the executor's own machinery (I/O, a command that cannot start); plan problems are `PlanError`.
public struct ExecutorError: Error, CustomStringConvertible, Sendable {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
