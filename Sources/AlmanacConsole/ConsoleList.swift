import AlmanacJSON

/// One page of a list, and where the next one starts (keyset pagination: a page costs the same
/// however deep it is, and rows written meanwhile neither repeat nor vanish).
public struct ConsoleList<Item: Sendable>: Sendable {
    public var items: [Item]
    /// The cursor of the next page; nil on the last one.
    public var next: ConsoleCursor?

    public init(items: [Item], next: ConsoleCursor? = nil) {
        self.items = items
        self.next = next
    }

    /// The first `limit` of `rows` (a source reads `limit + 1` to know whether more follow), and a
    /// cursor made from the last item shown when they do.
    public init(rows: [Item], limit: Int, cursor: (Item) -> ConsoleCursor) {
        items = Array(rows.prefix(limit))
        next = rows.count > limit ? items.last.map(cursor) : nil
    }
}

/// Where a page starts: the sort key of the last row of the page before, as text values. Written
/// in a URL as a JSON array (`after=["1764000000000000","spec","id"]`, percent-encoded).
public struct ConsoleCursor: Hashable, Sendable {
    public var keys: [String]

    public init(_ keys: [String]) { self.keys = keys }

    public var text: String { JSONWriter.inline(.array(keys.map { .string($0) })) }

    /// The cursor `text` wrote, or nil for anything else.
    public init?(text: String) {
        guard let value = try? JSONReader.parse(text), let array = value.arrayValue, !array.isEmpty, array.count <= 4 else { return nil }
        let keys = array.compactMap(\.stringValue)
        guard keys.count == array.count else { return nil }
        self.keys = keys
    }

    /// Key `i` as an integer (a moment in microseconds), or nil.
    public func integer(_ i: Int) -> Int64? { i < keys.count ? Int64(keys[i]) : nil }
}
