import Foundation
import Marfa
import MarfaInstance
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A reference instance on an ephemeral loopback port, with a copy's store beside it, for one test.
package final class InstanceHarness: @unchecked Sendable {
    package let folder: URL
    package private(set) var instance: ReferenceInstance
    package let key = "marfa_k1_end-to-end-operator"
    package private(set) var url: URL
    /// The scripted server in front of the instance, when the test asked for one.
    package let front: ScriptedFront?

    package init(front: ScriptedFront? = nil) async throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("marfa-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        self.front = front
        var configuration = ReferenceInstanceConfiguration(
            dataDirectory: folder.appendingPathComponent("instance").path, operatorKey: key)
        configuration.interposer = front?.interposer
        instance = ReferenceInstance(configuration: configuration)
        try await instance.start()
        url = try XCTUnwrap(instance.url)
    }

    /// The store path of the copy under test.
    package var store: URL { folder.appendingPathComponent("copy") }

    /// The server the copy talks to.
    package var server: Server { Server(url: url, key: key) }

    /// Stops the instance and starts it again on the same port with the same data (the tutorial's restart).
    package func restart() async throws {
        await instance.stop()
        let port = url.port ?? 0
        var configuration = ReferenceInstanceConfiguration(
            dataDirectory: folder.appendingPathComponent("instance").path, port: port, operatorKey: key)
        configuration.interposer = front?.interposer
        instance = ReferenceInstance(configuration: configuration)
        try await instance.start()
        url = try XCTUnwrap(instance.url)
    }

    package func shutdown() async {
        await instance.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// One request to the instance as another writer would make it (or as a drain would send a write, under its
    /// `idempotencyKey`); answers status and JSON body.
    @discardableResult
    package func request(
        _ method: String, _ path: String, body: JSONValue? = nil, key: String? = nil, idempotencyKey: String? = nil
    ) async throws -> (Int, JSONValue) {
        var request = URLRequest(url: URL(string: url.absoluteString + path)!)
        request.httpMethod = method
        request.setValue("Bearer \(key ?? self.key)", forHTTPHeaderField: "Authorization")
        if let body {
            request.httpBody = Data(try body.json().utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.setValue(idempotencyKey ?? UUID().uuidString, forHTTPHeaderField: "Idempotency-Key")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        let json = data.isEmpty ? JSONValue.null : ((try? JSONValue(json: String(decoding: data, as: UTF8.self))) ?? .null)
        return (status, json)
    }

    /// `--json device --db <store> words…`, with this instance's `--url` and `--key` when `server`.
    package func deviceArguments(_ words: [String], server: Bool) -> [String] {
        ["--json", "device", "--db", store.path] + words
            + (server ? ["--url", url.absoluteString, "--key", key] : [])
    }

    /// A live writer process: hydrates the store in one process, then starts `follow --for 60` and waits until it
    /// applied the event of a note created for it. Answers the process and that note's id.
    package func followingWriter() async throws -> (RunningMarfa, String) {
        _ = try await createItem(type: "core.note", title: "first")
        let hydrate = try RunningMarfa(deviceArguments(["hydrate", "--types", "core.note", "--tier", "all"], server: true))
        expectEqual(await hydrate.interruptAfterExit(), 0)
        let writer = try RunningMarfa(deviceArguments(["follow", "--for", "60"], server: true))
        let applied = try await createItem(type: "core.note", title: "the writer holds the store")
        try await eventually(20, "the writer process to apply an event") {
            writer.lines.contains { $0.object?["item_id"]?.string == applied }
        }
        return (writer, applied)
    }

    /// Creates an item on the instance and answers its id.
    package func createItem(type: String, title: String, extra: JSONObject = [:]) async throws -> String {
        var body: JSONObject = [
            "type": .string(type), "properties": .object(["title": .string(title), "body": .string("text of \(title)")]),
        ]
        for (key, value) in extra { body[key] = value }
        let (status, answer) = try await request("POST", "/items", body: .object(body))
        XCTAssertEqual(status, 201, "\(answer)")
        return try XCTUnwrap(answer.object?["item"]?.object?["id"]?.string)
    }

    /// A copy of this instance's notes opened at `store` and hydrated, and the id of one note it holds at version 1
    /// (created first, titled `title`, with `extra` members in its create).
    package func hydratedCopy(title: String = "shared", extra: JSONObject = [:]) async throws -> (WorkingCopy, String) {
        let id = try await createItem(type: "core.note", title: title, extra: extra)
        let copy = try await WorkingCopy.open(store: store, server: server)
        _ = try await copy.hydrate(types: ["core.note"], tier: .all)
        return (copy, id)
    }

    /// Creates a `references` edge on the instance from `source` to a new note, with `properties`; answers its id.
    package func createEdge(from source: String, properties: JSONObject) async throws -> String {
        let target = try await createItem(type: "core.note", title: "target")
        let (status, answer) = try await request(
            "POST", "/edges",
            body: ["source_id": .string(source), "target_id": .string(target), "edge_type": "references",
                   "properties": .object(properties)])
        XCTAssertEqual(status, 201, "\(answer)")
        return try XCTUnwrap(answer.object?["edge"]?.object?["id"]?.string)
    }

    /// The ids the instance lists for a type, every page.
    package func listedIds(type: String) async throws -> Set<String> {
        var ids = Set<String>()
        var cursor: String?
        repeat {
            var path = "/items?type=\(type)&state=any&limit=200"
            if let cursor { path += "&cursor=\(cursor)" }
            let (_, page) = try await request("GET", path)
            for row in page.object?["data"]?.array ?? [] {
                if let id = (row.object?["item"] ?? row).object?["id"]?.string { ids.insert(id) }
            }
            cursor = page.object?["next_cursor"]?.string
        } while cursor != nil
        return ids
    }
}
