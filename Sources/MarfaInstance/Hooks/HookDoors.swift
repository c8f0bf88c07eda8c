import MarfaRules

/// The reference-only test hooks under `/__reference/` (P-99): operator key only (`403 forbidden` otherwise), `POST`
/// with a JSON body, `200` with a JSON object; they log no event and never draw from an armed fault.
package enum HookDoors {
    /// The first path segment of every hook.
    package static let root = "__reference"

    /// Answers one hook request.
    package static func answer(_ request: HTTPRequest, segments: [String], core: InstanceCore) async -> DoorAnswer {
        guard let key = InstanceRouter(core: core).key(of: request) else {
            return .reply(InstanceRouter.unauthorized.reply)
        }
        guard key.isOperator else {
            return .reply(Refusal(403, "forbidden", "Only the operator key may use the test hooks.").reply)
        }
        let path = segments.dropFirst().joined(separator: "/")
        guard request.method == "POST", paths.contains(path) else {
            return .reply(Refusal(404, "not_found", "No such path.").reply)
        }
        let body: BodyFields
        do throws(Refusal) {
            body = BodyFields(try JSONBody.object(of: request))
        } catch {
            return .reply(error.reply)
        }
        switch path {
        case "log/trim": return .reply(await trim(body, core: core))
        case "log/rollback": return .reply(await rollback(body, core: core))
        case "streams/end": return .reply(endStreams(body, core: core))
        case "faults": return .reply(arm(body, core: core))
        case "idempotency": return .reply(idempotencyRecords(body, core: core))
        default: return .reply(await instanceId(body, core: core))
        }
    }

    private static let paths: Set<String> = [
        "log/trim", "log/rollback", "streams/end", "faults", "instance-id", "idempotency",
    ]

    /// `{"through": N}`: drops every event with id ≤ N, never the newest; answers `min_retained_id`.
    private static func trim(_ body: BodyFields, core: InstanceCore) async -> Reply {
        await core.write(claim: nil) { state throws(Refusal) in
            guard let through = try body.integer("through"), through >= 0 else {
                throw Refusal.missingField("through")
            }
            var log = state.log
            log.trim(through: through)
            return WritePlan(
                changes: [.trimLog(through: through)],
                reply: .ok(["min_retained_id": .string(String(log.minRetainedId))]))
        }
    }

    /// `{"to": N}`: the head goes back to N and later events are forgotten (items stay); open streams end as a
    /// restore from an older backup ends them, with `stream_incomplete` `server_stopping` (Decision 0008).
    private static func rollback(_ body: BodyFields, core: InstanceCore) async -> Reply {
        let reply = await core.write(claim: nil) { state throws(Refusal) in
            guard let position = try body.integer("to") else { throw Refusal.missingField("to") }
            guard position >= 0, position <= state.log.head else {
                throw Refusal.validation("to must lie between 0 and the head, \(state.log.head).")
            }
            return WritePlan(changes: [.rollbackLog(to: position)], reply: .ok(["head": .string(String(position))]))
        }
        if reply.status == 200 { core.hub.endAll(reason: "server_stopping") }
        return reply
    }

    /// `{"reason": "<reason>"}`: every open stream ends with `stream_incomplete` and that reason.
    private static func endStreams(_ body: BodyFields, core: InstanceCore) -> Reply {
        do throws(Refusal) {
            guard let reason = try body.string("reason"), !reason.isEmpty else { throw Refusal.missingField("reason") }
            return .ok(["ended": .integer(Int64(core.hub.endAll(reason: reason)))])
        } catch {
            return error.reply
        }
    }

    /// Arms a fault for the next `count` requests to other doors: a `503` or `429` status with an optional
    /// `retry_after`, `omit_contract`, or `drop`.
    private static func arm(_ body: BodyFields, core: InstanceCore) -> Reply {
        do throws(Refusal) {
            let count = Int(try body.integer("count") ?? 1)
            guard count >= 0 else { throw Refusal.validation("count must not be negative.") }
            let fault: Fault
            if let status = try body.integer("status") {
                guard status == 503 || status == 429 else { throw Refusal.validation("status takes 503 or 429.") }
                fault = .status(Int(status), retryAfter: try body.integer("retry_after").map(Int.init))
            } else if try body.bool("omit_contract") == true {
                fault = .omitContract
            } else if try body.bool("drop") == true {
                fault = .drop
            } else {
                throw Refusal.validation("Name a status, omit_contract or drop.")
            }
            core.faults.arm(fault, count: count)
            return .ok(["armed": .integer(Int64(count))])
        } catch {
            return error.reply
        }
    }

    /// `{}` or `{"credential": "<key id>"}`: reads only; answers `records`, every kept idempotency record (of that
    /// credential) as `{credential, key, status, error_code}`, ordered by credential and key, so a checker can see
    /// which keys landed and how (the chaos drill's "none landed twice", Decision 0095). The answers' bodies and
    /// the secrets are never shown.
    private static func idempotencyRecords(_ body: BodyFields, core: InstanceCore) -> Reply {
        do throws(Refusal) {
            let credential = try body.string("credential")
            let records = try core.read { state throws(Refusal) in
                state.idempotency.values.filter { credential == nil || $0.key.credential == credential }
            }
            let rows: [JSONValue] = records.sorted {
                ($0.key.credential, $0.key.key) < ($1.key.credential, $1.key.key)
            }.map { record in
                [
                    "credential": .string(record.key.credential), "key": .string(record.key.key),
                    "status": .integer(Int64(record.status)),
                    "error_code": record.errorCode.map(JSONValue.string) ?? .null,
                ]
            }
            return .ok(["records": .array(rows)])
        } catch {
            return error.reply
        }
    }

    /// `{"instance_id": "<id>"}` or `{}`: `GET /` answers that id (a fresh one for `{}`) from now on.
    private static func instanceId(_ body: BodyFields, core: InstanceCore) async -> Reply {
        await core.write(claim: nil) { _ throws(Refusal) in
            let id = try body.string("instance_id") ?? ItemID.make()
            guard !id.isEmpty else { throw Refusal.validation("instance_id cannot be empty.") }
            return WritePlan(changes: [.setInstanceId(id)], reply: .ok(["instance_id": .string(id)]))
        }
    }
}
