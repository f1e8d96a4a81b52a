import PostgresNIO

/// A statement put together piece by piece (optional filters, a cursor), every value a bind
/// parameter (`$n`), never text: postgres-nio's `PostgresQuery` cannot join two interpolated queries.
struct QueryText {
    private(set) var sql: String
    private var binds = PostgresBindings()

    init(_ sql: String) { self.sql = sql }

    /// SQL written by this program, never a value.
    mutating func raw(_ text: String) { sql += text }

    /// A value, as the next parameter.
    mutating func bind(_ value: some PostgresThrowingDynamicTypeEncodable) {
        // Strings and integers encode without failing.
        try? binds.append(value)
        sql += "$\(binds.count)"
    }

    var query: PostgresQuery { PostgresQuery(unsafeSQL: sql, binds: binds) }
}
