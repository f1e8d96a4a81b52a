import AlmanacJSON

/// `/api/…`: the pages' facts as JSON, and `POST /api/actions` with `Authorization: Bearer TOKEN`
/// (no cookie is accepted there, so no other site can make a browser call it).
extension Console {
    func api(_ request: ConsoleRequest) async -> ConsoleResponse {
        do {
            let after = try Self.cursor(request), n = try Self.limit(request)
            let now = try await source.now()
            switch (request.method, request.path) {
            case ("GET", "/api/specs"):
                return json(200, ConsoleJSON.list(try await source.specs(after: after, limit: n)) { ConsoleJSON.spec($0, now: now) })
            case ("GET", "/api/spec"):
                let id = try Self.required(request, "id")
                guard let spec = try await source.spec(id) else { throw ConsoleRefusal(.notFound, "no spec '\(id)' in the store") }
                return json(200, ConsoleJSON.spec(spec, now: now))
            case ("GET", "/api/upcoming"):
                let list = try await source.upcoming(
                    spec: request.query["spec"].flatMap { $0.isEmpty ? nil : $0 },
                    trigger: request.query["trigger"].flatMap { $0.isEmpty ? nil : $0 },
                    after: after, limit: n)
                return json(200, ConsoleJSON.list(list, ConsoleJSON.fire))
            case ("GET", "/api/recent"):
                return json(200, ConsoleJSON.list(try await source.recent(after: after, limit: n), ConsoleJSON.fire))
            case ("GET", "/api/trouble"):
                return json(200, ConsoleJSON.list(try await source.trouble(after: after, limit: n), ConsoleJSON.fire))
            case ("GET", "/api/executors"):
                return json(200, ConsoleJSON.list(try await source.executors(after: after, limit: n), ConsoleJSON.executor))
            case ("GET", "/api/fire"):
                let spec = try Self.required(request, "spec"), id = try Self.required(request, "id")
                guard let detail = try await source.fire(spec: spec, id: id) else {
                    throw ConsoleRefusal(.notFound, "no fire '\(id)' of spec '\(spec)'")
                }
                return json(200, ConsoleJSON.detail(detail))
            case ("POST", "/api/actions"):
                return try await apiAction(request)
            default:
                return json(404, ConsoleJSON.error("no API path \(request.method) \(request.path)"))
            }
        } catch let refusal as ConsoleRefusal {
            return json(Self.status(refusal.kind), ConsoleJSON.error(refusal.description))
        } catch let bad as BadRequest {
            return json(400, ConsoleJSON.error(bad.description))
        } catch {
            return json(503, ConsoleJSON.error("the store did not answer: \(error)"))
        }
    }

    private func apiAction(_ request: ConsoleRequest) async throws -> ConsoleResponse {
        guard let operators, source.acceptsActions else { throw ConsoleRefusal(.readOnly, "this console is read-only") }
        guard let token = request.bearer, let name = operators.named(byToken: token) else {
            var response = json(401, ConsoleJSON.error("an operator's token is required: Authorization: Bearer TOKEN"))
            response.headers.append((name: "WWW-Authenticate", value: "Bearer"))
            return response
        }
        guard (request.headers["content-type"] ?? "").hasPrefix("application/json"),
            let body = try? JSONReader.parse(request.body, maxDepth: 4),
            let action = ConsoleAction(
                name: body["action"]?.stringValue ?? "", spec: body["spec"]?.stringValue ?? "", target: body["target"]?.stringValue ?? "")
        else {
            throw BadRequest(
                description:
                    "expected a JSON body {\"action\": …, \"spec\": …, \"target\": …} (Content-Type: application/json), action one of "
                    + ConsoleAction.names.joined(separator: ", "))
        }
        let done = try await source.perform(action, by: name)
        return json(
            200,
            .object([
                "done": .string(done), "action": .string(action.name), "spec": .string(action.spec), "target": .string(action.target),
                "by": .string(name),
            ]))
    }

    func json(_ status: Int, _ value: JSONValue) -> ConsoleResponse {
        ConsoleResponse(
            status: status, contentType: "application/json", headers: Self.securityHeaders,
            body: Array((JSONWriter.inline(value) + "\n").utf8))
    }
}
