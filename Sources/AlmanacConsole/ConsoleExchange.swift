import AlmanacEscaping

/// A request as the console reads it, whatever server carried it.
public struct ConsoleRequest: Sendable {
    public var method: String
    public var path: String
    /// Query parameters, decoded; the first of a repeated name wins.
    public var query: [String: String]
    /// Header values by lowercased name.
    public var headers: [String: String]
    public var body: [UInt8]

    public init(method: String, path: String, query: String = "", headers: [String: String] = [:], body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.query = Self.fields(query) ?? [:]
        self.headers = headers
        self.body = body
    }

    /// The fields of an `application/x-www-form-urlencoded` body, or nil when it is not one.
    public var form: [String: String]? {
        guard let text = String(validating: body, as: UTF8.self) else { return nil }
        return Self.fields(text)
    }

    /// A cookie's value.
    public func cookie(_ name: String) -> String? {
        guard let header = headers["cookie"] else { return nil }
        for part in header.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            if pair.count == 2, pair[0].trimmingSpaces == name { return String(pair[1].trimmingSpaces) }
        }
        return nil
    }

    /// The bearer token of `Authorization: Bearer …`.
    public var bearer: String? {
        guard let header = headers["authorization"], header.lowercased().hasPrefix("bearer ") else { return nil }
        return String(header.dropFirst(7).trimmingSpaces)
    }

    static func fields(_ text: String) -> [String: String]? {
        guard let pairs = URLText.pairs(text) else { return nil }
        var fields: [String: String] = [:]
        for (name, value) in pairs where fields[name] == nil { fields[name] = value }
        return fields
    }
}

/// What the console answers: a status, a content type, headers and a body.
public struct ConsoleResponse: Sendable {
    public var status: Int
    public var contentType: String
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(status: Int, contentType: String, headers: [(name: String, value: String)] = [], body: [UInt8]) {
        self.status = status
        self.contentType = contentType
        self.headers = headers
        self.body = body
    }

    public var text: String { String(decoding: body, as: UTF8.self) }

    public func header(_ name: String) -> String? { headers.first { $0.name.lowercased() == name.lowercased() }?.value }
}

extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return s
    }
}
