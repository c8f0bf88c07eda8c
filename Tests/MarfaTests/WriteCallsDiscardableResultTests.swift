import Foundation
import XCTest

/// Every write call answers its `QueuedWrite` as a discardable result, so an app may call it as a statement (seed 000
/// "Writes": "each write is queued, shown at once, and returned"; issue 29, "write calls are `@discardableResult`").
/// The parts' source is read: a write whose attribute went missing would only warn where an app calls it.
final class WriteCallsDiscardableResultTests: XCTestCase {
    func testEveryCallAnsweringAQueuedWriteIsDiscardable_Issue29() throws {
        let parts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/Marfa/Parts")
        let files = try FileManager.default.contentsOfDirectory(at: parts, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "swift" }
        var writes: [String] = []
        var bare: [String] = []
        for file in files {
            let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
            for (index, line) in lines.enumerated() where line.contains("public func ") {
                let end = lines[index...].firstIndex { $0.contains("{") } ?? index
                let signature = lines[index...end].joined()
                guard signature.contains("-> QueuedWrite") else { continue }
                let name = "\(file.lastPathComponent): \(line.trimmingCharacters(in: .whitespaces))"
                writes.append(name)
                if index == 0 || !lines[index - 1].contains("@discardableResult") { bare.append(name) }
            }
        }
        XCTAssertEqual(writes.count, 15, "six item, three edge, six tag, metadata, extension writes: \(writes)")
        XCTAssertEqual(bare, [], "write calls without @discardableResult")
    }
}
