import Foundation
import MarfaRules
import XCTest

extension InstanceHarness {
    /// Queues a note create titled `title` through `marfa --json device … items create`, with `words` added (a
    /// `--source`, say); answers the queued write's id and the item id it minted.
    package func queuedNote(
        _ title: String = "t", _ words: [String] = [], file: StaticString = #filePath, line: UInt = #line
    ) throws -> (id: String, item: String) {
        let created = try device(
            ["items", "create", "--type", "core.note", "--properties", #"{"title":"\#(title)","body":"b"}"#] + words)
        XCTAssertEqual(created.status, 0, created.stderr, file: file, line: line)
        let object = created.answer?.object
        return (
            try XCTUnwrap(object?["id"]?.string, file: file, line: line),
            try XCTUnwrap(object?["item_id"]?.string, file: file, line: line)
        )
    }
}
