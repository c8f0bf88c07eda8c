import Foundation
import Marfa
import MarfaInstance
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Hydration over loopback from the reference instance (issue 7 item 5, issue 6 "Performance"): the dataset's
/// items created on an in-process `ReferenceInstance`, then a fresh store filled from it through the SDK.
enum HydrationOperations {
    /// The most items put on the instance: creating them goes through HTTP one write at a time (about 1,000 a
    /// second here), so larger tiers hydrate a prefix and the figure is items per second.
    static let mostItems = 100_000

    /// The operation; `instance` must already hold `loaded` items of the slice's types.
    static func loopback(_ context: BenchContext, instance: URL, key: String, loaded: Int) -> BenchOperation {
        let server = Server(url: instance, key: key)
        let folder = URL(fileURLWithPath: context.directory).appendingPathComponent("hydrations")
        return BenchOperation(
            name: "hydrate/loopback", group: "hydrate",
            ours: BenchSide(
                label: "marfa hydrate over loopback", promise: "durable per page",
                prepare: { index in
                    try? FileManager.default.removeItem(at: folder.appendingPathComponent("\(index)"))
                },
                run: { index in
                    let copy = try await WorkingCopy.open(
                        store: folder.appendingPathComponent("\(index)/copy"), server: server)
                    let report = try await copy.hydrate(types: ["core.note", "core.task"], tier: .all)
                    await copy.close()
                    guard report.items == UInt64(loaded) else {
                        throw BenchError("hydration held \(report.items) items, the instance \(loaded)")
                    }
                    return Int(report.items)
                }),
            peers: [], warmup: 0, samples: 3, unitsPerSample: loaded,
            notes: [
                "target: 100k items in ≤ 3 s (≥ 33k items/s) from `marfa instance serve` on loopback",
                "the instance runs in this process, so its page building shares the 2 cores with the fill (the snapshot"
                    + " its set-up writes started is finished first)",
                "items on the instance: \(loaded)",
            ])
    }

    /// Starts a reference instance in the run's folder and creates the dataset's first items on it over HTTP,
    /// 8 requests at a time, then waits for the snapshot those writes started; answers its URL and how many items
    /// it holds.
    static func startInstance(_ context: BenchContext, key: String) async throws -> (ReferenceInstance, URL, Int) {
        let instance = ReferenceInstance(configuration: ReferenceInstanceConfiguration(
            dataDirectory: context.directory + "/instance", operatorKey: key))
        try await instance.start()
        guard let url = instance.url else { throw BenchError("the reference instance named no URL") }
        let items = Array(context.dataset.items.prefix(mostItems))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for lane in 0..<8 {
                group.addTask {
                    for index in stride(from: lane, to: items.count, by: 8) {
                        try await create(items[index], at: url, key: key)
                    }
                }
            }
            try await group.waitForAll()
        }
        await instance.settle()
        return (instance, url, items.count)
    }

    private static func create(_ item: Item, at url: URL, key: String) async throws {
        var request = URLRequest(url: url.appendingPathComponent("items"))
        request.httpMethod = "POST"
        request.setValue("Bearer \(key)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(UUID().uuidString, forHTTPHeaderField: "Idempotency-Key")
        // The dataset's text (title and body), which every type takes; its other properties follow the
        // benchmark's own shapes, not the instance's catalog.
        // A huge body is cut to what a text property holds (100,000 UTF-16 units).
        var text = item.properties.filter { ["title", "body"].contains($0.key) && $0.value.string != nil }
        if let body = text["body"]?.string, body.utf16.count > 100_000 { text["body"] = .string(String(body.prefix(50_000))) }
        var body: JSONObject = ["type": .string(item.type), "properties": .object(text)]
        if let tier = item.tier { body["tier"] = .string(tier.rawValue) }
        request.httpBody = Data(try JSONValue.object(body).json().utf8)
        let (data, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 201 else {
            throw BenchError("creating a dataset item on the instance: \(String(decoding: data, as: UTF8.self))")
        }
    }
}
