import MarfaRules
import XCTest

@testable import MarfaEngine

final class EdgeRecordCodecTests: XCTestCase {
    /// An edge decoded straight into its record (as open's second thread does) gives the record `EdgeRecord(_:)`
    /// makes of the decoded edge: UUID and other ids, canonical times, a canonical creation time beside an odd
    /// update time and the reverse, unicode and nested properties; and the reader ends where `readEdge` ends.
    func testReadingARecordMatchesRecordingTheDecodedEdge() throws {
        for edge in Self.edges {
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

    /// A record written straight from its numbers (as a snapshot writes the edges it holds, Decision 0069) gives
    /// byte for byte what writing its edge gives, for every form of id and time of `edges` (Q-1: a snapshot restores
    /// what was written exactly).
    func testWritingARecordGivesTheBytesOfItsEdge() {
        for edge in Self.edges {
            var fromEdge = ByteWriter()
            RowCodec.write(edge, into: &fromEdge)
            var fromRecord = ByteWriter()
            EdgeRecord(edge).write(into: &fromRecord)
            XCTAssertEqual(fromRecord.bytes, fromEdge.bytes, edge.id)
        }
    }

    /// UUID and other ids, canonical times, a canonical creation time beside an odd update time and the reverse, an
    /// update time equal to the creation time, times in year 0000 and before 1970, unicode and nested properties.
    private static var edges: [Edge] {
        let uuid = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"
        let other = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c"
        let canonical = "2026-01-01T00:00:00.000Z"
        return [
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
            Edge(
                id: other, sourceId: uuid, targetId: other, edgeType: "parent-of", properties: ["n": .number(2)],
                version: 50, createdAt: "1999-12-31T23:59:59.999Z", updatedAt: "1999-12-31T23:59:59.999Z"),
            Edge(
                id: uuid, sourceId: other, targetId: uuid, edgeType: "blocks", properties: [:], version: 2,
                createdAt: "0000-01-01T00:00:00.000Z", updatedAt: "1969-12-31T23:59:59.999Z"),
        ]
    }
}
