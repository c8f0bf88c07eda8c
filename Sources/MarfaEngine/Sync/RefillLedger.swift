/// What an in-place refill has laid over so far (seed 003 "Refills", F129, F130; Decision 0109): the ids of the
/// items and edges its pages brought, so its end removes only the held rows the instance no longer sends.
struct RefillLedger: Sendable {
    /// The refill the ledger belongs to.
    let fill: FillToken
    /// Items the refill's pages brought.
    var items: Set<String> = []
    /// Edges the refill's pages brought.
    var edges: Set<String> = []

    /// Notes the rows of `page`.
    mutating func note(_ page: FillPage) {
        for row in page.rows {
            items.insert(row.item.id)
            for edge in row.edges { edges.insert(edge.id) }
        }
        for edge in page.edges { edges.insert(edge.id) }
    }
}
