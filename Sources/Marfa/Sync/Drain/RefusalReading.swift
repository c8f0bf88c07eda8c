/// Reads a refusal from the instance once, for the queue and the drain report alike.
enum RefusalReading {
    /// The refusal an answer carries: the instance's code as its reason and code, the message, each property in
    /// `details.errors` with its reason, whether the row is in the bin (a 404 `item_not_found` whose details say
    /// `trashed`), and the missing grant `details.grant` names. A part missing or oddly shaped reads as absent.
    static func refusal(of answer: InstanceAnswer) -> Refusal {
        let envelope = ErrorEnvelope.parse(answer)
        let code = envelope?.code ?? answer.header("x-error-code") ?? "http_\(answer.status)"
        let details = envelope?.details?.object
        let fields = (details?["errors"]?.array ?? []).compactMap { entry -> FieldRefusal? in
            guard let object = entry.object, let field = object["field"]?.string ?? object["path"]?.string else {
                return nil
            }
            return FieldRefusal(field: field, message: object["message"]?.string ?? "")
        }
        let trashed = answer.status == 404 && code == "item_not_found" && details?["trashed"]?.bool == true
        return Refusal(
            reason: code, code: code, message: envelope?.message, fields: fields, trashed: trashed,
            grant: MissingGrant(details: envelope?.details))
    }
}
