import MarfaRules
import XCTest

@testable import MarfaEngine

final class EdgeRecordReadTests: XCTestCase {
    /// An edge decoded straight into its record (as open's second thread does) gives the record `EdgeRecord(_:)`
    /// makes of the decoded edge: UUID and other ids, canonical times, a canonical creation time beside an odd
    /// update time and the reverse, unicode and nested properties; and the reader ends where `readEdge` ends.
    func testReadingARecordMatchesRecordingTheDecodedEdge() throws {
        let uuid = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"
        let other = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c"
        let canonical = "2026-01-01T00:00:00.000Z"
        let edges = [
            Edge(
                id: uuid, sourceId: other, targetId: uuid, edgeType: "references", properties: [:], version: 3,
                createdAt: canonical, updatedAt: "2026-01-02T00:00:00.000Z"),
            Edge(
                id: "é ✓", sourceId: uuid, targetId: "t-1", edgeType: "tagged",
                properties: ["note": .string("naïve 🚀"), "list": .array([.object(["deep": .null])])], version: 1,
                createdAt: canonical, updatedAt: "yesterday"),
            Edge(
                id: uuid.uppercased(), sourceId: "s", targetId: other, edgeType: "references", properties: [:],
                version: 0, createdAt: "2026-01-01T00:00:00Z", updatedAt: canonical),
        ]
        for edge in edges {
            var writer = ByteWriter()
            RowCodec.write(edge, into: &writer)
            var reader = ByteReader(writer.bytes)
            let record = try EdgeRecord.read(from: &reader)
            var decoding = ByteReader(writer.bytes)
            let expected = EdgeRecord(try RowCodec.readEdge(from: &decoding))
            XCTAssertEqual(record.edge, edge)
            XCTAssertEqual(record.edge, expected.edge)
            XCTAssertEqual(record.idKey, expected.idKey)
            XCTAssertEqual(record.sourceKey, expected.sourceKey)
            XCTAssertEqual(record.targetKey, expected.targetKey)
            XCTAssertEqual(reader.offset, decoding.offset)
        }
    }
}
