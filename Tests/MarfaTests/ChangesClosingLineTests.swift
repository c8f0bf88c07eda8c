import Foundation
import Marfa
import Synchronization
import MarfaTestSupport
import XCTest

/// `changes --for s` while the writer keeps saving (issue 26 point 5): the closing `{"watching":false,…}` line is
/// the last line printed, and its `saves` count is the number of save lines printed.
final class ChangesClosingLineTests: XCTestCase {
    func testTheClosingLineIsLastAndCountsTheSaveLinesUnderSustainedWrites_Issue26_5() async throws {
        let store = freshStore()
        defer { try? FileManager.default.removeItem(at: store.deletingLastPathComponent()) }
        let writer = try await WorkingCopy.open(store: store)
        _ = try await writer.items.create(Draft(type: "core.note", properties: ["title": "first"]))
        var seen = 0
        // Windows of 0.1 s and a little more end while the reader takes its first look at the writer's saves (every
        // 0.1 s), so a deadline often falls inside a burst of save lines.
        for round in 0..<20 {
            let ended = EndedFlag()
            let reader = Task.detached {
                defer { ended.set() }
                let seconds = String(format: "%.3f", 0.1 + 0.005 * Double(round))
                return try runMarfa(["--json", "device", "--db", store.path, "--reader", "changes", "--for", seconds])
            }
            var written = 0
            while !ended.isSet {
                let title = JSONValue.string("n\(written)")
                _ = try await writer.items.create(Draft(type: "core.note", properties: ["title": title]))
                written += 1
            }
            let result = try await reader.value
            XCTAssertEqual(result.status, 0, result.stderr)
            let lines = result.stdout.split(separator: "\n").map { try? JSONValue(json: String($0)) }
            XCTAssertEqual(lines.first, ["watching": true], "round \(round)")
            let last = try XCTUnwrap(lines.last??.object, "round \(round): \(result.stdout)")
            XCTAssertEqual(last["watching"], false, "round \(round): the closing line is last: \(result.stdout)")
            let saves = lines.dropFirst().dropLast()
            XCTAssertTrue(saves.allSatisfy { $0?.object?["event"]?.string == "saved" }, "round \(round): \(saves)")
            seen += saves.count
            XCTAssertEqual(last["saves"]?.integer, Int64(saves.count), "round \(round): \(result.stdout)")
        }
        await writer.close()
        XCTAssertGreaterThan(seen, 0, "witness: the readers saw the writer's saves")
    }
}

/// Set once the reader process has ended.
private final class EndedFlag: Sendable {
    private let state = Mutex(false)

    func set() { state.withLock { $0 = true } }

    var isSet: Bool { state.withLock { $0 } }
}
