import Foundation
import Marfa
import XCTest

/// `marfa device --db S changes --for s` (device-cli "watch saves (reader)"): a second process prints the saves
/// a writer process makes to the same store.
final class ChangesCommandTests: XCTestCase {
    private var harness: InstanceHarness!

    override func setUp() async throws {
        harness = try await InstanceHarness()
    }

    override func tearDown() async throws {
        await harness?.shutdown()
    }

    func testAReaderProcessPrintsEachSaveTheWriterProcessMakes_deviceCLIChanges() async throws {
        let (writer, _) = try await harness.followingWriter()
        let reader = try RunningMarfa(harness.deviceArguments(["changes", "--for", "60"], server: false))
        try await eventually(20, "the reader to start watching") { !reader.lines.isEmpty }
        XCTAssertEqual(reader.lines.first, ["watching": true])
        let witness = reader.lines.count
        XCTAssertEqual(witness, 1, "witness: nothing is printed before the writer saves again")
        var created: [String] = []
        for number in 0..<2 { created.append(try await harness.createItem(type: "core.note", title: "n\(number)")) }
        try await eventually(20, "a saved line for each create") {
            let named = Set(reader.lines.flatMap { $0.object?["item_ids"]?.array?.compactMap(\.string) ?? [] })
            return created.allSatisfy(named.contains)
        }
        let saves = reader.lines.dropFirst()
        XCTAssertTrue(saves.allSatisfy { $0.object?["event"]?.string == "saved" }, "\(saves)")
        let versions = saves.compactMap { $0.object?["data_version"]?.integer }
        XCTAssertEqual(versions, versions.sorted(), "saves arrive in the order the writer made them")
        XCTAssertEqual(Set(versions).count, versions.count, "one line per save")
        expectEqual(await reader.interrupt(), 0)
        let last = try XCTUnwrap(reader.lines.last?.object)
        XCTAssertEqual(last["watching"], false)
        XCTAssertEqual(last["saves"]?.integer, Int64(versions.count))
        await writer.interrupt()
    }
}
