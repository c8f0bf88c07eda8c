import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Reads one listing to its end (WC-12): every page, short and empty ones included, until the cursor is null.
struct PageReader {
    let client: InstanceClient

    /// Calls `page` with each page's rows as JSON values; answers how many pages were read.
    func walk(
        _ path: String, query: [URLQueryItem], page: ([JSONValue]) async throws(MarfaError) -> Void
    ) async throws(MarfaError) -> UInt64 {
        try await walk(
            path, query: query, decode: { body throws(MarfaError) in try Self.tree(body, path: path) }, page: page)
    }

    /// Calls `page` with each page's rows as `decode` reads them from the body; answers how many pages were read. A
    /// repeated cursor is a server fault.
    ///
    /// The next page is asked for as soon as a page's body names its cursor (found by skimming the body, before the
    /// rows are read), so the instance builds the next page while the copy reads this one's rows and `page` stores
    /// them (issue 6 "Performance").
    func walk<Row>(
        _ path: String, query: [URLQueryItem], decode: ([UInt8]) throws(MarfaError) -> [Row],
        page: ([Row]) async throws(MarfaError) -> Void
    ) async throws(MarfaError) -> UInt64 {
        var seen = Set<String>()
        var pages: UInt64 = 0
        var body = try await client.readBody(path, query: query)
        while true {
            pages += 1
            let cursor: String?
            do {
                cursor = try Self.nextCursor(in: body)
            } catch {
                _ = try decode(body)
                throw MarfaError.decoding(message: "the instance's answer to \(path) is not JSON: \(error.message)")
            }
            if let next = cursor, !seen.insert(next).inserted {
                throw MarfaError.server(
                    status: 200, code: "repeated_cursor", message: "\(path) repeated cursor \(next)")
            }
            let following = cursor.map { next in
                Task { [client] in
                    try await client.readBody(path, query: query + [URLQueryItem(name: "cursor", value: next)])
                }
            }
            do {
                try await page(try decode(body))
            } catch {
                following?.cancel()
                throw error
            }
            guard let following else { return pages }
            do {
                body = try await following.value
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

    /// The page's `next_cursor` when it is a string, found by skimming the body's top-level object; the rows are
    /// stepped over unread and checked when they are decoded.
    private static func nextCursor(in body: [UInt8]) throws(MarfaError) -> String? {
        var reader = JSONStreamReader(body)
        try reader.enterObject()
        var cursor: String?
        while let key = try reader.nextKey() {
            if key == "next_cursor" { cursor = try reader.value().string } else { try reader.skipValue() }
        }
        return cursor
    }

    /// A page's rows parsed whole into JSON values from `{"data": [...], "next_cursor": ...}`.
    private static func tree(_ body: [UInt8], path: String) throws(MarfaError) -> [JSONValue] {
        guard let rows = try InstanceClient.document(body, path: path).object?["data"]?.array else {
            throw MarfaError.decoding(message: "\(path) did not answer a page of data")
        }
        return rows
    }
}
