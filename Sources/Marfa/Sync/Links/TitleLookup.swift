import Foundation
import MarfaEngine
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The instance's name lookup for links by title (P-26): which items have a title, asked by `contains` and compared
/// whole by the copy, since `contains` folds only ASCII case and matches parts of names.
struct TitleLookup {
    let client: InstanceClient
    /// The pages of `contains` matches read before the answer is taken as it is (P-26's bound).
    static let pagesRead = 5

    /// The ids of the items out of the bin whose `field` names `name` whole (trimmed, case and Unicode form aside).
    func ids(named name: String, field: String) async throws(MarfaError) -> [String] {
        var text = name
        while text.hasSuffix("\\") { text.removeLast() }
        let filter = try FilterExpression(
            conditions: [FilterCondition(field: .property(field), operator: .contains, value: .text(text))]
        ).encoded()
        let wanted = LinkResolver.folded(name)
        var ids: [String] = []
        var cursor: String?
        for _ in 0..<Self.pagesRead {
            var query = [
                URLQueryItem(name: "filter", value: filter), URLQueryItem(name: "state", value: "any"),
                URLQueryItem(name: "include", value: "metadata"), URLQueryItem(name: "limit", value: "200"),
            ]
            if let cursor { query.append(URLQueryItem(name: "cursor", value: cursor)) }
            let page = try InstanceClient.document(try await client.readBody("/items", query: query), path: "/items")
            guard let rows = page.object?["data"]?.array else {
                throw MarfaError.decoding(message: "/items did not answer a page of data")
            }
            for row in rows {
                let item = try WireRows.itemAnswer(row).item
                guard item.state != .trashed, item.state != .revoked,
                    let title = item.property(field)?.string, LinkResolver.folded(title) == wanted,
                    !ids.contains(item.id)
                else { continue }
                ids.append(item.id)
            }
            guard let next = page.object?["next_cursor"]?.string else { break }
            cursor = next
        }
        return ids
    }
}
