import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Reads one listing to its end (WC-12): every page, short and empty ones included, until the cursor is null.
struct PageReader {
    let client: InstanceClient

    /// Calls `page` with each page's rows; answers how many pages were read. A repeated cursor is a server fault.
    ///
    /// The next page is asked for as soon as a page names its cursor, so the instance builds it while `page`
    /// decodes and stores this one (issue 6 "Performance").
    func walk(
        _ path: String, query: [URLQueryItem], page: ([JSONValue]) async throws(MarfaError) -> Void
    ) async throws(MarfaError) -> UInt64 {
        var seen = Set<String>()
        var pages: UInt64 = 0
        var answer = try await client.read(path, query: query)
        while true {
            guard let object = answer.object, let rows = object["data"]?.array else {
                throw MarfaError.decoding(message: "\(path) did not answer a page of data")
            }
            pages += 1
            let cursor = object["next_cursor"]?.string
            if let next = cursor, !seen.insert(next).inserted {
                throw MarfaError.server(status: 200, code: "repeated_cursor", message: "\(path) repeated cursor \(next)")
            }
            let following = cursor.map { next in
                Task { [client] in
                    try await client.read(path, query: query + [URLQueryItem(name: "cursor", value: next)])
                }
            }
            do {
                try await page(rows)
            } catch {
                following?.cancel()
                throw error
            }
            guard let following else { return pages }
            do {
                answer = try await following.value
            } catch {
                throw error as? MarfaError ?? .network(message: "\(error)")
            }
        }
    }

    /// Every outbound edge of an item, of one type or all, from `cursor` on (P-24); answers the edges and the pages.
    func edges(of itemId: String, type: String? = nil, from cursor: String? = nil) async throws(MarfaError)
        -> (edges: [Edge], pages: UInt64)
    {
        var query = [URLQueryItem(name: "limit", value: "200")]
        if let type { query.append(URLQueryItem(name: "edge_type", value: type)) }
        if let cursor { query.append(URLQueryItem(name: "cursor", value: cursor)) }
        var edges: [Edge] = []
        let pages = try await walk("/items/\(itemId)/edges", query: query) { rows throws(MarfaError) in
            for row in rows { edges.append(try WireRows.edge(row)) }
        }
        return (edges, pages)
    }
}
